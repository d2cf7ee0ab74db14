/**
 * What the content routes remember beyond the users of `store.ts`: plays and
 * downloads, sign-in days, real-name records, reported events, orders,
 * invitations and each user's asset changes. One ContentState belongs to one
 * mock session (a session slot), so a reset session starts with fresh content
 * state, like its fresh store.
 */
import type { OrderProductType, OrderStatus, PayType, PropertyRecord, PropertyRecordKind } from '../../web/api/contract.ts';
import type { Wording } from '../http/words.ts';
import type { ContentLanguage } from '../languages.ts';
import { defineSlot, type MockSession } from '../sessions/session.ts';
import { formatBackendTime, type UserRecord } from '../sessions/store.ts';

export interface PlayedRecord {
  lastMs: number;
  times: number;
}

export interface AuthRecord {
  realName: string;
  idCard: string;
  /** Birth date from the ID card, "YYYY-MM-DD". */
  birth: string;
  atMs: number;
}

export interface EventRecord {
  id: number;
  event: string;
  data: Record<string, unknown> | string | null;
  /** The logged-in user, or null for a visitor. */
  uid: number | null;
  atMs: number;
}

/** An order as stored; its status is `pending` until paid or cancelled, and reads as `expired` after `expireMs`. */
export interface OrderRecord {
  orderId: string;
  uid: number;
  productId: number;
  productType: OrderProductType;
  title: string;
  amount: string;
  payType: PayType;
  status: Exclude<OrderStatus, 'expired'>;
  createdMs: number;
  paidMs: number;
  expireMs: number;
  /** Where the pay page lives, `<origin>/mock-pay/<id>[?mock_session=…]`. */
  payUrl: string;
}

export interface InviteRecord {
  inviterUid: number;
  code: string;
  atMs: number;
  /** Seconds the inviter got for this friend. */
  inviterReward: number;
}

/** Events kept per store; older ones are dropped first. */
export const MAX_EVENTS = 1000;
/** Asset changes kept per user. */
export const MAX_RECORDS = 50;

export class ContentState {
  /** Plays and downloads recorded here, added to the fixture counts. */
  readonly playCounts = new Map<number, number>();
  readonly downCounts = new Map<number, number>();
  /** uid → game id → record. */
  readonly played = new Map<number, Map<number, PlayedRecord>>();
  /** uid → dates signed ("YYYY-MM-DD", China time). */
  readonly signIns = new Map<number, Set<string>>();
  readonly auth = new Map<number, AuthRecord>();
  readonly events: EventRecord[] = [];
  readonly orders = new Map<string, OrderRecord>();
  /** invitee uid → the invitation they bound. */
  readonly invites = new Map<number, InviteRecord>();
  private readonly records = new Map<number, StoredRecord[]>();
  private nextEventId = 1;
  private nextRecordId = 1;
  private nextOrderSeq = 1;

  recordPlay(uid: number, gameId: number, now: number): number {
    const count = (this.playCounts.get(gameId) ?? 0) + 1;
    this.playCounts.set(gameId, count);
    let mine = this.played.get(uid);
    if (!mine) {
      mine = new Map();
      this.played.set(uid, mine);
    }
    const rec = mine.get(gameId);
    mine.set(gameId, { lastMs: now, times: (rec?.times ?? 0) + 1 });
    return count;
  }

  recordDownload(gameId: number): number {
    const count = (this.downCounts.get(gameId) ?? 0) + 1;
    this.downCounts.set(gameId, count);
    return count;
  }

  /** A user's played games, latest first. */
  playedBy(uid: number): Array<{ gameId: number } & PlayedRecord> {
    return [...(this.played.get(uid) ?? new Map<number, PlayedRecord>())]
      .map(([gameId, r]) => ({ gameId, ...r }))
      .sort((a, b) => b.lastMs - a.lastMs || b.gameId - a.gameId);
  }

  signedDays(uid: number): ReadonlySet<string> {
    return this.signIns.get(uid) ?? new Set();
  }

  /** Mark `date` signed; false when it already was. */
  sign(uid: number, date: string): boolean {
    let days = this.signIns.get(uid);
    if (!days) {
      days = new Set();
      this.signIns.set(uid, days);
    }
    if (days.has(date)) return false;
    days.add(date);
    return true;
  }

  addEvent(event: string, data: EventRecord['data'], uid: number | null, atMs: number): EventRecord {
    const rec: EventRecord = { id: this.nextEventId++, event, data, uid, atMs };
    this.events.push(rec);
    if (this.events.length > MAX_EVENTS) this.events.splice(0, this.events.length - MAX_EVENTS);
    return rec;
  }

  /** A new order id: "CG", the server date and time (China), a sequence number and 4 random digits. */
  newOrderId(stamp: string): string {
    const seq = String(this.nextOrderSeq++).padStart(4, '0');
    const rand = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
    return `CG${stamp}${seq}${rand}`;
  }

  /** Credit a user's assets and remember why (cg_property_detail records). */
  grant(user: UserRecord, kind: PropertyRecordKind, title: string | Wording, atMs: number, gift: { coin?: number; duration?: number; bought?: boolean }): void {
    const coin = gift.coin ?? 0;
    const duration = gift.duration ?? 0;
    user.coinBalance += coin;
    if (gift.bought) user.coinBalanceDuration += duration;
    else user.duration += duration;
    user.durationCoin += duration;
    this.addRecord(user.uid, kind, title, atMs, coin, duration);
  }

  addRecord(uid: number, kind: PropertyRecordKind, title: string | Wording, atMs: number, coin: number, duration: number): void {
    let list = this.records.get(uid);
    if (!list) {
      list = [];
      this.records.set(uid, list);
    }
    list.unshift({ id: this.nextRecordId++, kind, title, coin, duration, time: Math.floor(atMs / 1000), time_text: formatBackendTime(atMs) });
    if (list.length > MAX_RECORDS) list.length = MAX_RECORDS;
  }

  /** The user's records, their titles worded in `language` (a product's title stays as it was bought). */
  recordsOf(uid: number, language: ContentLanguage): PropertyRecord[] {
    return (this.records.get(uid) ?? []).map((r) => ({ ...r, title: typeof r.title === 'string' ? r.title : r.title.in(language) }));
  }
}

/** A record as kept: a title the mock words itself stays unworded until a request names its language. */
type StoredRecord = Omit<PropertyRecord, 'title'> & { title: string | Wording };

const CONTENT_SLOT = defineSlot('content', () => new ContentState());

/** The content state of a mock session, made on first use. */
export function contentState(session: MockSession): ContentState {
  return session.slot(CONTENT_SLOT);
}

/** Masking the way the app shows personal data: a name keeps its last character, an ID its first 3 and last 4. */
export function maskName(name: string): string {
  const chars = [...name];
  return chars.length <= 1 ? '*' : `${'*'.repeat(chars.length - 1)}${chars[chars.length - 1] ?? ''}`;
}
export function maskIdCard(id: string): string {
  return id.length <= 7 ? '*'.repeat(id.length) : `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}`;
}
