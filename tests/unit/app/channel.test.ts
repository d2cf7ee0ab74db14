import { describe, expect, it } from 'vitest';
import { captureChannel, isSingleGameMode } from '../../../web/app/channel.ts';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
};

describe('channel and single-game mode (SPEC §2 Mappings and access)', () => {
  it('keeps agent_code from the query in session storage', () => {
    const s = memory();
    captureChannel('?agent_code=ch42&x=1', s);
    expect(s.getItem('agent_code')).toBe('ch42');
  });

  it('keeps the stored agent_code when a later page has none', () => {
    const s = memory();
    captureChannel('?agent_code=ch42', s);
    captureChannel('?foo=bar', s);
    expect(s.getItem('agent_code')).toBe('ch42');
  });

  it('ignores malformed values instead of storing them', () => {
    const s = memory();
    captureChannel('?agent_code=%3Cscript%3E', s);
    expect(s.getItem('agent_code')).toBeNull();
  });

  it('keeps mock_session for QA runs', () => {
    const s = memory();
    captureChannel('?mock_session=qa-1', s);
    expect(s.getItem('mock_session')).toBe('qa-1');
  });

  it('is single-game mode on the game screen with agent_code and no game_id', () => {
    expect(isSingleGameMode('/submodules/game/game/index', '?agent_code=a', null)).toBe(true);
    expect(isSingleGameMode('/submodules/game/game/index', '', 'a')).toBe(true);
    expect(isSingleGameMode('/submodules/game/game/index', '?agent_code=a&game_id=7', null)).toBe(false);
    expect(isSingleGameMode('/submodules/game/game/index', '', null)).toBe(false);
    expect(isSingleGameMode('/main/user/index', '?agent_code=a', null)).toBe(false);
  });
});
