/**
 * One typed function per call of SPEC §7. Requests and answers are typed by
 * the contract's `Endpoints` map, so a path can only be called with its own
 * payload and its answer is typed for the caller.
 */
import type { HttpClient, RequestOptions } from '../core/http/request.ts';
import { PATH, type Endpoints } from './contract.ts';

type Req<P extends keyof Endpoints> = Endpoints[P]['req'];
type Res<P extends keyof Endpoints> = Endpoints[P]['res'];
export type CallOptions = Partial<Omit<RequestOptions, 'url' | 'data'>>;

export function createApi(http: HttpClient) {
  const post =
    <P extends keyof Endpoints>(path: P) =>
    (data: Req<P>, opts: CallOptions = {}): Promise<Res<P>> =>
      http.call<Res<P>>(path, data as Record<string, unknown>, { method: 'POST', ...opts });
  const get =
    <P extends keyof Endpoints>(path: P) =>
    (data: Req<P>, opts: CallOptions = {}): Promise<Res<P>> =>
      http.call<Res<P>>(path, data as Record<string, unknown>, { method: 'GET', ...opts });

  return {
    systemInfo: post(PATH.systemInfo),
    downurl: get(PATH.downurl),
    psShield: post(PATH.psShield),
    sendCode: post(PATH.sendCode),
    webLogin: post(PATH.webLogin),
    getUserBalance: post(PATH.getUserBalance),
    protocol: post(PATH.protocol),
  };
}

export type Api = ReturnType<typeof createApi>;
