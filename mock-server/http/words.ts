/**
 * Every text the mock writes that a player reads: failure messages (the app
 * toasts an envelope's `msg` and shows a game failure's `sub_msg`), the
 * duration socket's default messages and the titles of asset records, in each
 * content language, keyed by a stable id. A route answers in the request's
 * language (`Accept-Language`, http/language.ts); messages meant for
 * developers (a malformed request, a /__mock/ or /__db/ call) stay English and
 * are not here.
 */
import type { ContentLanguage } from '../languages.ts';

type Texts = Readonly<Record<ContentLanguage, string>>;

const TABLE = {
  mobileAreaCode: {
    en: 'Invalid mobile number: area code "{areaCode}" must be 1 to 4 digits without "+"',
    'zh-Hans': '手机号格式不正确：区号“{areaCode}”须为 1 至 4 位数字，不带“+”',
    'zh-Hant': '手機號碼格式不正確：區碼「{areaCode}」須為 1 至 4 位數字，不含「+」',
  },
  mobileInvalid: {
    en: 'Invalid mobile number: not a valid {country} (+{areaCode}) mobile number, e.g. {example}',
    'zh-Hans': '手机号格式不正确：不是有效的{country}（+{areaCode}）手机号，例如 {example}',
    'zh-Hant': '手機號碼格式不正確：不是有效的{country}（+{areaCode}）手機號碼，例如 {example}',
  },
  mobileLength: {
    en: 'Invalid mobile number: a +{areaCode} mobile number must be 5 to 15 digits',
    'zh-Hans': '手机号格式不正确：+{areaCode} 手机号须为 5 至 15 位数字',
    'zh-Hant': '手機號碼格式不正確：+{areaCode} 手機號碼須為 5 至 15 位數字',
  },
  smsWait: {
    en: 'Please wait {wait} s before requesting another code',
    'zh-Hans': '请 {wait} 秒后再获取验证码',
    'zh-Hant': '請 {wait} 秒後再取得驗證碼',
  },
  wrongCode: { en: 'Wrong verification code', 'zh-Hans': '验证码错误', 'zh-Hant': '驗證碼錯誤' },
  alreadySigned: { en: 'Already signed in today', 'zh-Hans': '今日已签到', 'zh-Hant': '今日已簽到' },
  inviteInvalid: { en: 'Invalid invitation code', 'zh-Hans': '邀请码无效', 'zh-Hant': '邀請碼無效' },
  inviteOwn: { en: 'You cannot bind your own code', 'zh-Hans': '不能绑定自己的邀请码', 'zh-Hant': '不能綁定自己的邀請碼' },
  inviteBound: { en: 'You have already bound an invitation code', 'zh-Hans': '已绑定邀请码', 'zh-Hant': '已綁定邀請碼' },
  gameNotFound: { en: 'Game not found', 'zh-Hans': '游戏不存在', 'zh-Hant': '找不到遊戲' },
  alreadyVerified: { en: 'Already verified', 'zh-Hans': '已实名认证', 'zh-Hant': '已完成實名認證' },
  idCardEmpty: { en: 'Invalid ID card number: the number is empty', 'zh-Hans': '身份证号码无效：号码为空', 'zh-Hant': '身分證號碼無效：號碼為空' },
  idCardLength: {
    en: 'Invalid ID card number: the number must have 18 characters',
    'zh-Hans': '身份证号码无效：号码须为 18 位',
    'zh-Hant': '身分證號碼無效：號碼須為 18 碼',
  },
  idCardFormat: {
    en: 'Invalid ID card number: the number must be 17 digits and a digit or X',
    'zh-Hans': '身份证号码无效：须为 17 位数字加 1 位数字或 X',
    'zh-Hant': '身分證號碼無效：須為 17 位數字加 1 位數字或 X',
  },
  idCardRegion: { en: 'Invalid ID card number: the region code is not valid', 'zh-Hans': '身份证号码无效：地区码不正确', 'zh-Hant': '身分證號碼無效：地區碼不正確' },
  idCardBirth: { en: 'Invalid ID card number: the birth date is not a real date', 'zh-Hans': '身份证号码无效：出生日期不存在', 'zh-Hant': '身分證號碼無效：出生日期不存在' },
  idCardFuture: { en: 'Invalid ID card number: the birth date is in the future', 'zh-Hans': '身份证号码无效：出生日期晚于今天', 'zh-Hant': '身分證號碼無效：出生日期晚於今天' },
  idCardChecksum: { en: 'Invalid ID card number: the check character does not match', 'zh-Hans': '身份证号码无效：校验位不符', 'zh-Hant': '身分證號碼無效：檢查碼不符' },
  productNotFound: { en: 'Product not found', 'zh-Hans': '商品不存在', 'zh-Hant': '找不到商品' },
  payTypeUnavailable: {
    en: 'Payment method "{payType}" is not available',
    'zh-Hans': '暂不支持支付方式“{payType}”',
    'zh-Hant': '目前不支援付款方式「{payType}」',
  },
  orderNotFound: { en: 'Order not found', 'zh-Hans': '订单不存在', 'zh-Hant': '找不到訂單' },
  invalidPlayToken: { en: 'Invalid play token: call get_token first', 'zh-Hans': '游戏凭证无效，请重新开始游戏', 'zh-Hant': '遊戲憑證無效，請重新開始遊戲' },
  queueTokenGone: {
    en: 'The play token of this queue is no longer valid',
    'zh-Hans': '本次排队的游戏凭证已失效',
    'zh-Hant': '本次排隊的遊戲憑證已失效',
  },
  outOfPlayTime: { en: 'Out of play time', 'zh-Hans': '游戏时长不足', 'zh-Hant': '遊戲時數不足' },
  seatExpired: { en: 'Seat expired', 'zh-Hans': '座位已过期', 'zh-Hant': '座位已逾時' },
  queueError: { en: 'Queue error', 'zh-Hans': '排队出错', 'zh-Hant': '排隊發生錯誤' },
  queueNotFound: { en: 'Queue {queueId} not found', 'zh-Hans': '排队 {queueId} 不存在', 'zh-Hant': '找不到排隊 {queueId}' },
  seatSessionEnded: { en: 'The game session of this seat has ended', 'zh-Hans': '该座位的游戏已结束', 'zh-Hant': '此座位的遊戲已結束' },
  sessionRunning: { en: 'Another game session ({scIds}) is running', 'zh-Hans': '另一局游戏（{scIds}）正在进行', 'zh-Hant': '另一局遊戲（{scIds}）正在進行' },
  noSeat: { en: 'No free machine right now, please try again later', 'zh-Hans': '当前没有空闲机器，请稍后再试', 'zh-Hant': '目前沒有空閒的機器，請稍後再試' },
  cannotStart: { en: 'Cannot start the game (code {code})', 'zh-Hans': '无法开始游戏（错误码 {code}）', 'zh-Hant': '無法開始遊戲（錯誤碼 {code}）' },
  sessionNotFound: { en: 'Game session {scId} not found', 'zh-Hans': '游戏会话 {scId} 不存在', 'zh-Hant': '找不到遊戲工作階段 {scId}' },
  sessionNotReconnectable: {
    en: 'Game session {scId} cannot be reconnected; stop it',
    'zh-Hans': '游戏会话 {scId} 无法重连，请结束它',
    'zh-Hant': '遊戲工作階段 {scId} 無法重新連線，請結束它',
  },
  sessionNotStarted: { en: 'Game session {scId} has not started', 'zh-Hans': '游戏会话 {scId} 尚未开始', 'zh-Hant': '遊戲工作階段 {scId} 尚未開始' },
  sessionOtherGame: {
    en: 'Game session {scId} is not of game {gameKey}',
    'zh-Hans': '游戏会话 {scId} 不属于游戏 {gameKey}',
    'zh-Hant': '遊戲工作階段 {scId} 不屬於遊戲 {gameKey}',
  },
  blurayMembersOnly: {
    en: 'Blu-ray is for members (or during the blu-ray trial)',
    'zh-Hans': '蓝光画质仅限会员（或蓝光体验期内）使用',
    'zh-Hant': '藍光畫質僅限會員（或藍光體驗期間）使用',
  },
  hangUpNotOffered: {
    en: 'Hang-up of {minutes} minutes is not offered for this game ({offered})',
    'zh-Hans': '本游戏不提供 {minutes} 分钟挂机（可选：{offered}）',
    'zh-Hant': '本遊戲不提供 {minutes} 分鐘掛機（可選：{offered}）',
  },
  hangUpMembersOnly: {
    en: 'Hang-up of {minutes} minutes is for members only',
    'zh-Hans': '{minutes} 分钟挂机仅限会员',
    'zh-Hant': '{minutes} 分鐘掛機僅限會員',
  },
  saveLimit: {
    en: 'At most {max} saves per game: delete one first',
    'zh-Hans': '每个游戏最多 {max} 个存档，请先删除一个',
    'zh-Hant': '每款遊戲最多 {max} 個存檔，請先刪除一個',
  },
  saveNotFound: { en: 'Save {saveId} not found', 'zh-Hans': '存档 {saveId} 不存在', 'zh-Hant': '找不到存檔 {saveId}' },
  // The titles of asset records (cg_property_detail), worded when read, in the reader's language.
  signInRecord: { en: 'Daily sign-in {date}', 'zh-Hans': '每日签到 {date}', 'zh-Hant': '每日簽到 {date}' },
  inviteJoined: { en: "Joined with {name}'s invitation", 'zh-Hans': '受 {name} 邀请加入', 'zh-Hant': '受 {name} 邀請加入' },
  inviteBrought: { en: '{name} joined with your invitation', 'zh-Hans': '{name} 接受了您的邀请', 'zh-Hant': '{name} 接受了您的邀請' },
  // SPEC §8 30001: the app shows this message (its own default when none comes) and returns to login.
  tokenExpired: { en: 'Your login has expired, please log in again', 'zh-Hans': '登录已过期，请重新登录', 'zh-Hant': '登入已逾時，請重新登入' },
  // The duration socket's messages when a scenario or a push names no text of its own (SPEC §4 duration codes).
  durationTimeout: { en: 'Your play session is about to time out', 'zh-Hans': '您已长时间未操作，游戏即将结束', 'zh-Hant': '您已長時間未操作，遊戲即將結束' },
  reloginRequired: { en: 'Please log in again', 'zh-Hans': '请重新登录', 'zh-Hant': '請重新登入' },
  playingElsewhere: { en: 'Your account is playing on another device', 'zh-Hans': '您的账号正在其他设备上游戏', 'zh-Hant': '您的帳號正在其他裝置上遊玩' },
  gameServiceError: { en: 'Game service error', 'zh-Hans': '游戏服务异常', 'zh-Hant': '遊戲服務異常' },
  sessionStopped: { en: 'The game service has stopped this session', 'zh-Hans': '游戏服务已结束本次游戏', 'zh-Hant': '遊戲服務已結束本次遊戲' },
} as const satisfies Record<string, Texts>;

export type WordsId = keyof typeof TABLE;
type Params = Readonly<Record<string, string | number>>;

/** The table itself, for the test that every language has the same placeholders. */
export const WORDS: Readonly<Record<WordsId, Texts>> = TABLE;

/**
 * A text not yet put into words: a failure thrown deep in the game logic, or an asset record's title kept in the
 * store, worded where the reader's language is known.
 */
export class Wording {
  constructor(
    readonly id: WordsId,
    /** Placeholder values, or a function of the language for a value that is itself worded (a country's name). */
    readonly params: Params | ((language: ContentLanguage) => Params) = {},
  ) {}

  in(language: ContentLanguage): string {
    const params = typeof this.params === 'function' ? this.params(language) : this.params;
    return TABLE[this.id][language].replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));
  }
}

/** The text `id` in `language`, its `{placeholders}` filled from `params`. */
export function wordsIn(language: ContentLanguage, id: WordsId, params: Params = {}): string {
  return new Wording(id, params).in(language);
}
