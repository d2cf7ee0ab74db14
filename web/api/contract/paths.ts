/**
 * Where each call and socket lives (SPEC §7), and the method of each call. The calls' requests and answers, keyed by
 * these paths, are in endpoint-map.ts, which checks that every path here is one of them.
 */

/** API paths, relative to `apiBase` (or `gameApiBase` for game calls). */
export const PATH = {
  // catalogue (index/game/…)
  /** Full game by id (shield applied). */
  gameInfo: 'index/game/game_info',
  /** GET: the library, all games or one tag's, paged and sorted. */
  gameList: 'index/game/game_list',
  /** Tags with their visible game counts. */
  getTagList: 'index/game/get_tag_list',
  /** Title / tag / developer search, paged. */
  gameSearch: 'index/game/game_search',
  /** Games by play count, paged. */
  hotGame: 'index/game/hot_game',
  /** Games sharing tags with one game. */
  similarList: 'index/game/similar_list',
  /** Record a play (login). */
  playgame: 'index/game/playgame',
  /** Record a download (login). */
  updateDown: 'index/game/update_down',
  /** GET: the user's played games, latest first (login). */
  playedList: 'index/game/played_list',
  /** Control layouts of a game. */
  getOpPlan: 'index/game/get_op_plan',
  // home
  /** GET: banners and sections of the home page. */
  homeList: 'index/api/home_list',
  // account (login)
  /** Real-name verification. */
  authPost: 'user/auth_post',
  /** Real-name status. */
  getAuthMessage: 'user/get_auth_message',
  /** Coins, play time, cards and the latest changes. */
  cgPropertyDetail: 'user/cg_property_detail',
  /** GET: this user's invitation code and invited friends. */
  inviteInfo: 'user/invite_info',
  /** Bind another user's invitation code (once). */
  bindInvite: 'user/bind_invite',
  // analytics (token optional)
  eventReport: 'api/event_report',
  // shop
  /** GET: member and quick cards, and the compare table. */
  memberCardList: 'pay/member_card_list',
  /** GET: recharge products (coins, play time). */
  productList: 'pay/product_list',
  /** Create an order (login); answers the pay_url to open. */
  createOrder: 'h5_pay/create_order',
  /** GET: an order of this user (login), polled by the pay result page. */
  orderStatus: 'h5_pay/order_status',
  systemInfo: 'index/api/system_info',
  downurl: 'index/api/downurl',
  psShield: 'api/ps_shield',
  minorWebConfig: 'api/minor_web_config',
  webLogin: 'user/web_login',
  getUserBalance: 'user/get_user_balance',
  signInConf: 'user/sign_in_conf',
  signIn: 'user/sign_in',
  sendCode: 'user/send_code',
  protocol: 'index/api/protocol',
  // game flow: relative to gameApiBase (see "game flow" below)
  getToken: 'get_token',
  playGame: 'play_game',
  gameQueue: 'game_queue',
  cancelQueue: 'cancel_queue',
  stopGame: 'stop_game',
  displayGrade: 'display_grade',
  setHangUpTimer: 'set_hang_up_timer',
  scHangUp: 'sc_hang_up',
  userScList: 'user_sc_list',
  reconPlayGame: 'recon_play_game',
  manualSave: 'manual_save',
  gameSaveList: 'game_save_list',
  editSave: 'edit_save',
  delSave: 'del_save',
  // relative to apiBase: the socket service's token (SPEC §7 "generate_token (socket prefix)")
  generateToken: 'socket/generate_token',
} as const;

/** The calls sent as GET (data as `/key/value` path pairs, SPEC §7); every other call is POST. */
const GET_ENDPOINTS: ReadonlySet<string> = new Set([
  PATH.gameList,
  PATH.playedList,
  PATH.homeList,
  PATH.inviteInfo,
  PATH.memberCardList,
  PATH.productList,
  PATH.orderStatus,
  PATH.downurl,
  PATH.generateToken,
]);

/**
 * The HTTP method of every call (SPEC §7 table; calls the table leaves blank are POST).
 * Built from PATH so no call can lack one; a list of 45 literal pairs cost the first load 0.3 KB.
 */
export const ENDPOINT_METHOD = /* @__PURE__ */ Object.fromEntries(
  Object.values(PATH).map((path) => [path, GET_ENDPOINTS.has(path) ? 'GET' : 'POST']),
) as { readonly [K in (typeof PATH)[keyof typeof PATH]]: 'GET' | 'POST' };

/** Websocket paths, relative to `socketBase`. */
export const SOCKET_PATH = {
  /** SPEC §7: the game duration socket (heartbeat every 25 s). */
  duration: 'duration',
  /** The game stream of the mock SDK (sc_id in the query). */
  stream: 'stream',
} as const;
