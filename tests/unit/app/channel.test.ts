import { describe, expect, it } from 'vitest';
import { isSingleGameMode, readChannel } from '../../../web/app/channel.ts';

describe('channel and single-game mode (SPEC §2 Mappings and access)', () => {
  it('reads agent_code from the query', () => {
    expect(readChannel('?agent_code=ch42&x=1')).toEqual({ agentCode: 'ch42', mockSession: null });
    expect(readChannel('?foo=bar')).toEqual({ agentCode: null, mockSession: null });
  });

  it('drops malformed values instead of keeping them', () => {
    expect(readChannel('?agent_code=%3Cscript%3E').agentCode).toBeNull();
    expect(readChannel(`?agent_code=${'a'.repeat(65)}`).agentCode).toBeNull();
  });

  it('reads mock_session for QA runs', () => {
    expect(readChannel('?mock_session=qa-1').mockSession).toBe('qa-1');
  });

  it('is single-game mode on the game screen with agent_code and no game_id', () => {
    expect(isSingleGameMode('/submodules/game/game/index', '?agent_code=a', null)).toBe(true);
    expect(isSingleGameMode('/submodules/game/game/index', '', 'a')).toBe(true);
    expect(isSingleGameMode('/submodules/game/game/index', '?agent_code=a&game_id=7', null)).toBe(false);
    expect(isSingleGameMode('/submodules/game/game/index', '', null)).toBe(false);
    expect(isSingleGameMode('/main/user/index', '?agent_code=a', null)).toBe(false);
  });
});
