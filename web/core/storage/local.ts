/**
 * Local storage entries as `{type, data}` (SPEC §3): the type tag lets a read
 * give back the number, boolean, object or array that was written, not a string.
 */

export interface LocalStore {
  set(key: string, value: unknown): void;
  /** Throws Error('data not found') when absent or unreadable (SPEC §5). */
  get<T>(key: string): T;
  /** `get` without the throw, for callers with a sensible fallback. */
  getOr<T>(key: string, fallback: T): T;
  has(key: string): boolean;
  remove(key: string): void;
  clear(): void;
}

export type EntryType = 'string' | 'number' | 'boolean' | 'object' | 'array';

export interface StoredEntry {
  type: EntryType;
  /** The string itself for strings, JSON text for everything else (SPEC §3). */
  data: string;
}

export const DATA_NOT_FOUND = 'data not found';

const TYPES: ReadonlySet<string> = new Set<EntryType>(['string', 'number', 'boolean', 'object', 'array']);

function entryType(value: unknown): EntryType {
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  if (t === 'string' || t === 'number' || t === 'boolean') return t;
  if (t === 'object') return 'object';
  throw new TypeError(`cannot store a value of type ${t}`);
}

export function encodeEntry(value: unknown): string {
  const type = entryType(value);
  const data = typeof value === 'string' ? value : JSON.stringify(value);
  return JSON.stringify({ type, data } satisfies StoredEntry);
}

/** Undefined for anything not written by `encodeEntry`: another library's key, a truncated write. */
export function decodeEntry(raw: string): { value: unknown } | undefined {
  let entry: unknown;
  try {
    entry = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof entry !== 'object' || entry === null) return undefined;
  const { type, data } = entry as Partial<StoredEntry>;
  if (typeof type !== 'string' || !TYPES.has(type) || typeof data !== 'string') return undefined;
  if (type === 'string') return { value: data };
  try {
    return { value: JSON.parse(data) };
  } catch {
    return undefined;
  }
}

export function createLocalStore(backend: Storage = globalThis.localStorage): LocalStore {
  const read = (key: string): { value: unknown } | undefined => {
    const raw = backend.getItem(key);
    return raw === null ? undefined : decodeEntry(raw);
  };
  return {
    set(key, value) {
      backend.setItem(key, encodeEntry(value));
    },
    get<T>(key: string): T {
      const hit = read(key);
      // A corrupt entry is reported as missing but left in place: it may belong to someone else.
      if (!hit) throw new Error(DATA_NOT_FOUND);
      return hit.value as T;
    },
    getOr<T>(key: string, fallback: T): T {
      const hit = read(key);
      return hit ? (hit.value as T) : fallback;
    },
    has: (key) => read(key) !== undefined,
    remove: (key) => backend.removeItem(key),
    clear: () => backend.clear(),
  };
}
