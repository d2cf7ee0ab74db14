/** The shop pages' price cards (membership, premium, top-up). */
import type { MemberCard, Product } from '../api/contract.ts';
import { formatPrice, perDayLabel, savingLabel } from '../state/price.ts';
import { formatPlayTime } from '../state/format.ts';
import { locale } from '../core/i18n/locale.ts';
import { messages, params } from '../core/i18n/messages.ts';
import { useStore } from './use-store.ts';

// cardItem and productItem read these when they build an item: the page builds its items while rendering.
const msgs = messages('ui/price-picker', {
  extraTime: params('+{time} play time'),
  time: params('{time} play time'),
  coins: params('{coin} coins'),
  bonusCoins: params('{coin} + {bonus} bonus coins'),
});

type Item = Pick<MemberCard, 'id' | 'name' | 'price' | 'original_price' | 'tag'> & { days?: number; detail?: string };

/** A radio list of cards or products with price, original price and tag. */
export function PricePicker({ label, items, value, onChange }: { label: string; items: Item[]; value: number | null; onChange: (id: number) => void }) {
  const lang = useStore(locale);
  return (
    <div className="price-grid" role="radiogroup" aria-label={label}>
      {items.map((c) => {
        const per = c.days ? perDayLabel(c.price, c.days, lang) : '';
        const save = savingLabel(c.price, c.original_price, lang);
        return (
          <label key={c.id} className={`price-card${value === c.id ? ' price-card--on' : ''}`}>
            <input type="radio" name={label} value={c.id} checked={value === c.id} onChange={() => onChange(c.id)} />
            {c.tag && <span className="price-card__tag">{c.tag}</span>}
            <span className="price-card__name">{c.name}</span>
            <span className="price-card__price">{formatPrice(c.price, lang)}</span>
            {save && <s className="price-card__orig">{formatPrice(c.original_price, lang)}</s>}
            <span className="price-card__meta">{[per, c.detail].filter(Boolean).join(' · ')}</span>
          </label>
        );
      })}
    </div>
  );
}

export const cardItem = (c: MemberCard): Item => ({ ...c, detail: c.duration > 0 ? msgs.get().extraTime({ time: formatPlayTime(c.duration) }) : '' });

function productDetail(p: Product): string {
  const t = msgs.get();
  if (p.kind !== 'coin') return t.time({ time: formatPlayTime(p.duration) });
  return p.bonus_coin ? t.bonusCoins({ coin: p.coin, bonus: p.bonus_coin }) : t.coins({ coin: p.coin });
}

export const productItem = (p: Product): Item => ({ ...p, detail: productDetail(p) });
