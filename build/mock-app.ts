/**
 * Loads `mock-server/app.ts` lazily, so a plain `npm run build` never depends
 * on the mock server and this file type-checks while the mock server is being
 * written. The types mirror the agreed signature of `createApp`; the loaded
 * module is checked at run time before use.
 */
import { existsSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface MockAppOptions {
  fixturesDir?: string;
  distDir?: string | null;
  clock?: unknown;
  latencyMs?: number;
  log?: (line: string) => void;
}

export interface MockApp {
  server: http.Server;
  listen(port: number, host?: string): Promise<{ port: number; url: string }>;
  close(): Promise<void>;
}

export type CreateApp = (options?: MockAppOptions) => MockApp;

export const MOCK_APP_MODULE = 'mock-server/app.ts';

const isCreateApp = (value: unknown): value is CreateApp => typeof value === 'function';

/** The mock server's `createApp`, or null when mock-server/app.ts does not exist yet. */
export async function loadCreateApp(root: string = process.cwd()): Promise<CreateApp | null> {
  const file = path.resolve(root, MOCK_APP_MODULE);
  if (!existsSync(file)) return null;
  const mod: unknown = await import(pathToFileURL(file).href);
  const createApp: unknown = typeof mod === 'object' && mod !== null && 'createApp' in mod ? mod.createApp : undefined;
  if (!isCreateApp(createApp)) throw new Error(`${MOCK_APP_MODULE} does not export a createApp function`);
  return createApp;
}
