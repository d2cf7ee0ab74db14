/**
 * Loads and checks the JSON files in `fixtures/`. Every file is validated
 * against the shape the routes rely on, and a bad file fails createApp with
 * one message naming the file and the field, never later inside a handler.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DownUrl, Protocol, ProtocolType, PsShield, SystemInfo } from '../web/api/contract.ts';
import { loadContentFixtures, type ContentFixtures } from './content-fixtures.ts';
import { mobileProblem, phoneKey } from './phone.ts';
import { FieldError, Fields, isObj } from './validate.ts';

/** Account state of a user; times are relative (days from the moment the user is created on the server clock). */
export interface AccountFixture {
  is_auth: 0 | 1;
  member_status: 0 | 1 | 2;
  /** Days of membership left; 0 for none. */
  member_days: number;
  quick_status: 0 | 1;
  /** Days of quick card left; 0 for none. */
  quick_days: number;
  /** Days of the background membership left; 0 for none. */
  bgmember_days: number;
  buy_member: 0 | 1;
  is_new_user: 0 | 1;
  trial_status: 0 | 1;
  coin_balance: number;
  duration: number;
  coin_balance_duration: number;
  duration_coin: number;
}

export interface PersonaFixture {
  area_code: string;
  mobile: string;
  swcloud_uid: number;
  username: string;
  avatar: string;
  /** What this persona is for, shown to QA. */
  note: string;
  account: AccountFixture;
}

export interface UsersFixture {
  personas: PersonaFixture[];
  /** Template for any other valid number logging in for the first time. */
  new_user: { username_prefix: string; avatar: string; account: AccountFixture };
  /** uid given to the first user created at runtime; later ones count up. */
  first_new_uid: number;
}

export interface Fixtures {
  users: UsersFixture;
  systemInfo: SystemInfo;
  downUrl: DownUrl;
  shield: PsShield;
  protocols: Record<ProtocolType, Protocol>;
  /** Catalogue, home, sign-in, minor rules, control layouts, shop and invitations (content-fixtures.ts). */
  content: ContentFixtures;
}

export const FIXTURE_FILES = {
  users: 'users.json',
  systemInfo: 'system_info.json',
  downUrl: 'downurl.json',
  shield: 'shield.json',
  protocols: 'protocol.json',
} as const;

export class FixtureError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`Invalid fixture ${file}: ${detail}`);
    this.name = 'FixtureError';
  }
}

