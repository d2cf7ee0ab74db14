/**
 * The Latin-letter words a Chinese screen may show (decision 0010): brand names and codes, listed in one place.
 * Everything else in Latin letters on a zh-CN screen is English the UI forgot to translate.
 */

/** Brand names, product names and abbreviations Chinese players read as they are, allowed anywhere in a text. */
export const BRANDS: readonly string[] = [
  'Cloud Play', // the app's name
  'VIP',
  'ID', // 身份证 ID, 游戏 ID
  'PC',
  'WebRTC',
  'Wi-Fi',
  'RPG',
  'App', // 下载 App
  'Android',
  'iOS',
  'iPhone',
  'iPad',
  'Pro', // 疾速射门 Pro: part of a game's name
  'Nebula Forge', // a studio's name in game descriptions
  'ICP', // the site's registration number (沪ICP备…) on About us
  // Settings names each language in itself, so a reader finds theirs whatever is showing.
  'English',
  'Español',
  'Français',
];

/** What the player (not the UI) wrote, shown as it was written in any language: the account's nickname. */
export const USER_CONTENT: readonly string[] = ['.profile__name'];

/** Units and technical figures in the stream statistics. */
export const UNITS: readonly string[] = ['ms', 'kbit', 'Mbps'];

/**
 * Codes shown as a whole text or label: the caps of the virtual keyboard and pad (printed the same on real
 * keyboards and controllers) and the key codes the keys are named by for screen readers.
 */
export const CODES: readonly RegExp[] = [
  /^(Esc|Tab|Shift|Ctrl|Alt|Enter|Space|Num\d|LMB|MMB|RMB|LB|RB|LT|RT|L3|R3|Select|Start|Home)$/,
  /^(Key[A-Z]|Digit\d|Numpad\w+|Arrow(Up|Down|Left|Right)|(Shift|Control|Alt|Meta)(Left|Right)|Escape|Backspace|Tab|Enter|Space|Mouse(Left|Middle|Right))$/,
  /^v?\d+(\.\d+)*$/, // versions
  /^(?=.*\d)[A-Z0-9]{6,12}$/, // invitation codes, order numbers
];

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ALLOWED_WORDS = new RegExp(`(?<![A-Za-z])(${[...BRANDS, ...UNITS].map(escape).join('|')})(?![A-Za-z])`, 'g');

/** The English words left in `text` once the allowed brands, units and codes are taken out. */
export function englishWords(text: string): string[] {
  const t = text.trim();
  if (CODES.some((re) => re.test(t))) return [];
  return t.replace(ALLOWED_WORDS, ' ').match(/[A-Za-z]{2,}/g) ?? [];
}
