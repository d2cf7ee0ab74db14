/**
 * The session's input mode and rumble (decision 0007): `opType` / `opTypes`
 * from the game's session variables and the player's stored choice,
 * `setOpType` kept per user and game (a new session — a reload — finds it),
 * and the SDK's rumble passed on only while the `vibrates` setting is on.
 */
import { describe, expect, it } from 'vitest';
import { OP_TYPE, type UserScListResponse } from '../../../web/api/contract.ts';
import type { Rumble } from '../../../web/game/sdk.ts';
import { rumbleOf, rumbleWanted } from '../../../web/game/rumble.ts';
import type { GameTarget } from '../../../web/game/state.ts';
import { createMemoryStoragePort } from '../../../web/game/settings.ts';
import { GAME, flush, harness, member } from './fakes.ts';

const KEYBOARD_GAME: GameTarget = { ...GAME, default_op_type: OP_TYPE.keyboard, op_type: '1,2,0', op_mode: 0, show_keyboard: 1 };
const FIXED_GAME: GameTarget = { ...KEYBOARD_GAME, op_mode: 1 };
const HIT: Rumble = { durationMs: 200, strong: 0.8, weak: 0.5 };

describe('decision 0007: the op type on the session', () => {
  it('starts at the game’s default_op_type and lists what the player may switch to', async () => {
    const h = harness();
    expect(h.session.opType.value).toBe(OP_TYPE.gamepad);
    h.session.start(KEYBOARD_GAME);
    await flush();
    expect(h.session.opType.value).toBe(OP_TYPE.keyboard);
    expect(h.session.opTypes.value).toEqual([1, 2, 0]);
  });

  it('setOpType switches, is stored for this user and game only, and a new session (a reload) finds it', async () => {
    const storage = createMemoryStoragePort();
    const h = harness({ storage });
    await h.play(KEYBOARD_GAME);
    expect(await h.session.setOpType(OP_TYPE.touch)).toBe(true);
    expect(h.session.opType.value).toBe(OP_TYPE.touch);
    expect(h.session.chosen.value).toMatchObject({ op_type: OP_TYPE.touch });
    expect(storage.settings.get('alice_space-race')).toEqual({ op_type: OP_TYPE.touch });

    const reloaded = harness({ storage });
    reloaded.session.start(KEYBOARD_GAME);
    await flush();
    expect(reloaded.session.opType.value).toBe(OP_TYPE.touch);
    // Another game keeps its own default.
    const other = harness({ storage });
    other.session.start({ ...KEYBOARD_GAME, game_key: 'chess' });
    await flush();
    expect(other.session.opType.value).toBe(OP_TYPE.keyboard);
  });

  it('a locked game (op_mode 1) offers only its default and refuses another op type', async () => {
    const storage = createMemoryStoragePort({ settings: { 'alice_space-race': { op_type: OP_TYPE.touch } } });
    const h = harness({ storage });
    await h.play(FIXED_GAME);
    expect(h.session.opType.value).toBe(OP_TYPE.keyboard);
    expect(h.session.opTypes.value).toEqual([OP_TYPE.keyboard]);
    expect(await h.session.setOpType(OP_TYPE.gamepad)).toBe(false);
    expect(h.session.opType.value).toBe(OP_TYPE.keyboard);
    expect(storage.settings.get('alice_space-race')).toEqual({ op_type: OP_TYPE.touch });
  });

  it('an op type the game does not list is refused', async () => {
    const h = harness();
    await h.play({ ...GAME, default_op_type: 0, op_type: '0,2' });
    expect(await h.session.setOpType(OP_TYPE.keyboard)).toBe(false);
    expect(h.session.opType.value).toBe(OP_TYPE.gamepad);
  });

  it('a session found by user_sc_list learns its game’s controls when the screen returns to it', async () => {
    const h = harness();
    h.api.on('userScList', () => ({ list: [{ sc_id: 'sc-9', game_key: 'space-race', game_id: 7, type: 'able_recon', hang_up_end_time: Math.floor(h.clock.now() / 1000) + 60 }] }));
    await h.session.checkSessions();
    expect(h.session.opTypes.value).toEqual([OP_TYPE.gamepad]);
    h.session.returnToGame(KEYBOARD_GAME);
    await flush();
    expect(h.session.phase.value).toBe('reconnecting');
    expect(h.session.opType.value).toBe(OP_TYPE.keyboard);
    expect(h.session.game.value?.hang).toEqual(KEYBOARD_GAME.hang);
    // Another game's details never replace this one's.
    h.session.returnToGame({ ...KEYBOARD_GAME, game_key: 'chess', default_op_type: OP_TYPE.touch });
    expect(h.session.game.value?.game_key).toBe('space-race');
  });
});

