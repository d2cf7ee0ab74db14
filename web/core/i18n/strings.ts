/** The runtime's stock strings in every supported language (SPEC §8 "Stock runtime strings"). */

export type Lang = 'en' | 'es' | 'fr' | 'zh-Hans' | 'zh-Hant';

export const LANGS: readonly Lang[] = ['en', 'es', 'fr', 'zh-Hans', 'zh-Hant'];

export type StockKey = 'connectionTimeout' | 'copied' | 'copyFailed';

export const STOCK_STRINGS: Readonly<Record<Lang, Readonly<Record<StockKey, string>>>> = {
  en: {
    connectionTimeout: 'Connection timed out, click the screen to try again',
    copied: 'Content copied',
    copyFailed: 'Copy failed, please copy manually',
  },
  es: {
    connectionTimeout: 'Se agotó el tiempo de conexión, haga clic en la pantalla para volver a intentarlo',
    copied: 'Contenido copiado',
    copyFailed: 'Error al copiar, por favor copie manualmente',
  },
  fr: {
    connectionTimeout: "Délai de connexion dépassé, cliquez sur l'écran pour réessayer",
    copied: 'Contenu copié',
    copyFailed: 'Échec de la copie, veuillez copier manuellement',
  },
  'zh-Hans': {
    connectionTimeout: '连接服务器超时，点击屏幕重试',
    copied: '内容已复制',
    copyFailed: '复制失败，请手动复制',
  },
  'zh-Hant': {
    connectionTimeout: '連接伺服器超時，點擊螢幕重試',
    copied: '內容已複製',
    copyFailed: '複製失敗，請手動複製',
  },
};
