/** The runtime's stock strings in every supported language (SPEC §8 "Stock runtime strings"). */

import { CONNECTION_TIMEOUT, LANGS, type Lang } from './lang';

export { LANGS, type Lang };

export type StockKey = 'connectionTimeout' | 'copied' | 'copyFailed';

export const STOCK_STRINGS: Readonly<Record<Lang, Readonly<Record<StockKey, string>>>> = {
  en: {
    connectionTimeout: CONNECTION_TIMEOUT.en,
    copied: 'Content copied',
    copyFailed: 'Copy failed, please copy manually',
  },
  es: {
    connectionTimeout: CONNECTION_TIMEOUT.es,
    copied: 'Contenido copiado',
    copyFailed: 'Error al copiar, por favor copie manualmente',
  },
  fr: {
    connectionTimeout: CONNECTION_TIMEOUT.fr,
    copied: 'Contenu copié',
    copyFailed: 'Échec de la copie, veuillez copier manuellement',
  },
  'zh-Hans': {
    connectionTimeout: CONNECTION_TIMEOUT['zh-Hans'],
    copied: '内容已复制',
    copyFailed: '复制失败，请手动复制',
  },
  'zh-Hant': {
    connectionTimeout: CONNECTION_TIMEOUT['zh-Hant'],
    copied: '內容已複製',
    copyFailed: '複製失敗，請手動複製',
  },
};
