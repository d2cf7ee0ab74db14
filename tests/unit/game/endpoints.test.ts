import { describe, expect, it } from 'vitest';
import { createApi } from '../../../web/api/endpoints.ts';
import type { HttpClient } from '../../../web/core/http/request.ts';

describe('game calls in createApi (SPEC §7)', () => {
  it('SPEC §7 game calls go to the game base with the game header set; generate_token is a GET under the API base', async () => {
    const seen: Array<{ path: string; data: unknown; opts: unknown }> = [];
    const http: HttpClient = {
      request: () => Promise.reject(new Error('unused')),
      call: async <T>(path: string, data?: Record<string, unknown>, opts?: unknown): Promise<T> => {
        seen.push({ path, data, opts });
        return {} as T;
      },
    };
    const api = createApi(http);
    await api.playGame({ game_key: 'g', token: 't', model_name: 'm', queue_grade: 1, able_queue: 1, enable_restart: 1, local_stream: 0 });
    await api.gameQueue({ queue_id: 'q', queue_grade: 1, game_key: 'g', token: 't' }, { silent: true });
    await api.generateToken({ uid: 1, game_id: 2, token: 't' });
    expect(seen[0]).toEqual({ path: 'play_game', data: expect.objectContaining({ game_key: 'g' }), opts: { method: 'POST', game: true } });
    expect(seen[1]?.opts).toEqual({ method: 'POST', game: true, silent: true });
    expect(seen[2]).toMatchObject({ path: 'socket/generate_token', opts: { method: 'GET' } });
  });
});
