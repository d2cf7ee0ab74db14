import type { GameSummary } from '../api/contract.ts';
import { useLongPress } from './use-long-press.ts';
import { useAfterFirstImage, useNear } from './near-viewport.ts';
import { firstImageShown } from './first-image-shown.ts';

/**
 * A game as lists show it: cover, title, first tag. Tap opens; a long press
 * (SPEC §9) asks for the quick actions.
 */
export function GameCard({
  game,
  onOpen,
  onMenu,
  wide,
  firstView,
  largest,
}: {
  game: GameSummary;
  onOpen: (game: GameSummary) => void;
  onMenu?: (game: GameSummary) => void;
  /** Landscape banner instead of the portrait cover. */
  wide?: boolean;
  /**
   * On the first screen when the list opens: loaded at once and early (a lazy image waits for layout and
   * then queues behind everything else, and the first row of covers is the page's largest paint).
   */
  firstView?: boolean;
  /**
   * The first view's largest image (a list's first card): it never waits, and once it is on screen the other art,
   * the rest of the first view's covers included, may load (first-image.ts).
   */
  largest?: boolean;
}) {
  const press = useLongPress(() => onMenu?.(game));
  const tag = game.tags[0]?.name;
  // Off screen the box keeps its size and placeholder; the art comes when the card is near (near-viewport.ts).
  const [ref, near] = useNear<HTMLImageElement>(firstView);
  const free = useAfterFirstImage();
  const shown = near && (largest || free);
  return (
    <button type="button" className={wide ? 'gcard gcard--wide' : 'gcard'} onClick={() => onOpen(game)} {...press}>
      <img
        ref={ref}
        className="gcard__img"
        src={shown ? (wide ? game.banner : game.cover) : undefined}
        alt=""
        width={wide ? 640 : 300}
        height={wide ? 360 : 400}
        loading={firstView ? 'eager' : 'lazy'}
        {...(firstView ? { fetchPriority: 'high' as const } : {})}
        {...(largest ? { onLoad: firstImageShown, onError: firstImageShown } : {})}
        draggable={false}
      />
      <span className="gcard__title">{game.title}</span>
      {tag && <span className="gcard__tag">{tag}</span>}
    </button>
  );
}
