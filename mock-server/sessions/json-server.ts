/**
 * json-server 0.17 (express, lodash and lowdb under it), required when `/__db/` is first asked rather than when the
 * mock starts: loading it was a third of the mock's start-up CPU, and most sessions, e2e files and QA runs never ask.
 */
import { createRequire } from 'node:module';
import type JsonServer from 'json-server';

const require = createRequire(import.meta.url);
let lib: typeof JsonServer | null = null;

export function jsonServer(): typeof JsonServer {
  lib ??= require('json-server') as typeof JsonServer;
  return lib;
}
