/**
 * The fixtures a call sees under the session's scenario script: the parts
 * of system_info and the shield list a scenario may change (game/script.ts
 * `popupExpireSeconds`, `listShielded`). Pure, so the rule is tested alone.
 */
import type { GameScript } from '../game/script.ts';
import type { Fixtures } from '../fixtures/index.ts';

export function scriptedFixtures(fixtures: Fixtures, script: Pick<GameScript, 'listShielded' | 'popupExpireSeconds'>, shieldList: boolean): Fixtures {
  let f = fixtures;
  if (script.popupExpireSeconds !== undefined) {
    f = { ...f, systemInfo: { ...f.systemInfo, recommend_product_pop_conf: { expire_times: script.popupExpireSeconds } } };
  }
  // The shield list itself (a route flagged `shieldList`) still names the hidden games: the app is to hide them from that answer alone.
  if (script.listShielded && !shieldList) f = { ...f, shield: { game: '' } };
  return f;
}
