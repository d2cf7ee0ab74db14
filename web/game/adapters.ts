/**
 * The stream SDK adapters this build knows, by the name `config.json` gives
 * (`"sdk"`, default "mock-webrtc"; SPEC §4 "Start" initialises "the SDK").
 * Each is a dynamic import, so an adapter's code is its own chunk: it loads
 * when a game first needs a stream (`createLazySdk`), never on home. A
 * vendor SDK joins by adding its name and loader here.
 */
import type { Clock } from '../core/clock.ts';
import type { GameSdk } from './sdk.ts';

/** What the app hands every adapter. */
export interface SdkContext {
  clock: Clock;
  /** Socket base of the runtime config ("/socket/" or absolute). */
  socketBase: string;
  /** The mock session to join (QA isolation); a vendor SDK ignores it. */
  mockSession: string | null;
  log?: (msg: string) => void;
}

export type SdkAdapter = (ctx: SdkContext) => Promise<GameSdk>;

export const SDK_ADAPTERS: ReadonlyMap<string, SdkAdapter> = new Map<string, SdkAdapter>([
  // The mock cloud's WebRTC stream (it also plays the socket transport when the server streams without video).
  ['mock-webrtc', async (ctx) => (await import('./mock-sdk.ts')).createMockSdk(ctx)],
]);

/** config.json names an adapter this build does not have: said on the game screen, where the stream would be. */
export class UnknownSdkError extends Error {
  constructor(
    readonly sdkName: string,
    known: readonly string[],
  ) {
    super(`The stream SDK "${sdkName}" named in config.json is not part of this app (it has: ${known.join(', ')}).`);
    this.name = 'UnknownSdkError';
  }
}

/** Loads and builds the adapter `name`; rejects with UnknownSdkError for a name the build does not know. */
export async function loadSdk(name: string, ctx: SdkContext, adapters: ReadonlyMap<string, SdkAdapter> = SDK_ADAPTERS): Promise<GameSdk> {
  const adapter = adapters.get(name);
  if (!adapter) throw new UnknownSdkError(name, [...adapters.keys()]);
  return adapter(ctx);
}
