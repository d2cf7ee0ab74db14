import { describe, expect, it } from 'vitest';
import { duePopup, popupPlace, type PopupFacts } from '../../../web/state/popup-schedule.ts';

const facts = (over: Partial<PopupFacts> = {}): PopupFacts => ({
  user: { buy_member: 0, member_status: 0 },
  expires: {},
  now: 10_000,
  singleMode: false,
  singleOnlyMemberDialog: 1,
  questionnaireDue: false,
  queued: false,
  ...over,
});

describe('purchase pop-ups on their own (SPEC §5: non-buyers, buy_member 0, until the stored expiry)', () => {
  it('places: arriving on home, and any page after the game screen; never on the game screen', () => {
    expect(popupPlace('home', 'login')).toBe('home');
    expect(popupPlace('home', null)).toBe('home');
    expect(popupPlace('gameDetail', 'game')).toBe('game-exit');
    expect(popupPlace('home', 'game')).toBe('game-exit');
    expect(popupPlace('game', 'home')).toBeNull();
    expect(popupPlace('user', 'home')).toBeNull();
    expect(popupPlace(null, 'game')).toBeNull();
  });

  it('one at a time: recommend first, the activity pop-up once the recommend one is closed', () => {
    expect(duePopup(facts())).toBe('recommend');
    expect(duePopup(facts({ expires: { recommend: 20_000 } }))).toBe('activity');
    expect(duePopup(facts({ expires: { recommend: 20_000, activity: 20_000 } }))).toBeNull();
  });

  it('not again before the stored expiry, again from it', () => {
    expect(duePopup(facts({ expires: { recommend: 10_001, activity: 10_001 } }))).toBeNull();
    expect(duePopup(facts({ expires: { recommend: 10_000, activity: 10_001 } }))).toBe('recommend');
  });

  it('never for a buyer, a member or nobody', () => {
    expect(duePopup(facts({ user: { buy_member: 1, member_status: 0 } }))).toBeNull();
    expect(duePopup(facts({ user: { buy_member: 0, member_status: 1 } }))).toBeNull();
    expect(duePopup(facts({ user: null }))).toBeNull();
  });

  it('single-game mode with single_only_member_dialog 1: only the member offer (recommend); 0: both', () => {
    const single = { singleMode: true, expires: { recommend: 20_000 } };
    expect(duePopup(facts({ ...single, singleOnlyMemberDialog: 1 }))).toBeNull();
    expect(duePopup(facts({ singleMode: true, singleOnlyMemberDialog: 1 }))).toBe('recommend');
    expect(duePopup(facts({ ...single, singleOnlyMemberDialog: 0 }))).toBe('activity');
  });

  it('a new player meets the questionnaire first: no pop-up while it is due, the pop-up on a later arrival', () => {
    expect(duePopup(facts({ questionnaireDue: true }))).toBeNull();
    expect(duePopup(facts({ questionnaireDue: false }))).toBe('recommend');
  });

  it('never while the player is queued or holds a seat: the seat dialog may open at any moment (SPEC §4 Queue)', () => {
    expect(duePopup(facts({ queued: true }))).toBeNull();
  });
});
