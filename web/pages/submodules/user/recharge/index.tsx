import { useEffect } from 'react';
import { api, auth } from '../../../../app/services.ts';
import { systemInfo } from '../../../../app/system-info.ts';
import { goBack } from '../../../../app/navigation.ts';
import { formatPlayTime } from '../../../../state/format.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { useStore } from '../../../../ui/use-store.ts';
import { useAsync } from '../../../../ui/use-async.ts';
import { PayMethods, useCreateOrder, useShopChoice, PayBar } from '../../../../ui/pay.tsx';
import { PricePicker, productItem } from '../../../../ui/PricePicker.tsx';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';

export default function RechargePage() {
  const user = useStore(auth.$user);
  const [products, reload] = useAsync(() => api.productList({}), []);
  const order = useCreateOrder(api.createOrder);
  const list = products.status === 'ready' ? products.value.list : [];
  useEffect(() => {
    void auth.refreshBalance().catch(() => undefined);
  }, []);
  const { types, pick, setPick, payType, setPayType, chosen } = useShopChoice(list, systemInfo.load);
  const coins = list.filter((p) => p.kind === 'coin');
  const time = list.filter((p) => p.kind === 'duration');

  return (
    <div className="fixed-page">
      <NavBar title="Top up" onBack={() => goBack(PAGE_PATH.user)} />
      <div className="scroll">
        <div className="content">
          <section className="stats stats--two" aria-label="Balance">
            <div className="stat">
              <span className="stat__value">{user ? user.coin_balance : '–'}</span>
              <span className="stat__label">Coins</span>
            </div>
            <div className="stat">
              <span className="stat__value">{user ? formatPlayTime(user.duration_coin) : '–'}</span>
              <span className="stat__label">Play time left</span>
            </div>
          </section>
          {products.status === 'loading' && <Spinner />}
          {products.status === 'error' && <LoadFailed message="Products could not be loaded." onRetry={reload} />}
          {time.length > 0 && (
            <>
              <h2 className="section-title">Play time</h2>
              <PricePicker label="Play time packs" items={time.map(productItem)} value={pick} onChange={setPick} />
            </>
          )}
          {coins.length > 0 && (
            <>
              <h2 className="section-title">Coins</h2>
              <PricePicker label="Coin packs" items={coins.map(productItem)} value={pick} onChange={setPick} />
            </>
          )}
          <h2 className="section-title">Payment method</h2>
          {types ? <PayMethods types={types} value={payType} onChange={setPayType} /> : <Spinner />}
        </div>
      </div>
      <PayBar item={chosen} payType={payType} order={order} />
    </div>
  );
}
