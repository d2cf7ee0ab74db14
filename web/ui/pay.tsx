/**
 * What the member, premium, top-up and pay result pages share for paying: the
 * shop page's frame with its method picker and pay bar, and "create the
 * order, then open it". The calls come in from the page (the app's API and
 * system_info), so this stays below the shell.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { navigate } from 'wouter/use-browser-location';
import type { CreateOrderRequest, Order, PayType, SystemInfo } from '../api/contract.ts';
import { payLoadingUrl } from '../core/paths.ts';
import { defaultChoice, enabledPayTypes } from '../state/order.ts';
import { formatPrice } from '../state/price.ts';
import { locale } from '../core/i18n/locale.ts';
import { messages } from '../core/i18n/messages.ts';
import { useStore } from './use-store.ts';
import { Button } from './Button.tsx';
import { NavBar } from './NavBar.tsx';
import { Spinner } from './Spinner.tsx';

const msgs = messages('ui/pay', {
  noMethod: 'No payment method is available right now.',
  method: 'Payment method',
  wxpay: 'WeChat Pay',
  alipay: 'Alipay',
  total: 'Total',
  creating: 'Creating order…',
  pay: 'Pay',
});

/** The enabled pay methods (system_info pay_config); null while loading. */
export function usePayTypes(loadSystemInfo: () => Promise<SystemInfo>): PayType[] | null {
  const [types, setTypes] = useState<PayType[] | null>(null);
  useEffect(() => {
    let live = true;
    loadSystemInfo().then(
      (s) => live && setTypes(enabledPayTypes(s.pay_config)),
      () => live && setTypes([]),
    );
    return () => {
      live = false;
    };
  }, [loadSystemInfo]);
  return types;
}

export interface ShopChoice<T> {
  /** The enabled pay methods; null while system_info loads. */
  types: PayType[] | null;
  pick: number | null;
  setPick: (id: number) => void;
  payType: PayType | null;
  setPayType: (type: PayType) => void;
  /** The picked item. */
  chosen: T | undefined;
}

/**
 * What a shop page chooses before paying: an item (the recommended one, else the first, once the list
 * arrives) and a pay method (the first one system_info enables). Member, premium and top-up pages share it.
 */
export function useShopChoice<T extends { id: number; is_recommend: 0 | 1 }>(list: readonly T[], loadSystemInfo: () => Promise<SystemInfo>): ShopChoice<T> {
  const types = usePayTypes(loadSystemInfo);
  const [pick, setPick] = useState<number | null>(null);
  const [payType, setPayType] = useState<PayType | null>(null);
  // The list is drawn afresh on every render of its page, so the effect follows the choice it yields.
  const firstChoice = list.length ? defaultChoice(list) : null;
  useEffect(() => {
    if (pick === null && firstChoice !== null) setPick(firstChoice);
  }, [pick, firstChoice]);
  const firstType = types?.[0] ?? null;
  useEffect(() => {
    if (payType === null && firstType !== null) setPayType(firstType);
  }, [payType, firstType]);
  return { types, pick, setPick, payType, setPayType, chosen: list.find((c) => c.id === pick) };
}

function PayMethods({ types, value, onChange }: { types: PayType[]; value: PayType | null; onChange: (t: PayType) => void }) {
  const t = useStore(msgs);
  const names: Record<PayType, string> = { wxpay: t.wxpay, alipay: t.alipay };
  if (types.length === 0) return <p className="muted small">{t.noMethod}</p>;
  return (
    <div className="pay-methods" role="radiogroup" aria-label={t.method}>
      {types.map((type) => (
        <label key={type} className={`pay-method${value === type ? ' pay-method--on' : ''}`}>
          <input type="radio" name="pay_type" value={type} checked={value === type} onChange={() => onChange(type)} />
          <span className={`pay-method__logo pay-method__logo--${type}`} aria-hidden="true">
            {type === 'wxpay' ? 'W' : 'A'}
          </span>
          <span>{names[type]}</span>
        </label>
      ))}
    </div>
  );
}

/** Creates the order and goes to the pay loading page; `busy` while the request runs. */
export function useCreateOrder(createOrder: (req: CreateOrderRequest) => Promise<Order>): {
  busy: boolean;
  pay: (productId: number, payType: PayType) => Promise<void>;
} {
  const [busy, setBusy] = useState(false);
  return {
    busy,
    async pay(productId, payType) {
      if (busy) return;
      setBusy(true);
      try {
        const order = await createOrder({ product_id: productId, pay_type: payType });
        navigate(payLoadingUrl(order.order_id));
      } catch {
        // The HTTP client already showed the server's message.
      } finally {
        setBusy(false);
      }
    },
  };
}

/** The sticky footer of a purchase page: the total and "Pay" for the chosen item and method. */
function PayBar({
  item,
  payType,
  order,
}: {
  item: { id: number; price: string | number } | null | undefined;
  payType: PayType | null;
  order: ReturnType<typeof useCreateOrder>;
}) {
  const t = useStore(msgs);
  const lang = useStore(locale);
  return (
    <footer className="pay-bar">
      <div className="pay-bar__sum">
        <span className="muted small">{t.total}</span>
        <strong>{item ? formatPrice(item.price, lang) : '–'}</strong>
      </div>
      <Button disabled={!item || !payType || order.busy} onClick={() => item && payType && void order.pay(item.id, payType)}>
        {order.busy ? t.creating : t.pay}
      </Button>
    </footer>
  );
}

/** A purchase page: the nav bar, the page's own content, the pay method picker, and the pay bar fixed below. */
export function ShopPage<T extends { id: number; is_recommend: 0 | 1; price: string | number }>({
  title,
  onBack,
  choice,
  createOrder,
  children,
}: {
  title: string;
  onBack: () => void;
  choice: ShopChoice<T>;
  createOrder: (req: CreateOrderRequest) => Promise<Order>;
  children: ReactNode;
}) {
  const t = useStore(msgs);
  const order = useCreateOrder(createOrder);
  return (
    <div className="fixed-page">
      <NavBar title={title} onBack={onBack} />
      <div className="scroll">
        <div className="content">
          {children}
          <h2 className="section-title">{t.method}</h2>
          {choice.types ? <PayMethods types={choice.types} value={choice.payType} onChange={choice.setPayType} /> : <Spinner />}
        </div>
      </div>
      <PayBar item={choice.chosen} payType={choice.payType} order={order} />
    </div>
  );
}