describe('a session check answered after another game started', () => {
  it('does not load the found session’s settings over the started game’s (its op type, clarity, hang-up)', async () => {
    const storage = createMemoryStoragePort({ settings: { 'alice_space-race': { op_type: OP_TYPE.touch }, alice_chess: { op_type: OP_TYPE.keyboard } } });
    const h = harness({ storage });
    let answer: (v: UserScListResponse) => void = () => undefined;
    h.api.on('userScList', () => new Promise((resolve) => (answer = resolve)));
    const checked = h.session.checkSessions();
    await flush();
    h.session.start({ ...KEYBOARD_GAME, game_key: 'chess' });
    await flush();
    expect(h.session.opType.value).toBe(OP_TYPE.keyboard);
    answer({ list: [{ sc_id: 'sc-9', game_key: 'space-race', game_id: 7, type: 'able_recon' }] });
    await checked;
    await flush();
    expect(h.session.game.value?.game_key).toBe('chess');
    expect(h.session.chosen.value).toEqual({ op_type: OP_TYPE.keyboard });
    expect(h.session.opType.value).toBe(OP_TYPE.keyboard);
  });
});

describe('choosing controls is not choosing a clarity', () => {
  it('SPEC §3 with only op_type stored, the clarity still follows membership (a member plays ultra)', async () => {
    const storage = createMemoryStoragePort({ settings: { 'alice_space-race': { op_type: OP_TYPE.touch } } });
    const h = harness({ storage, user: member() });
    h.session.start(KEYBOARD_GAME);
    await flush();
    expect(h.session.clarity.value).toBe(harness({ user: member() }).session.clarity.value);
    expect(h.session.clarity.value).not.toBe(1);
  });
});

describe('decision 0007: rumble reaches the screen only while the vibrates setting is on', () => {
  it('SPEC §3 vibrates 1 (the default): the SDK’s rumble is an event; 0: it is not', async () => {
    const h = harness();
    const felt: Rumble[] = [];
    h.session.on('vibrate', (r) => felt.push(r));
    await h.play();
    h.sdk.vibrate(HIT);
    expect(felt).toEqual([HIT]);
    await h.session.updateSettings({ vibrates: 0 });
    h.sdk.vibrate(HIT);
    expect(felt).toHaveLength(1);
    await h.session.updateSettings({ vibrates: 1 });
    h.sdk.vibrate({ ...HIT, durationMs: 600 });
    expect(felt.map((r) => r.durationMs)).toEqual([200, 600]);
  });

  it('nothing is felt while the game is not on screen (loading, hung up)', async () => {
    const h = harness();
    const felt: Rumble[] = [];
    h.session.on('vibrate', (r) => felt.push(r));
    h.session.start(GAME);
    await flush();
    h.sdk.vibrate(HIT);
    h.sdk.stream();
    await flush();
    h.session.leave();
    h.sdk.vibrate(HIT);
    expect(felt).toEqual([]);
  });

  it.each([
    [1, 'playing', true, true],
    [0, 'playing', true, false],
    [1, 'playing', false, false],
    [1, 'loading', true, false],
    [1, 'hung-up', false, false],
    [2, 'playing', true, false],
  ] as const)('rumbleWanted(vibrates %s, %s, stream %s) → %s', (vibrates, phase, hasStream, want) => {
    expect(rumbleWanted(vibrates, phase, hasStream)).toBe(want);
  });

  it.each([
    [{ duration_ms: 200, strong: 0.8, weak: 0.5 }, { durationMs: 200, strong: 0.8, weak: 0.5 }],
    [{ duration_ms: 12.6, strong: 2, weak: Number.NaN }, { durationMs: 13, strong: 1, weak: 0 }],
    [{ duration_ms: 60_000, strong: 0, weak: 0.1 }, { durationMs: 5000, strong: 0, weak: 0.1 }],
    [{ duration_ms: 0, strong: 1, weak: 1 }, null],
    [{ duration_ms: 100, strong: 0, weak: 0 }, null],
    [{ duration_ms: '100', strong: 1 }, null],
    [{}, null],
  ] as const)('the wire message %j → %j', (msg, want) => {
    expect(rumbleOf(msg)).toEqual(want);
  });
});