const COMMA_IDS = /^(\d+(,\d+)*)?$/;

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = err instanceof Error && 'code' in err ? String(err.code) : '';
    throw new FixtureError(file, code === 'ENOENT' ? 'file not found' : `cannot read (${err instanceof Error ? err.message : String(err)})`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new FixtureError(file, `not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
}

function parseAccount(f: Fields): AccountFixture {
  const account: AccountFixture = {
    is_auth: f.flag('is_auth'),
    member_status: f.oneOfNumber('member_status', [0, 1, 2] as const),
    member_days: f.int('member_days', { min: 0 }),
    quick_status: f.flag('quick_status'),
    quick_days: f.int('quick_days', { min: 0 }),
    bgmember_days: f.int('bgmember_days', { min: 0 }),
    buy_member: f.flag('buy_member'),
    is_new_user: f.flag('is_new_user'),
    trial_status: f.flag('trial_status'),
    coin_balance: f.int('coin_balance', { min: 0 }),
    duration: f.int('duration', { min: 0 }),
    coin_balance_duration: f.int('coin_balance_duration', { min: 0 }),
    duration_coin: f.int('duration_coin', { min: 0 }),
  };
  if (account.member_status !== 0 && account.member_days === 0) {
    throw new FieldError(f.path('member_days'), 'must be above 0 when member_status is 1 or 2');
  }
  if (account.quick_status === 1 && account.quick_days === 0) {
    throw new FieldError(f.path('quick_days'), 'must be above 0 when quick_status is 1');
  }
  return account;
}

function parseUsers(value: unknown): UsersFixture {
  const f = Fields.of(value);
  const seenPhones = new Set<string>();
  const seenUids = new Set<number>();
  const personas = f.objects('personas').map((p): PersonaFixture => {
    const persona: PersonaFixture = {
      area_code: p.string('area_code'),
      mobile: p.string('mobile'),
      swcloud_uid: p.int('swcloud_uid', { min: 1 }),
      username: p.string('username'),
      avatar: p.string('avatar', { nonEmpty: false }),
      note: p.string('note'),
      account: parseAccount(p.object('account')),
    };
    const problem = mobileProblem(persona.area_code, persona.mobile);
    if (problem) throw new FieldError(p.path('mobile'), `is not valid: ${problem}`);
    const key = phoneKey(persona.area_code, persona.mobile);
    if (seenPhones.has(key)) throw new FieldError(p.path('mobile'), `repeats +${persona.area_code} ${persona.mobile}`);
    if (seenUids.has(persona.swcloud_uid)) throw new FieldError(p.path('swcloud_uid'), `repeats ${persona.swcloud_uid}`);
    seenPhones.add(key);
    seenUids.add(persona.swcloud_uid);
    return persona;
  });
  const nu = f.object('new_user');
  const firstNewUid = f.int('first_new_uid', { min: 1 });
  if (personas.some((p) => p.swcloud_uid >= firstNewUid)) {
    throw new FieldError('first_new_uid', 'must be above every persona swcloud_uid');
  }
  return {
    personas,
    new_user: {
      username_prefix: nu.string('username_prefix', { nonEmpty: false }),
      avatar: nu.string('avatar', { nonEmpty: false }),
      account: parseAccount(nu.object('account')),
    },
    first_new_uid: firstNewUid,
  };
}

function parseSystemInfo(value: unknown): SystemInfo {
  const f = Fields.of(value);
  const pay = f.object('pay_config');
  const pop = f.object('recommend_product_pop_conf');
  const def = f.object('definition_default_conf');
  const agents = { pattern: /^([\w-]+(,[\w-]+)*)?$/, patternHint: 'a comma list of agent codes', nonEmpty: false };
  return {
    cloud_game_load_page: f.string('cloud_game_load_page', { nonEmpty: false }),
    pay_config: { h5_wxpay: pay.flag('h5_wxpay'), h5_alipay: pay.flag('h5_alipay') },
    h5_can_sign_agents: f.string('h5_can_sign_agents', agents),
    h5_limit_back_home: f.string('h5_limit_back_home', agents),
    recommend_product_pop_conf: { expire_times: pop.int('expire_times', { min: 0 }) },
    definition_default_conf: {
      vip_can_use: def.flag('vip_can_use'),
      vip_user_default: def.int('vip_user_default', { min: 0, max: 3 }),
      normal_user_default: def.int('normal_user_default', { min: 0, max: 3 }),
    },
  };
}

function parseDownUrl(value: unknown): DownUrl {
  const f = Fields.of(value);
  const url = { pattern: /^https?:\/\/\S+$/, patternHint: 'an http(s) URL' };
  return {
    android_url: f.string('android_url', url),
    ios_url: f.string('ios_url', url),
    version: f.string('version', { pattern: /^\d+\.\d+\.\d+$/, patternHint: 'a version like 1.0.0' }),
  };
}

function parseShield(value: unknown): PsShield {
  const f = Fields.of(value);
  return { game: f.string('game', { nonEmpty: false, pattern: COMMA_IDS, patternHint: 'a comma list of game ids like "3,17"' }) };
}

function parseProtocols(value: unknown): Record<ProtocolType, Protocol> {
  const f = Fields.of(value);
  const one = (type: ProtocolType): Protocol => {
    const p = f.object(type);
    const raw = p.raw('paragraphs');
    if (!Array.isArray(raw) || raw.length < 3 || !raw.every((x): x is string => typeof x === 'string' && x.trim() !== '')) {
      throw new FieldError(p.path('paragraphs'), 'must be an array of at least 3 non-empty strings');
    }
    return {
      type,
      title: p.string('title'),
      content: raw.join('\n\n'),
      updated_at: p.string('updated_at', { pattern: /^\d{4}-\d{2}-\d{2}$/, patternHint: 'a date like 2024-01-31' }),
    };
  };
  return { user: one('user'), privacy: one('privacy') };
}

function load<T>(dir: string, name: string, parse: (value: unknown) => T): T {
  const file = path.join(dir, name);
  const value = readJson(file);
  if (!isObj(value)) throw new FixtureError(file, 'the top level must be a JSON object');
  try {
    return parse(value);
  } catch (err) {
    if (err instanceof FieldError) {
      throw new FixtureError(file, err.problem === 'is missing' ? `${err.field} is missing` : `${err.field} ${err.problem}`);
    }
    throw err;
  }
}

/** Read and check every fixture file in `dir`; throws FixtureError naming the first bad file. */
export function loadFixtures(dir: string): Fixtures {
  return {
    users: load(dir, FIXTURE_FILES.users, parseUsers),
    systemInfo: load(dir, FIXTURE_FILES.systemInfo, parseSystemInfo),
    downUrl: load(dir, FIXTURE_FILES.downUrl, parseDownUrl),
    shield: load(dir, FIXTURE_FILES.shield, parseShield),
    protocols: load(dir, FIXTURE_FILES.protocols, parseProtocols),
    content: loadContentFixtures(dir, (d, name, parse) => load(d, name, (value) => parse(Fields.of(value)))),
  };
}
