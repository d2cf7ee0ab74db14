/**
 * The catalogue and the home page (SPEC §3 games, §7 index/game/… and
 * home_list). Times are seconds since the epoch unless named `…_ms`; dates
 * and day boundaries are China Standard Time (UTC+8), the way the backend
 * counts days.
 */

export const OP_TYPE = { gamepad: 0, keyboard: 1, touch: 2 } as const;
export type OpType = (typeof OP_TYPE)[keyof typeof OP_TYPE];
/**
 * SPEC §3 `op_mode` (decision 0007): `switchable` lets the player switch
 * among the game's `op_type` list; `fixed` keeps it on `default_op_type`.
 */
export const OP_MODE = { switchable: 0, fixed: 1 } as const;
export type OpMode = (typeof OP_MODE)[keyof typeof OP_MODE];

/**
 * A hang-up option as the catalogue offers it (SPEC §3 \`hang\`): 3, 10, 30 or 60
 * minutes; type 2 is member-only and is reset when membership is lost (SPEC §5).
 */
export interface GameHangOption {
  duration: 3 | 10 | 30 | 60;
  type: 1 | 2;
}

/** A list is answered one page at a time. */
export interface Page<T> {
  list: T[];
  /** Items in all pages. */
  total: number;
  page: number;
  page_size: number;
  has_more: 0 | 1;
}
/** `page` from 1 (default 1); `page_size` from 1 up to the server's limit (the mock's: default 20, at most 50). */
export interface PageRequest {
  page?: number;
  page_size?: number;
}

export interface GameTag {
  id: number;
  name: string;
}
export interface GameTagCount extends GameTag {
  /** Visible games (shield applied) carrying this tag. */
  game_count: number;
}

/** A game as lists show it. Image URLs are absolute (the mock server's origin, generated SVG). */
export interface GameSummary {
  id: number;
  game_key: string;
  title: string;
  tags: GameTag[];
  short_desc: string;
  /** Portrait 3:4 image. */
  cover: string;
  /** Landscape 16:9 image. */
  banner: string;
  /** The studio that made the game. */
  developer: string;
  /** The cloud vendor that runs it (SPEC §3 game session variable): sent to get_token and user_sc_list. */
  manufacturer: string;
  /** Times played, all users. */
  play_count: number;
  /** 1.0–5.0, one decimal. */
  rating: number;
  is_new: 0 | 1;
  is_hot: 0 | 1;
}

export interface GameTrailer {
  /** A video file that supports HTTP Range requests. */
  url: string;
  poster: string;
  /** Seconds. */
  duration: number;
  mime: string;
}

/** The full game (game_info), with the session variables of SPEC §3. */
export interface Game extends GameSummary {
  /** Plain text: paragraphs separated by blank lines, feature lines start with "• ". */
  description: string;
  /** Landscape 16:9 images, at least 3. */
  screenshots: string[];
  trailer: GameTrailer;
  channel_id: number;
  /** Times the app was downloaded from this game's page. */
  down_count: number;
  /** "YYYY-MM-DD". */
  release_date: string;
  default_op_type: OpType;
  /** Comma list of OpType, e.g. "0,1,2". */
  op_type: string;
  /** Whether the player may switch among `op_type` (0) or is kept on `default_op_type` (1). */
  op_mode: OpMode;
  show_keyboard: 0 | 1;
  full_screen: 0 | 1;
  /** Whether the virtual gamepad/keyboard may be shown (touch supported). */
  show_virtual: 0 | 1;
  /** Hang-up options (minutes); type 2 is member-only (SPEC §5). */
  hang: GameHangOption[];
}

export interface PlayedGame extends GameSummary {
  /** Last play_game record of this user for this game. */
  last_played_at: number;
  last_played: string;
  /** How many times this user played it. */
  play_times: number;
}

export interface GameIdRequest {
  game_id: number;
}
export interface UidGameRequest {
  uid: number;
  game_id: number;
}
export type GameSort = 'hot' | 'new' | 'rating';
/** The library: all visible games, or one tag's; sorted by play count (hot, default), release date (new) or rating. */
export interface GameListRequest extends PageRequest {
  tag_id?: number;
  sort?: GameSort;
}
/** Case-insensitive match on title, tag name or developer; title matches first, then by play count. */
export interface GameSearchRequest extends PageRequest {
  keyword: string;
}
export interface GameSearchResponse extends Page<GameSummary> {
  keyword: string;
}
/** Games sharing at least one tag, most shared tags first, then by play count. */
export interface SimilarListRequest {
  game_id: number;
  /** 1–20, default 10. */
  limit?: number;
}
export interface GameListResponse {
  list: GameSummary[];
}
export interface TagListResponse {
  list: GameTagCount[];
}
export interface PlayRecordResponse {
  game_id: number;
  play_count: number;
}
export interface DownRecordResponse {
  game_id: number;
  down_count: number;
}

/** A control layout (SPEC §3 local database "gamepad and keyboard layouts": id, name, config, screen). */
export interface OpPlanKey {
  /** Key or button code: "KeyW", "Space", "MouseLeft", "BTN_A", "STICK_L", … */
  code: string;
  label: string;
  /** Centre, in percent of the screen (0–100). */
  x: number;
  y: number;
  /** Diameter, in percent of the screen height. */
  size: number;
}
export interface OpPlan {
  id: number;
  game_id: number;
  name: string;
  op_type: OpType;
  /** The plan the game starts with for this op type. */
  is_default: 0 | 1;
  config: OpPlanKey[];
  /** The reference screen the percentages were laid out on. */
  screen: { width: number; height: number };
}
export interface OpPlanListResponse {
  list: OpPlan[];
}

// ---- home

export interface HomeBanner {
  id: number;
  title: string;
  subtitle: string;
  /** Landscape 16:9 image. */
  image: string;
  /** The game the banner opens. */
  game_id: number;
}
/** continue: the user's recently played games (only with a valid token); picks: an editor's list. */
export type HomeSectionType = 'continue' | 'hot' | 'new' | 'tag' | 'picks';
export interface HomeSection {
  key: string;
  type: HomeSectionType;
  title: string;
  /** row: horizontal scroller of covers; grid: 2-column covers; large: banners. */
  layout: 'row' | 'grid' | 'large';
  /** The tag of a `tag` section, else 0. */
  tag_id: number;
  /** 1 when game_list has more of it (tag_id / sort). */
  more: 0 | 1;
  games: GameSummary[];
}
/** GET index/api/home_list: banner carousel and sections; shield applied; empty sections are left out. */
export interface HomeList {
  banners: HomeBanner[];
  sections: HomeSection[];
}
