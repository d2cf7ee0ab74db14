/**
 * The console's state and actions, framework-free: signals the views read,
 * fed by the live feed (feed.ts), and the control calls QA makes through the
 * typed client (mock-server/client.ts). Every failed call ends as a message
 * in `notice`, never as an exception in a view.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
import type { FeedServerMessage, FeedSessionRow } from '../../../mock-server/client/feed.ts';
import type { FaultInput, JournalEntry, MockSessionClient, ScenarioInfo, SessionSummary } from '../../../mock-server/client.ts';
import { createMockClient, MockControlError } from '../../../mock-server/client.ts';
import { DURATION_CODE, STREAM_EVENT } from '../../api/contract.ts';
import type { Clock } from '../../core/clock.ts';
import { connectFeed, type FeedConnection, type FeedSocket, type FeedStatus } from './feed.ts';
import { streamRates, type Snapshot, type StreamRates } from './figures.ts';
import { addEntries, ALL_KINDS, matches, type JournalFilter } from './journal.ts';

/** What "Push" offers: the SPEC's codes of each socket (web/api/contract). */
export const PUSH_CHOICES = [
  ...Object.entries(STREAM_EVENT).map(([name, code]) => ({ socket: 'stream' as const, code, label: `stream ${code} (${name})` })),
  ...Object.entries(DURATION_CODE).map(([name, code]) => ({ socket: 'duration' as const, code, label: `duration ${code} (${name})` })),
];

export interface Notice {
  kind: 'ok' | 'error';
  text: string;
}

export interface ConsoleDeps {
  /** The mock's origin, e.g. "http://127.0.0.1:8080". */
  origin: string;
  clock: Clock;
  openSocket(url: string): FeedSocket;
  fetch?: typeof fetch;
  /** The session to watch first (`?session=` of the console's URL). */
  initialSession?: string;
}

export interface ConsoleModel {
  status: ReadonlySignal<FeedStatus>;
  listing: ReadonlySignal<'all' | 'own' | undefined>;
  sessions: ReadonlySignal<FeedSessionRow[]>;
  selected: ReadonlySignal<string>;
  summary: ReadonlySignal<SessionSummary | null>;
  entries: ReadonlySignal<JournalEntry[]>;
  filter: ReadonlySignal<JournalFilter>;
  visible: ReadonlySignal<JournalEntry[]>;
  /** Journal entries that used a fault, newest first. */
  faultsUsed: ReadonlySignal<JournalEntry[]>;
  streams: ReadonlySignal<StreamRates[]>;
  network: ReadonlySignal<Snapshot['summary']['network'] | null>;
  scenarios: ReadonlySignal<ScenarioInfo[]>;
  notice: ReadonlySignal<Notice | null>;
  busy: ReadonlySignal<boolean>;
  select(session: string): void;
  setFilter(filter: JournalFilter): void;
  applyScenario(choice: { name: string } | { json: string }): Promise<void>;
  addFault(fault: FaultInput): Promise<void>;
  clearFaults(): Promise<void>;
  push(socket: 'stream' | 'duration', code: number): Promise<void>;
  goVirtual(): Promise<void>;
  advance(ms: number): Promise<void>;
  reset(): Promise<void>;
  setNetwork(conditions: { latencyMs?: number; bitrateKbps?: number; dropPercent?: number; stall?: boolean; lossPercent?: number; bandwidthKbps?: number } | null): Promise<void>;
  dispose(): void;
}

