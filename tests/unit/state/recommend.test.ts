import { describe, expect, it } from 'vitest';
import type { GameSummary, HomeSection } from '../../../web/api/contract.ts';
import { parseGuideAnswers, preferredGenres, shapeRecommendations, shouldOfferQuestionnaire } from '../../../web/state/recommend.ts';

const TAGS = { action: { id: 1, name: 'Action' }, rpg: { id: 3, name: 'RPG' }, racing: { id: 5, name: 'Racing' } };

const game = (id: number, ...tags: Array<{ id: number; name: string }>): GameSummary => ({
  id,
  game_key: `g${id}`,
  title: `Game ${id}`,
  tags,
  short_desc: '',
  cover: '',
  banner: '',
  developer: '',
  manufacturer: '',
  play_count: 0,
  rating: 4,
  is_new: 0,
  is_hot: 0,
});

const section = (key: string, type: HomeSection['type'], games: GameSummary[], tagId = 0): HomeSection => ({
  key,
  type,
  title: key,
  layout: 'row',
  tag_id: tagId,
  more: 0,
  games,
});

const HOME: HomeSection[] = [
  section('continue', 'continue', [game(9, TAGS.action), game(8, TAGS.racing)]),
  section('hot', 'hot', [game(1, TAGS.action), game(2, TAGS.racing), game(3, TAGS.rpg), game(4, TAGS.racing, TAGS.rpg)]),
  section('tag_rpg', 'tag', [game(3, TAGS.rpg), game(4, TAGS.racing, TAGS.rpg)], 3),
  section('tag_racing', 'tag', [game(2, TAGS.racing), game(4, TAGS.racing, TAGS.rpg)], 5),
];

const keys = (s: HomeSection[]): string[] => s.map((x) => x.key);
const ids = (s: HomeSection | undefined): number[] => (s?.games ?? []).map((g) => g.id);

describe('home recommendations shaped by the questionnaire', () => {
  it('leaves home as the server sent it without answers, or with no genre chosen', () => {
    expect(shapeRecommendations(HOME, null)).toEqual(HOME);
    expect(shapeRecommendations(HOME, {})).toEqual(HOME);
    expect(shapeRecommendations(HOME, { genres: [], control: ['Controller'] })).toEqual(HOME);
  });

  it('puts the liked genre tag sections right after "continue playing", the others keeping their order', () => {
    expect(keys(shapeRecommendations(HOME, { genres: ['5'] }))).toEqual(['continue', 'tag_racing', 'hot', 'tag_rpg']);
    expect(keys(shapeRecommendations(HOME, { genres: ['3', '5'] }))).toEqual(['continue', 'tag_rpg', 'tag_racing', 'hot']);
  });

  it('orders the games of a liked genre first inside each recommended section, stably', () => {
    const shaped = shapeRecommendations(HOME, { genres: ['5'] });
    expect(ids(shaped.find((s) => s.key === 'hot'))).toEqual([2, 4, 1, 3]);
    expect(ids(shaped.find((s) => s.key === 'tag_rpg'))).toEqual([4, 3]);
  });

  it("never reorders the player's own history", () => {
    expect(ids(shapeRecommendations(HOME, { genres: ['5'] })[0])).toEqual([9, 8]);
  });

  it('matches an older answer stored as a tag name, in any case', () => {
    expect(keys(shapeRecommendations(HOME, { genres: ['racing'] }))).toEqual(['continue', 'tag_racing', 'hot', 'tag_rpg']);
    expect([...preferredGenres({ genres: [' RPG ', ''] })]).toEqual(['rpg']);
  });

  it('does not change the sections it was given', () => {
    const before = structuredClone(HOME);
    shapeRecommendations(HOME, { genres: ['5'] });
    expect(HOME).toEqual(before);
  });
});

describe('the questionnaire is offered once to a new player (SPEC §3 is_new_user)', () => {
  it('offers it to is_new_user 1 until answered or skipped', () => {
    expect(shouldOfferQuestionnaire({ is_new_user: 1 }, false)).toBe(true);
    expect(shouldOfferQuestionnaire({ is_new_user: 1 }, true)).toBe(false);
    expect(shouldOfferQuestionnaire({ is_new_user: 0 }, false)).toBe(false);
    expect(shouldOfferQuestionnaire(null, false)).toBe(false);
  });
});

describe('stored answers read back', () => {
  it('reads what the questionnaire wrote and drops anything else', () => {
    expect(parseGuideAnswers(JSON.stringify({ genres: ['3', 5], control: ['Controller'] }))).toEqual({ genres: ['3'], control: ['Controller'] });
    expect(parseGuideAnswers('not json')).toBeNull();
    expect(parseGuideAnswers('[1]')).toBeNull();
    expect(parseGuideAnswers(true)).toBeNull();
    expect(parseGuideAnswers(undefined)).toBeNull();
  });
});
