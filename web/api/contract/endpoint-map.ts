/** Every call of SPEC §7 by its path: its request and its answer. */
import type {
  AuthMessage,
  AuthPostRequest,
  BindInviteRequest,
  BindInviteResponse,
  EventReportRequest,
  EventReportResponse,
  InviteInfo,
  MinorWebConfig,
  Property,
  PropertyDetailRequest,
  SignInConf,
  SignInResult,
} from './account.ts';
import type {
  DownRecordResponse,
  Game,
  GameIdRequest,
  GameListRequest,
  GameListResponse,
  GameSearchRequest,
  GameSearchResponse,
  GameSummary,
  HomeList,
  OpPlanListResponse,
  Page,
  PageRequest,
  PlayRecordResponse,
  PlayedGame,
  SimilarListRequest,
  TagListResponse,
  UidGameRequest,
} from './catalogue.ts';
import type {
  DownUrl,
  LoginInfo,
  MinorWebConfigRequest,
  Protocol,
  ProtocolRequest,
  PsShield,
  SendCodeRequest,
  SendCodeResponse,
  SystemInfo,
  UidRequest,
  UserInfo,
  WebLoginRequest,
} from './entities.ts';
import type {
  CancelQueueRequest,
  CancelQueueResponse,
  DelSaveRequest,
  DelSaveResponse,
  DisplayGradeRequest,
  DisplayGradeResponse,
  EditSaveRequest,
  GameQueueRequest,
  GameQueueResponse,
  GameSaveListRequest,
  GameSaveListResponse,
  GenerateTokenRequest,
  GenerateTokenResponse,
  GetTokenRequest,
  GetTokenResponse,
  HangUpRequest,
  HangUpResponse,
  ManualSaveRequest,
  PlayGameRequest,
  PlayGameResponse,
  ReconPlayGameRequest,
  ReconPlayGameResponse,
  SaveConfigResponse,
  StopGameRequest,
  StopGameResponse,
  UserScListRequest,
  UserScListResponse,
} from './game.ts';
import type {
  CreateOrderRequest,
  MemberCardListResponse,
  Order,
  OrderStatusRequest,
  ProductListRequest,
  ProductListResponse,
} from './shop.ts';
import type { PATH } from './paths.ts';

interface Calls {
  // catalogue, home, account, shop, pay, invite
  [PATH.gameInfo]: { req: GameIdRequest; res: Game };
  [PATH.gameList]: { req: GameListRequest; res: Page<GameSummary> };
  [PATH.getTagList]: { req: Record<string, never>; res: TagListResponse };
  [PATH.gameSearch]: { req: GameSearchRequest; res: GameSearchResponse };
  [PATH.hotGame]: { req: PageRequest; res: Page<GameSummary> };
  [PATH.similarList]: { req: SimilarListRequest; res: GameListResponse };
  [PATH.playgame]: { req: UidGameRequest; res: PlayRecordResponse };
  [PATH.updateDown]: { req: UidGameRequest; res: DownRecordResponse };
  [PATH.playedList]: { req: PageRequest; res: Page<PlayedGame> };
  [PATH.getOpPlan]: { req: GameIdRequest; res: OpPlanListResponse };
  [PATH.homeList]: { req: Record<string, never>; res: HomeList };
  [PATH.minorWebConfig]: { req: MinorWebConfigRequest; res: MinorWebConfig };
  [PATH.signInConf]: { req: PropertyDetailRequest; res: SignInConf };
  [PATH.signIn]: { req: UidRequest; res: SignInResult };
  [PATH.authPost]: { req: AuthPostRequest; res: AuthMessage };
  [PATH.getAuthMessage]: { req: Record<string, never>; res: AuthMessage };
  [PATH.cgPropertyDetail]: { req: PropertyDetailRequest; res: Property };
  [PATH.inviteInfo]: { req: Record<string, never>; res: InviteInfo };
  [PATH.bindInvite]: { req: BindInviteRequest; res: BindInviteResponse };
  [PATH.eventReport]: { req: EventReportRequest; res: EventReportResponse };
  [PATH.memberCardList]: { req: Record<string, never>; res: MemberCardListResponse };
  [PATH.productList]: { req: ProductListRequest; res: ProductListResponse };
  [PATH.createOrder]: { req: CreateOrderRequest; res: Order };
  [PATH.orderStatus]: { req: OrderStatusRequest; res: Order };
  [PATH.systemInfo]: { req: Record<string, never>; res: SystemInfo };
  [PATH.downurl]: { req: Record<string, never>; res: DownUrl };
  [PATH.psShield]: { req: Record<string, never>; res: PsShield };
  [PATH.sendCode]: { req: SendCodeRequest; res: SendCodeResponse };
  [PATH.webLogin]: { req: WebLoginRequest; res: LoginInfo };
  [PATH.getUserBalance]: { req: UidRequest; res: UserInfo };
  [PATH.protocol]: { req: ProtocolRequest; res: Protocol };
  // game flow
  [PATH.getToken]: { req: GetTokenRequest; res: GetTokenResponse };
  [PATH.playGame]: { req: PlayGameRequest; res: PlayGameResponse };
  [PATH.gameQueue]: { req: GameQueueRequest; res: GameQueueResponse };
  [PATH.cancelQueue]: { req: CancelQueueRequest; res: CancelQueueResponse };
  [PATH.stopGame]: { req: StopGameRequest; res: StopGameResponse };
  [PATH.displayGrade]: { req: DisplayGradeRequest; res: DisplayGradeResponse };
  [PATH.setHangUpTimer]: { req: HangUpRequest; res: HangUpResponse };
  [PATH.scHangUp]: { req: HangUpRequest; res: HangUpResponse };
  [PATH.userScList]: { req: UserScListRequest; res: UserScListResponse };
  [PATH.reconPlayGame]: { req: ReconPlayGameRequest; res: ReconPlayGameResponse };
  [PATH.manualSave]: { req: ManualSaveRequest; res: SaveConfigResponse };
  [PATH.gameSaveList]: { req: GameSaveListRequest; res: GameSaveListResponse };
  [PATH.editSave]: { req: EditSaveRequest; res: SaveConfigResponse };
  [PATH.delSave]: { req: DelSaveRequest; res: DelSaveResponse };
  [PATH.generateToken]: { req: GenerateTokenRequest; res: GenerateTokenResponse };
}

type PathValue = (typeof PATH)[keyof typeof PATH];

/**
 * The calls, once they are keyed by exactly PATH's values: a PATH without its call, or a call under another key, fails
 * to compile here (ENDPOINT_METHOD gives every PATH a method, and the mock serves every call).
 */
type KeyedByPath<C extends Record<PathValue, { req: unknown; res: unknown }> & Record<Exclude<keyof C, PathValue>, never>> = C;

/** Every call: its path, request and response types. The endpoints module and the mock server both key on this. */
export type Endpoints = KeyedByPath<Calls>;
