import { useEffect } from 'react';
import { api, auth } from '../../../../app/services.ts';
import { systemInfo } from '../../../../app/system-info.ts';
import { goBack } from '../../../../app/navigation.ts';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { useStore } from '../../../../ui/use-store.ts';
import { useAsync } from '../../../../ui/use-async.ts';
import { ShopPage, useShopChoice } from '../../../../ui/pay.tsx';
import { PricePicker, productItem } from '../../../../ui/PricePicker.tsx';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { Stats } from '../../../../ui/Stats.tsx';
import { messages } from '../../../../core/i18n/messages.ts';
import { locale } from '../../../../core/i18n/locale.ts';
import { formatPlayTime } from '../../../../state/format.ts';
import { formatNumber } from '../../../../core/i18n/format.ts';

const msgs = messages('user/recharge', {
  title: 'Top up',
  balance: 'Balance',
  coins: 'Coins',
  timeLeft: 'Play time left',
  loadFailed: 'Products could not be loaded.',
  playTime: 'Play time',
  timePacks: 'Play time packs',
  coinPacks: 'Coin packs',
});

export default function RechargePage() {
  const t = useStore(msgs);
  const lang = useStore(locale);
  const user = useStore(auth.$user);
  const [products, reload] = useAsync(() => api.productList({}), []);
  const list = products.status === 'ready' ? products.value.list : [];
  useEffect(() => {
    void auth.refreshBalance().catch(() => undefined);
  }, []);
  const shop = useShopChoice(list, systemInfo.load);
  const coins = list.filter((p) => p.kind === 'coin');
  const time = list.filter((p) => p.kind === 'duration');

  return (
    <ShopPage title={t.title} onBack={() => goBack(PAGE_PATH.user)} choice={shop} createOrder={api.createOrder}>
      <Stats
        label={t.balance}
        items={[
          { label: t.coins, value: user ? formatNumber(user.coin_balance, lang) : '–' },
          { label: t.timeLeft, value: user ? formatPlayTime(user.duration_coin, lang) : '–' },
        ]}
      />
      {products.status === 'loading' && <Spinner />}
      {products.status === 'error' && <LoadFailed message={t.loadFailed} onRetry={reload} />}
      {time.length > 0 && (
        <>
          <h2 className="section-title">{t.playTime}</h2>
          <PricePicker label={t.timePacks} items={time.map(productItem)} value={shop.pick} onChange={shop.setPick} />
        </>
      )}
      {coins.length > 0 && (
        <>
          <h2 className="section-title">{t.coins}</h2>
          <PricePicker label={t.coinPacks} items={coins.map(productItem)} value={shop.pick} onChange={shop.setPick} />
        </>
      )}
    </ShopPage>
  );
}
