/**
 * `npm run dev`: esbuild watch + the mock server + live reload.
 *
 * - Rebuilds dist/ on every change (dev settings: not minified, source maps),
 *   rewrites every HTML shell and prunes stale hashed assets.
 * - Serves dist/ and the mock API with `createApp` from mock-server/app.ts on
 *   PORT (default 8080, HOST default 127.0.0.1), mounted where config.json
 *   points (API_BASE etc.).
 * - Live reload: so the mock server stays the same in dev and in `npm start`,
 *   a tiny server on 127.0.0.1:PORT+1 streams build ids over Server-Sent Events
 *   (GET /reload, CORS open); the dev HTML carries a few-byte client that
 *   reloads the page when the id changes.
 */
import * as esbuild from 'esbuild';
import { buildConsole } from './console.ts';
import { mkdir, rm } from 'node:fs/promises';
import http from 'node:http';
import { finishBuild, pruneStaleAssets, type BuildReport } from './build.ts';
import { esbuildOptions } from './esbuild-options.ts';
import { resolveOptions, type BuildOptions } from './options.ts';
import { kb } from './report.ts';

export interface WatchOptions extends Omit<BuildOptions, 'dev' | 'liveReloadUrl' | 'clean'> {
  /** Port of the app and mock API. Default: env PORT or 8080. Live reload listens on port + 1. */
  port?: number;
  /** Default: env HOST or 127.0.0.1. */
  host?: string;
  log?: (line: string) => void;
}

export interface WatchHandle {
  url: string;
  reloadUrl: string;
  /** Resolves after the next successful rebuild (for tests). */
  nextBuild(): Promise<BuildReport>;
  close(): Promise<void>;
}

interface ReloadServer {
  url: string;
  broadcast(buildId: string): void;
  close(): Promise<void>;
}

async function startReloadServer(port: number): Promise<ReloadServer> {
  const clients = new Set<http.ServerResponse>();
  let current = 'initial';
  const server = http.createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*' };
    if (req.url?.split('?')[0] !== '/reload') {
      res.writeHead(404, cors).end();
      return;
    }
    res.writeHead(200, { ...cors, 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(`retry: 1000\ndata: ${current}\n\n`);
    clients.add(res);
    req.on('close', () => clients.delete(res));
  });
  const keepAlive = setInterval(() => {
    for (const c of clients) c.write(': ping\n\n');
  }, 15_000);
  keepAlive.unref();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}/reload`,
    broadcast(buildId) {
      current = buildId;
      for (const c of clients) c.write(`data: ${buildId}\n\n`);
    },
    close() {
      clearInterval(keepAlive);
      for (const c of clients) c.end();
      clients.clear();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export async function watch(options: WatchOptions = {}): Promise<WatchHandle> {
  const log = options.log ?? ((line: string) => console.log(line));
  const port = options.port ?? Number(process.env.PORT ?? 8080);
  const host = options.host ?? process.env.HOST ?? '127.0.0.1';
  if (!Number.isInteger(port) || port <= 0 || port >= 65535) throw new Error(`bad PORT: ${port}`);

  const reload = await startReloadServer(port + 1);
  const opts = resolveOptions({ ...options, dev: true, clean: true, liveReloadUrl: reload.url });
  await rm(opts.outDir, { recursive: true, force: true });
  await mkdir(opts.outDir, { recursive: true });

  let startedAt = performance.now();
  let waiters: ((r: BuildReport) => void)[] = [];
  let firstBuild = true;
  // Unique across restarts too: a page left open from an earlier `npm run dev` reloads into this one.
  const run = Date.now().toString(36);
  let builds = 0;
  const ctx = await esbuild.context({
    ...esbuildOptions(opts),
    plugins: [
      {
        name: 'static-export',
        setup(b) {
          b.onStart(() => {
            startedAt = performance.now();
          });
          b.onEnd(async (result) => {
            if (result.errors.length > 0 || !result.metafile) {
              log(`[dev] build failed (${result.errors.length} errors); waiting for changes`);
              return;
            }
            try {
              const buildId = `${run}-${++builds}`;
              const report = await finishBuild(result.metafile, { ...opts, liveReloadBuildId: buildId }, startedAt);
              const removed = await pruneStaleAssets(report);
              const js = report.outputs.filter((o) => o.kind === 'js');
              log(
                `[dev] ${firstBuild ? 'built' : 'rebuilt'} in ${Math.round(report.buildMs)} ms: ${js.length} JS files, ` +
                  `entry ${report.entry} ${kb(report.outputs.find((o) => o.file === report.entry)?.bytes ?? 0)}` +
                  (removed.length ? `, pruned ${removed.length} stale` : ''),
              );
              firstBuild = false;
              reload.broadcast(buildId);
              const ready = waiters;
              waiters = [];
              for (const w of ready) w(report);
            } catch (err) {
              log(`[dev] writing the static export failed: ${err instanceof Error ? err.message : String(err)}`);
            }
          });
        },
      },
    ],
  });
  const initial = new Promise<BuildReport>((resolve) => waiters.push(resolve));
  await ctx.watch();
  await initial;
  // Built once: the console is a QA tool, not what `npm run dev` iterates on.
  await buildConsole(opts);

  // Loaded here, not at the top, so `npm run build` never loads the mock server.
  const { createApp } = await import('../mock-server/app.ts');
  const app = createApp({ distDir: opts.outDir, runtimeConfig: opts.config, log: (line) => log(`[mock] ${line}`) });
  const listening = await app.listen(port, host).catch(async (err: unknown) => {
    // The port was taken: leave nothing running behind the error (a caller may try another port).
    await ctx.dispose();
    await reload.close();
    throw err;
  });
  const url = listening.url.endsWith('/') ? listening.url : `${listening.url}/`;
  log(`[dev] app on ${url}  (live reload ${reload.url})`);

  return {
    url,
    reloadUrl: reload.url,
    nextBuild: () => new Promise((resolve) => waiters.push(resolve)),
    async close() {
      await ctx.dispose();
      await Promise.all([app.close(), reload.close()]);
    },
  };
}
