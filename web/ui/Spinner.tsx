import { Icon } from './icons.tsx';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="spinner" role="status">
      <Icon name="loading" size={28} className="spin" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
