/**
 * One typed function per call of SPEC §7. Requests and answers are typed by
 * the contract's `Endpoints` map, so a path can only be called with its own
 * payload and its answer is typed for the caller.
 */
import type { HttpClient, RequestOptions } from '../core/http/request.ts';
import { ENDPOINT_METHOD, PATH, type Endpoints } from './contract.ts';

type Req<P extends keyof Endpoints> = Endpoints[P]['req'];
type Res<P extends keyof Endpoints> = Endpoints[P]['res'];
export type CallOptions = Partial<Omit<RequestOptions, 'url' | 'data'>>;

/** `defaults` apply to every call unless the caller says otherwise (the game session's are all `background`). */
export function createApi(http: HttpClient, defaults: CallOptions = {}) {
  /** A call under the API base with the contract's method for its path (SPEC §7 table). */
  const api =
    <P extends keyof Endpoints>(path: P) =>
    (data: Req<P>, opts: CallOptions = {}): Promise<Res<P>> =>
      http.call<Res<P>>(path, data as Record<string, unknown>, { method: ENDPOINT_METHOD[path], ...defaults, ...opts });
  /** Game flow calls (SPEC §7): under the game API base with the game header set. */
  const game =
    <P extends keyof Endpoints>(path: P) =>
    (data: Req<P>, opts: CallOptions = {}): Promise<Res<P>> =>
      http.call<Res<P>>(path, data as Record<string, unknown>, { method: ENDPOINT_METHOD[path], game: true, ...defaults, ...opts });

  return {
    systemInfo: api(PATH.systemInfo),
    downurl: api(PATH.downurl),
    psShield: api(PATH.psShield),
    sendCode: api(PATH.sendCode),
    webLogin: api(PATH.webLogin),
    getUserBalance: api(PATH.getUserBalance),
    protocol: api(PATH.protocol),

    // ---- catalogue, home, account and shop (owned by web/pages and web/state)
    gameInfo: api(PATH.gameInfo),
    gameList: api(PATH.gameList),
    getTagList: api(PATH.getTagList),
    gameSearch: api(PATH.gameSearch),
    hotGame: api(PATH.hotGame),
    similarList: api(PATH.similarList),
    playgame: api(PATH.playgame),
    updateDown: api(PATH.updateDown),
    playedList: api(PATH.playedList),
    getOpPlan: api(PATH.getOpPlan),
    homeList: api(PATH.homeList),
    minorWebConfig: api(PATH.minorWebConfig),
    signInConf: api(PATH.signInConf),
    signIn: api(PATH.signIn),
    authPost: api(PATH.authPost),
    getAuthMessage: api(PATH.getAuthMessage),
    cgPropertyDetail: api(PATH.cgPropertyDetail),
    inviteInfo: api(PATH.inviteInfo),
    bindInvite: api(PATH.bindInvite),
    eventReport: api(PATH.eventReport),
    memberCardList: api(PATH.memberCardList),
    productList: api(PATH.productList),
    createOrder: api(PATH.createOrder),
    orderStatus: api(PATH.orderStatus),

    // ---- game flow (owned by web/game; SPEC §4, §7). All but generateToken use the game base and header set.
    getToken: game(PATH.getToken),
    playGame: game(PATH.playGame),
    gameQueue: game(PATH.gameQueue),
    cancelQueue: game(PATH.cancelQueue),
    stopGame: game(PATH.stopGame),
    displayGrade: game(PATH.displayGrade),
    setHangUpTimer: game(PATH.setHangUpTimer),
    scHangUp: game(PATH.scHangUp),
    userScList: game(PATH.userScList),
    reconPlayGame: game(PATH.reconPlayGame),
    manualSave: game(PATH.manualSave),
    gameSaveList: game(PATH.gameSaveList),
    editSave: game(PATH.editSave),
    delSave: game(PATH.delSave),
    /** The duration socket's jtoken: GET under the API base ("socket prefix"), authorised by the login token in the payload. */
    generateToken: api(PATH.generateToken),
  };
}

export type Api = ReturnType<typeof createApi>;
