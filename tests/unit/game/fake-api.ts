/** A GameApi whose answers each test scripts, recording every call with its request and whether it was silent. */
import type { GameQueueResponse, PlayGameResponse } from '../../../web/api/contract.ts';
import type { GameApi, GameApiName } from '../../../web/game/api.ts';
import { GAME, LEVEL, playAnswer, queued } from './fixtures.ts';

type Fn<K extends GameApiName> = GameApi[K];
type Req<K extends GameApiName> = Parameters<Fn<K>>[0];
type Res<K extends GameApiName> = Awaited<ReturnType<Fn<K>>>;
export type Handler<K extends GameApiName> = (req: Req<K>) => Res<K> | Promise<Res<K>>;
export interface Call {
  name: GameApiName;
  req: Record<string, unknown>;
  silent: boolean;
}

export interface FakeApi {
  api: GameApi;
  calls: Call[];
  on<K extends GameApiName>(name: K, handler: Handler<K>): void;
  /** Answers in order, then keeps the last. */
  sequence<K extends GameApiName>(name: K, answers: Array<Res<K> | Error>): void;
  named(name: GameApiName): Call[];
  last(name: GameApiName): Call | undefined;
  names(): GameApiName[];
}

export function fakeApi(): FakeApi {
  const calls: Call[] = [];
  const handlers: { [K in GameApiName]?: Handler<K> } = {
    getToken: () => ({ open_id: 'open-1', token: 'play-token' }),
    playGame: (): PlayGameResponse => playAnswer(),
    gameQueue: (): GameQueueResponse => queued(1),
    cancelQueue: (req) => ({ queue_id: req.queue_id }),
    stopGame: (req) => ({ code: 200, sc_id: req.sc_id, play_seconds: 1 }),
    displayGrade: (req) => ({ sc_id: req.sc_id, level_config: LEVEL[req.display_grade] }),
    setHangUpTimer: (req) => ({ sc_id: req.sc_id, hang_up_timer: req.hang_up_timer, hang_up_end_time: 0 }),
    scHangUp: (req) => ({ sc_id: req.sc_id, hang_up_timer: req.hang_up_timer, hang_up_end_time: 0 }),
    userScList: () => ({ list: [] }),
    reconPlayGame: () => playAnswer(),
    manualSave: (req) => ({
      save_config: { save_id: 1, save_name: req.save_name, is_share: req.is_share, game_key: req.game_key, game_id: 7, sc_id: req.sc_id, size: 10, create_time: 1, update_time: 1 },
    }),
    gameSaveList: () => ({ list: [], max_count: 10 }),
    editSave: (req) => ({
      save_config: { save_id: req.save_id, save_name: req.save_name ?? 'x', is_share: req.is_share ?? 0, game_key: GAME.game_key, game_id: 7, sc_id: 'sc-1', size: 10, create_time: 1, update_time: 2 },
    }),
    delSave: (req) => ({ save_id: req.save_id }),
    generateToken: () => ({ jtoken: 'jt-1', expire_time: 0 }),
    playgame: (req) => ({ game_id: req.game_id, play_count: 1 }),
    minorWebConfig: () => ({ is_auth: 1, is_minor: 0, can_play: 1, daily_limit_minutes: 0, remaining_minutes: -1, play_window: '', tip: '' }),
  };
  const make =
    <K extends GameApiName>(name: K) =>
    async (req: Req<K>, opts?: { silent?: boolean }): Promise<Res<K>> => {
      calls.push({ name, req: req as unknown as Record<string, unknown>, silent: opts?.silent === true });
      const h = handlers[name] as Handler<K> | undefined;
      if (!h) throw new Error(`no handler for ${name}`);
      return h(req);
    };
  const api = {
    getToken: make('getToken'),
    playGame: make('playGame'),
    gameQueue: make('gameQueue'),
    cancelQueue: make('cancelQueue'),
    stopGame: make('stopGame'),
    displayGrade: make('displayGrade'),
    setHangUpTimer: make('setHangUpTimer'),
    scHangUp: make('scHangUp'),
    userScList: make('userScList'),
    reconPlayGame: make('reconPlayGame'),
    manualSave: make('manualSave'),
    gameSaveList: make('gameSaveList'),
    editSave: make('editSave'),
    delSave: make('delSave'),
    generateToken: make('generateToken'),
    minorWebConfig: make('minorWebConfig'),
    playgame: make('playgame'),
  } satisfies GameApi;
  return {
    api,
    calls,
    on(name, handler) {
      (handlers as Record<GameApiName, unknown>)[name] = handler;
    },
    sequence(name, answers) {
      let i = 0;
      (handlers as Record<GameApiName, unknown>)[name] = () => {
        const a = answers[Math.min(i++, answers.length - 1)];
        if (a instanceof Error) throw a;
        return a;
      };
    },
    named: (name) => calls.filter((c) => c.name === name),
    last: (name) => calls.filter((c) => c.name === name).at(-1),
    names: () => calls.map((c) => c.name),
  };
}
