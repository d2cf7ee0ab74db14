import { messages } from '../../../core/i18n/messages.ts';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useStore } from '../../../ui/use-store.ts';

/** The feed's waiting and failed texts, here so home's first load has them without the feed's code (LazyFeed.tsx). */
const msgs = messages('home/feed', {
  loading: 'Loading games',
  failed: 'Games could not be loaded.',
});

/**
 * The feed's room while home_list is on its way: the banner's own shape where the carousel will be, and at
 * least a screen's height below it, so the cards under the feed are off screen until it arrives instead of
 * jumping down when it does (CLS on home, decision 0018).
 */
export function FeedPlaceholder() {
  const t = useStore(msgs);
  return (
    <div className="feed-placeholder">
      <div className="feed-placeholder__banner" aria-hidden="true" />
      <Spinner label={t.loading} />
    </div>
  );
}

/** The feed (its code or its home_list) did not load: one message and a retry, as every failed load says it. */
export function FeedFailed({ onRetry }: { onRetry: () => void }) {
  const t = useStore(msgs);
  return <LoadFailed message={t.failed} onRetry={onRetry} />;
}
