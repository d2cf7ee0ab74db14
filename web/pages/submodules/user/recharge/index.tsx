import { useEffect } from 'react';
import { api, auth } from '../../../../app/services.ts';
import { systemInfo } from '../../../../app/system-info.ts';
import { goBack } from '../../../../app/navigation.ts';
import { formatPlayTime } from '../../../../state/format.ts';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { useStore } from '../../../../ui/use-store.ts';
import { useAsync } from '../../../../ui/use-async.ts';
import { ShopPage, useShopChoice } from '../../../../ui/pay.tsx';
import { PricePicker, productItem } from '../../../../ui/PricePicker.tsx';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { Stats } from '../../../../ui/Stats.tsx';

export default function RechargePage() {
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
    <ShopPage title="Top up" onBack={() => goBack(PAGE_PATH.user)} choice={shop} createOrder={api.createOrder}>
      <Stats
        label="Balance"
        items={[
          { label: 'Coins', value: user ? user.coin_balance : '–' },
          { label: 'Play time left', value: user ? formatPlayTime(user.duration_coin) : '–' },
        ]}
      />
      {products.status === 'loading' && <Spinner />}
      {products.status === 'error' && <LoadFailed message="Products could not be loaded." onRetry={reload} />}
      {time.length > 0 && (
        <>
          <h2 className="section-title">Play time</h2>
          <PricePicker label="Play time packs" items={time.map(productItem)} value={shop.pick} onChange={shop.setPick} />
        </>
      )}
      {coins.length > 0 && (
        <>
          <h2 className="section-title">Coins</h2>
          <PricePicker label="Coin packs" items={coins.map(productItem)} value={shop.pick} onChange={shop.setPick} />
        </>
      )}
    </ShopPage>
  );
}
