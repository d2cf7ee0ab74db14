import { describe, expect, it } from 'vitest';
import { createApi } from '../../../web/api/endpoints.ts';
import type { HttpClient } from '../../../web/core/http/request.ts';

function recordingApi() {
  const seen: Array<{ path: string; opts: unknown }> = [];
  const http: HttpClient = {
    request: () => Promise.reject(new Error('unused')),
    call: async <T>(path: string, _data?: Record<string, unknown>, opts?: unknown): Promise<T> => {
      seen.push({ path, opts });
      return {} as T;
    },
  };
  return { api: createApi(http), seen };
}

describe('app calls in createApi (SPEC §7 table)', () => {
  it('sends each call under the API base with its own method: downurl and generate_token as GET, the rest here as POST', async () => {
    const { api, seen } = recordingApi();
    await api.systemInfo({});
    await api.downurl({});
    await api.psShield({});
    await api.sendCode({ mobile: '13800000000', area_code: '86' });
    await api.webLogin({ mobile: '13800000000', area_code: '86', code: '123456', device_id: 'd' });
    await api.getUserBalance({ uid: 1 });
    await api.protocol({ type: 'user' }, { silent: true });
    await api.generateToken({ uid: 1, game_id: 2, token: 't' });
    expect(seen).toEqual([
      { path: 'index/api/system_info', opts: { method: 'POST' } },
      { path: 'index/api/downurl', opts: { method: 'GET' } },
      { path: 'api/ps_shield', opts: { method: 'POST' } },
      { path: 'user/send_code', opts: { method: 'POST' } },
      { path: 'user/web_login', opts: { method: 'POST' } },
      { path: 'user/get_user_balance', opts: { method: 'POST' } },
      { path: 'index/api/protocol', opts: { method: 'POST', silent: true } },
      { path: 'socket/generate_token', opts: { method: 'GET' } },
    ]);
  });
});