export function createConsoleModel(d: ConsoleDeps): ConsoleModel {
  const client = createMockClient({ baseUrl: d.origin, ...(d.fetch ? { fetch: d.fetch } : {}) });
  const status = signal<FeedStatus>('connecting');
  const listing = signal<'all' | 'own' | undefined>(undefined);
  const sessions = signal<FeedSessionRow[]>([]);
  const selected = signal(d.initialSession ?? '');
  const summary = signal<SessionSummary | null>(null);
  const entries = signal<JournalEntry[]>([]);
  const filter = signal<JournalFilter>(ALL_KINDS);
  const snapshots = signal<{ cur: Snapshot; prev: Snapshot | undefined } | null>(null);
  const scenarios = signal<ScenarioInfo[]>([]);
  const notice = signal<Notice | null>(null);
  const busy = signal(false);

  const onMessage = (m: FeedServerMessage): void => {
    switch (m.type) {
      case 'hello':
        listing.value = m.listing;
        break;
      case 'sessions':
        batch(() => {
          listing.value = m.listing;
          sessions.value = m.sessions;
        });
        break;
      case 'session':
        if (m.session === selected.value) summary.value = m.summary;
        break;
      case 'journal':
        if (m.session === selected.value) entries.value = addEntries(entries.value, m.entries, m.reset);
        break;
      case 'network': {
        if (m.summary.session !== selected.value) break;
        const cur = { at: d.clock.now(), summary: m.summary };
        snapshots.value = { cur, prev: snapshots.value?.cur };
        break;
      }
      case 'error':
        notice.value = { kind: 'error', text: m.error };
        break;
    }
  };

  const url = `${d.origin.replace(/^http/, 'ws')}/__mock/feed`;
  const feed: FeedConnection = connectFeed({ url, open: d.openSocket, clock: d.clock, onMessage, onStatus: (s) => (status.value = s) });
  if (selected.value !== '') feed.watch(selected.value);

  const session = (): MockSessionClient | undefined => (selected.value === '' ? undefined : client.session(selected.value));

  /** Run a control call for the selected session, showing what came of it. */
  const run = async (what: string, call: (s: MockSessionClient) => Promise<unknown>): Promise<void> => {
    const s = session();
    if (!s) {
      notice.value = { kind: 'error', text: 'Pick a session first' };
      return;
    }
    busy.value = true;
    try {
      await call(s);
      notice.value = { kind: 'ok', text: what };
    } catch (err) {
      notice.value = { kind: 'error', text: err instanceof MockControlError ? err.serverMessage : `${what} failed: ${err instanceof Error ? err.message : String(err)}` };
    } finally {
      busy.value = false;
    }
  };

  client.scenarios().then(
    (list) => (scenarios.value = list),
    (err: unknown) => (notice.value = { kind: 'error', text: `Scenarios could not be read: ${err instanceof MockControlError ? err.serverMessage : String(err)}` }),
  );

  return {
    status,
    listing,
    sessions,
    selected,
    summary,
    entries,
    filter,
    visible: computed(() => entries.value.filter((e) => matches(e, filter.value))),
    faultsUsed: computed(() => entries.value.filter((e) => e.fault !== undefined).reverse()),
    streams: computed(() => (snapshots.value ? streamRates(snapshots.value.cur, snapshots.value.prev) : [])),
    network: computed(() => snapshots.value?.cur.summary.network ?? null),
    scenarios,
    notice,
    busy,
    select(name) {
      const next = name.trim();
      if (next === selected.value) return;
      batch(() => {
        selected.value = next;
        summary.value = null;
        entries.value = [];
        snapshots.value = null;
        notice.value = null;
      });
      feed.watch(next);
    },
    setFilter(f) {
      filter.value = f;
    },
    applyScenario(choice) {
      if ('name' in choice) return run(`Scenario "${choice.name}" applied`, (s) => s.scenario(choice.name));
      let parsed: unknown;
      try {
        parsed = JSON.parse(choice.json) as unknown;
      } catch (err) {
        notice.value = { kind: 'error', text: `The pasted scenario is not JSON: ${err instanceof Error ? err.message : String(err)}` };
        return Promise.resolve();
      }
      return run('Pasted scenario applied', (s) => s.scenario(parsed as Parameters<MockSessionClient['scenario']>[0]));
    },
    addFault: (fault) => run('Fault added', (s) => s.faults(fault)),
    clearFaults: () => run('Pending faults dropped', (s) => s.faults.clear()),
    push: (socket, code) =>
      run(`Pushed ${socket} ${code}`, async (s) => {
        const r = socket === 'stream' ? await s.push('stream', { type: 'event', code: code as never }) : await s.push('duration', { code: code as never });
        if (r.delivered === 0) throw new Error(`no open ${socket} socket in this session`);
      }),
    goVirtual: () => run('Virtual clock on', (s) => s.clock.virtual()),
    advance: (ms) => run(`Clock advanced ${ms / 1000} s`, (s) => s.clock.advance(ms)),
    reset: () => run('Session reset', (s) => s.reset()),
    setNetwork: (c) => run(c === null ? 'Network back to the scenario' : 'Network conditions set', (s) => (c === null ? s.network.clear() : s.network.set(c))),
    dispose() {
      feed.close();
    },
  };
}
