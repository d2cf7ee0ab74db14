/** The shop pages' price cards (membership, premium, top-up). */
import type { MemberCard, Product } from '../api/contract.ts';
import { formatPrice, perDayLabel, savingLabel } from '../state/price.ts';
import { formatPlayTime } from '../state/format.ts';

type Item = Pick<MemberCard, 'id' | 'name' | 'price' | 'original_price' | 'tag'> & { days?: number; detail?: string };

/** A radio list of cards or products with price, original price and tag. */
export function PricePicker({ label, items, value, onChange }: { label: string; items: Item[]; value: number | null; onChange: (id: number) => void }) {
  return (
    <div className="price-grid" role="radiogroup" aria-label={label}>
      {items.map((c) => {
        const per = c.days ? perDayLabel(c.price, c.days) : '';
        const save = savingLabel(c.price, c.original_price);
        return (
          <label key={c.id} className={`price-card${value === c.id ? ' price-card--on' : ''}`}>
            <input type="radio" name={label} value={c.id} checked={value === c.id} onChange={() => onChange(c.id)} />
            {c.tag && <span className="price-card__tag">{c.tag}</span>}
            <span className="price-card__name">{c.name}</span>
            <span className="price-card__price">{formatPrice(c.price)}</span>
            {save && <s className="price-card__orig">{formatPrice(c.original_price)}</s>}
            <span className="price-card__meta">{[per, c.detail].filter(Boolean).join(' · ')}</span>
          </label>
        );
      })}
    </div>
  );
}

export const cardItem = (c: MemberCard): Item => ({ ...c, detail: c.duration > 0 ? `+${formatPlayTime(c.duration)} play time` : '' });

export const productItem = (p: Product): Item => ({
  ...p,
  detail: p.kind === 'coin' ? `${p.coin}${p.bonus_coin ? ` + ${p.bonus_coin} bonus` : ''} coins` : `${formatPlayTime(p.duration)} play time`,
});
