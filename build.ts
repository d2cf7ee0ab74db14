/**
 * Build the app into dist/ (static export for any plain host or CDN).
 *
 *   tsx build.ts            production build, prints every JS/CSS output with raw and gzip size
 *   tsx build.ts --watch    dev: rebuild on change + mock server on PORT (8080) + live reload on PORT+1
 *
 * dist/ holds an index.html per route path (ROUTE_PATHS), 404.html (same
 * shell), config.json and a copy of web/public/ if present. config.json is
 * DEFAULT_RUNTIME_CONFIG; the environment overrides it at build time:
 *   API_BASE=https://api.example.com/ GAME_API_BASE=... SOCKET_BASE=wss://ws.example.com/ npm run build
 *
 * The build itself lives in build/build.ts (`build(options): Promise<BuildReport>`)
 * so bench/ and tests/ reuse it.
 */
import { pathToFileURL } from 'node:url';
import { build } from './build/build.ts';
import { CONFIG_ENV } from './build/config.ts';
import { formatSizeTable } from './build/report.ts';
import { watch } from './build/watch.ts';

export { build } from './build/build.ts';
export type { BuildReport } from './build/build.ts';
export type { BuildOptions } from './build/options.ts';
export type { OutputInfo, PageChunk } from './build/outputs.ts';

const HELP = `usage: tsx build.ts [--watch]
  (no flag)  production build into dist/ and a size table
  --watch    dev build + mock server on PORT (default 8080, HOST default 127.0.0.1) + live reload on PORT+1
env: ${Object.values(CONFIG_ENV).join(', ')} override config.json (defaults: /api/, /api/game/, /socket/)`;

async function main(argv: readonly string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(HELP);
    return;
  }
  const unknown = argv.filter((a) => a !== '--watch');
  if (unknown.length > 0) throw new Error(`unknown arguments: ${unknown.join(' ')}\n${HELP}`);

  if (argv.includes('--watch')) {
    const handle = await watch();
    const stop = (): void => {
      console.log('\n[dev] stopping');
      handle.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return;
  }

  const report = await build();
  for (const w of report.warnings) console.warn(w);
  console.log(formatSizeTable(report));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
