import { messages } from '../../../core/i18n/messages.ts';
import { Spinner } from '../../../ui/Spinner.tsx';

/** The feed's texts, here so home's first load has the placeholder's words without the feed's code (LazyFeed.tsx). */
export const feedMsgs = messages('home/feed', {
  loading: 'Loading games',
  failed: 'Games could not be loaded.',
  featured: 'Featured games',
  more: 'More',
});

/**
 * The feed's room while home_list is on its way: the banner's own shape where the carousel will be, and at
 * least a screen's height below it, so the cards under the feed are off screen until it arrives instead of
 * jumping down when it does (issue 10: layout shift on home).
 */
export function FeedPlaceholder({ label }: { label: string }) {
  return (
    <div className="feed-placeholder">
      <div className="feed-placeholder__banner" aria-hidden="true" />
      <Spinner label={label} />
    </div>
  );
}
