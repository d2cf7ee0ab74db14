/**
 * The questionnaire's answers shaping home's recommendations.
 * The genres are stored as tag ids (the questionnaire offers the server's own
 * tags), so the match holds in every language; an older answer stored as a tag
 * name still matches by name.
 */
import type { GameSummary, HomeSection, UserInfo } from '../api/contract.ts';

/** What the questionnaire stored: each question's chosen answers. */
export type GuideAnswers = Record<string, string[]>;

/** The genres a player picked, as the stored strings (tag ids, or older tag names). */
export function preferredGenres(answers: GuideAnswers | null): ReadonlySet<string> {
  return new Set((answers?.['genres'] ?? []).map((g) => g.trim().toLowerCase()).filter((g) => g !== ''));
}

const likes = (genres: ReadonlySet<string>, tag: { id: number; name: string }): boolean =>
  genres.has(String(tag.id)) || genres.has(tag.name.trim().toLowerCase());

const liked = (genres: ReadonlySet<string>, game: GameSummary): boolean => game.tags.some((tag) => likes(genres, tag));

/** Games of a liked genre first; the server's order kept otherwise (a stable sort). */
function likedFirst(games: readonly GameSummary[], genres: ReadonlySet<string>): GameSummary[] {
  return [...games.filter((g) => liked(genres, g)), ...games.filter((g) => !liked(genres, g))];
}

/**
 * Home's sections in the player's taste: "continue playing" stays first (it is the player's own
 * history), then the sections of a liked genre's tag, then the rest in the server's order; inside
 * every recommended section the games of a liked genre come first. No answers: unchanged.
 */
export function shapeRecommendations(sections: readonly HomeSection[], answers: GuideAnswers | null): HomeSection[] {
  const genres = preferredGenres(answers);
  if (genres.size === 0) return [...sections];
  const shaped = sections.map((s) => (s.type === 'continue' ? s : { ...s, games: likedFirst(s.games, genres) }));
  const isLikedTag = (s: HomeSection): boolean => s.type === 'tag' && s.games.some((g) => g.tags.some((t) => t.id === s.tag_id && likes(genres, t)));
  const first = shaped.filter((s) => s.type === 'continue');
  const tags = shaped.filter((s) => s.type !== 'continue' && isLikedTag(s));
  const rest = shaped.filter((s) => s.type !== 'continue' && !isLikedTag(s));
  return [...first, ...tags, ...rest];
}

/** SPEC §3 balance `is_new_user`: the questionnaire is offered once, to a new player who has not answered or skipped it. */
export function shouldOfferQuestionnaire(user: Pick<UserInfo, 'is_new_user'> | null, done: boolean): boolean {
  return user?.is_new_user === 1 && !done;
}

/** The stored answers, read back; anything unreadable counts as no answers. */
export function parseGuideAnswers(raw: unknown): GuideAnswers | null {
  if (typeof raw !== 'string') return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const out: GuideAnswers = {};
    for (const [k, v] of Object.entries(value)) if (Array.isArray(v)) out[k] = v.filter((x): x is string => typeof x === 'string');
    return out;
  } catch {
    return null;
  }
}
