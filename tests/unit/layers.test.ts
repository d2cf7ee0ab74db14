// @vitest-environment node
/**
 * The import arrows of ARCHITECTURE.md, as read in docs/decisions/0004-layers.md:
 * pages → ui → state → game → api → core, nothing upward; the contract is a
 * leaf anyone may import, web/core only for the wire protocol; app is the
 * composition root (pages only by dynamic import); the mock server takes from
 * web/ only the contract and the shared wire and rule modules. And no import
 * cycle anywhere.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WEB = path.join(ROOT, 'web');
const MOCK = path.join(ROOT, 'mock-server');
type Layer = 'core' | 'api' | 'game' | 'state' | 'ui' | 'app' | 'pages';

const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  core: [],
  api: ['core'],
  game: ['api', 'core'],
  state: ['game', 'api', 'core'],
  ui: ['state', 'game', 'api', 'core'],
  app: ['ui', 'state', 'game', 'api', 'core'],
  pages: ['app', 'ui', 'state', 'game', 'api', 'core'],
};
const LAYERS = Object.keys(MAY_IMPORT) as Layer[];
const CONTRACT = path.join(WEB, 'api', 'contract.ts');
const CONTRACT_DIR = path.join(WEB, 'api', 'contract');
const inContract = (file: string): boolean => file === CONTRACT || file.startsWith(CONTRACT_DIR + path.sep);

/**
 * The contract's wire-protocol modules (0004), the only part of web/api that web/core imports: the envelope, body
 * codes, runtime error codes and headers; the app's id; the sockets' heartbeat and close codes; the runtime config;
 * the host bridge's protocol.
 */
const WIRE_MODULES = ['protocol.ts', 'app-id.ts', 'sockets.ts', 'runtime-config.ts', 'bridge.ts'].map((f) => path.join(CONTRACT_DIR, f));
/** An import of web/api that web/core may not make: the barrel, another area of the contract, or api beside it. */
const beyondWire = (imp: { target: string }): boolean => layerOf(imp.target) === 'api' && !WIRE_MODULES.includes(imp.target);

/**
 * The only web/ modules the mock server imports: the contract and the shared wire and rule modules (0004), the page
 * paths (the pay result page its payment page returns to), and the Intl region names its messages use (decision 0010).
 */
const SHARED_WITH_MOCK = ['api/contract.ts', 'api/phone.ts', 'api/mask.ts', 'api/idcard.ts', 'api/frame-code.ts', 'core/clock.ts', 'core/paths.ts', 'core/i18n/region.ts', 'core/i18n/lang.ts'].map((p) => path.join(WEB, p));

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return walk(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

const layerOf = (file: string): Layer | null => {
  const rel = path.relative(WEB, file);
  if (rel.startsWith('..')) return null;
  const top = rel.split(path.sep)[0] as Layer;
  return LAYERS.includes(top) ? top : null;
};

/** "../api/contract" and "../api/contract.ts" name the same file. */
const withTs = (target: string): string => target.replace(/(\.tsx?)?$/, (ext) => ext || '.ts');

interface Import {
  spec: string;
  target: string;
  dynamic: boolean;
}

/** Every relative import (and re-export) of a file. */
function importsOf(file: string): Import[] {
  return importsIn(readFileSync(file, 'utf8'), file);
}

function importsIn(text: string, file: string): Import[] {
  const out: Import[] = [];
  // Either quote: a double-quoted import must not slip past the check.
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*(\()?\s*)(['"])(\.[^'"]+)\2/g)) {
    const spec = m[3] ?? '';
    out.push({ spec, target: withTs(path.resolve(path.dirname(file), spec)), dynamic: m[1] === '(' });
  }
  return out;
}

function upwardImports(): string[] {
  const bad: string[] = [];
  for (const file of walk(WEB)) {
    const from = layerOf(file);
    if (!from) continue;
    for (const imp of importsOf(file)) {
      const to = layerOf(imp.target);
      if (!to || to === from) continue;
      if (inContract(imp.target)) continue;
      if (from === 'app' && to === 'pages' && imp.dynamic) continue;
      if (!MAY_IMPORT[from].includes(to)) bad.push(`${path.relative(WEB, file)} → ${imp.spec}`);
    }
  }
  return bad;
}

/**
 * The QA console (web/console/, decision 0011) is a separate bundle beside the app: it may use web/core, the contract
 * and the mock's typed client (mock-server/client.ts, client/*, http/control-headers.ts: plain fetch, no Node modules,
 * made to run in a page), and nothing of the app imports it, so it never reaches a player's bundle.
 */
const CONSOLE = path.join(WEB, 'console');
const CONSOLE_MAY_USE = [path.join(WEB, 'core'), path.join(MOCK, 'client'), path.join(MOCK, 'client.ts'), path.join(MOCK, 'http', 'control-headers.ts')];

function consoleImports(): string[] {
  const bad: string[] = [];
  for (const file of walk(CONSOLE)) {
    for (const imp of importsOf(file)) {
      if (imp.target.startsWith(CONSOLE + path.sep) || inContract(imp.target)) continue;
      if (CONSOLE_MAY_USE.some((p) => imp.target === p || imp.target.startsWith(p + path.sep))) continue;
      bad.push(`${path.relative(ROOT, file)} → ${imp.spec}`);
    }
  }
  for (const file of walk(WEB).filter((f) => !f.startsWith(CONSOLE + path.sep))) {
    for (const imp of importsOf(file)) if (imp.target.startsWith(CONSOLE + path.sep)) bad.push(`${path.relative(ROOT, file)} → ${imp.spec}`);
  }
  return bad;
}

/**
 * Every cycle of imports among `files`, each as its files in order: `import type` counts (two modules that each hold
 * part of the other's meaning), an `import()` does not (it runs once its importer has finished loading: the lazy
 * chunks of decision 0015 import the shell that loads them, e.g. app/api-client.ts its services.ts).
 */
function importCycles(files: readonly string[], importsOfFile: (file: string) => Import[] = importsOf): string[][] {
  const known = new Set(files);
  const edges = new Map(files.map((f) => [f, [...new Set(importsOfFile(f).filter((i) => !i.dynamic && known.has(i.target)).map((i) => i.target))]]));
  // Tarjan's strongly connected components: a component of two or more files, or a file importing itself, is a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (f: string): void => {
    index.set(f, index.size);
    low.set(f, index.get(f) ?? 0);
    stack.push(f);
    for (const t of edges.get(f) ?? []) {
      if (!index.has(t)) visit(t);
      if (stack.includes(t)) low.set(f, Math.min(low.get(f) ?? 0, low.get(t) ?? 0, index.get(t) ?? 0));
    }
    if (low.get(f) !== index.get(f)) return;
    const component = stack.splice(stack.indexOf(f));
    if (component.length > 1 || edges.get(f)?.includes(f)) cycles.push(component);
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return cycles;
}

describe('layers (ARCHITECTURE.md, docs/decisions/0004)', () => {
  it('the QA console uses only web/core, the contract and the typed mock client, and the app never imports it', () => {
    expect(consoleImports()).toEqual([]);
  });

  it('no module imports a layer above its own', () => {
    expect(upwardImports()).toEqual([]);
  });

  it('the contract imports nothing outside its folder', () => {
    const bad = walk(CONTRACT_DIR)
      .concat(CONTRACT)
      .flatMap((file) => importsOf(file).filter((i) => !inContract(i.target)).map((i) => `${path.relative(WEB, file)} → ${i.spec}`));
    expect(bad).toEqual([]);
  });

  it('web/core imports from web/api only the wire-protocol modules, never the barrel', () => {
    const bad = walk(path.join(WEB, 'core')).flatMap((file) =>
      importsOf(file)
        .filter(beyondWire)
        .map((i) => `${path.relative(WEB, file)} → ${i.spec}`),
    );
    expect(bad).toEqual([]);
  });

  it('the mock server takes from web/ only the contract and the shared modules, and those import nothing else of web/', () => {
    const bad = walk(MOCK).flatMap((file) =>
      importsOf(file)
        .filter((i) => i.target.startsWith(WEB + path.sep) && !SHARED_WITH_MOCK.includes(i.target) && !inContract(i.target))
        .map((i) => `${path.relative(ROOT, file)} → ${i.spec}`),
    );
    expect(bad).toEqual([]);
    const leaky = SHARED_WITH_MOCK.filter((f) => f !== CONTRACT).flatMap((file) =>
      importsOf(file).filter((i) => !inContract(i.target) && !SHARED_WITH_MOCK.includes(i.target)).map((i) => `${path.relative(WEB, file)} → ${i.spec}`),
    );
    expect(leaky).toEqual([]);
  });

  it('no import cycle in web/, build/, mock-server/ or tests/', () => {
    const files = ['web', 'build', 'mock-server', 'tests'].flatMap((d) => walk(path.join(ROOT, d)));
    expect(importCycles(files).map((c) => c.map((f) => path.relative(ROOT, f)).join(' → '))).toEqual([]);
  });

  it('finds a cycle through a type import, not through a dynamic one', () => {
    const fake: Record<string, string> = {
      '/a.ts': `import type { B } from './b.ts';\nexport const a = 1;`,
      '/b.ts': `import { c } from './c.ts';\nexport type B = number;`,
      '/c.ts': `export { a } from './a.ts';\nexport const load = () => import('./d.ts');`,
      '/d.ts': `import { load } from './c.ts';`,
    };
    const cycles = importCycles(Object.keys(fake), (f) => importsIn(fake[f] ?? '', f));
    expect(cycles.map((c) => [...c].sort())).toEqual([['/a.ts', '/b.ts', '/c.ts']]);
  });

  it('reads imports well enough to catch one', () => {
    const seen = importsOf(path.join(WEB, 'state', 'rules.ts')).map((i) => layerOf(i.target));
    expect(seen).toContain('game');
    // The shell names each page's chunk by dynamic import, in whichever of its files holds the route table.
    expect(walk(path.join(WEB, 'app')).some((f) => importsOf(f).some((i) => i.dynamic && layerOf(i.target) === 'pages'))).toBe(true);
    expect(importsOf(path.join(WEB, 'core', 'socket.ts')).map((i) => i.target)).toContain(path.join(CONTRACT_DIR, 'protocol.ts'));
    const fromCore = importsIn(
      `import type { LoginInfo } from '../../api/contract';\nimport { PATH } from '../../api/contract/paths.ts';\nimport { APP_ID } from '../../api/contract/app-id.ts';`,
      path.join(WEB, 'core', 'storage', 'q.ts'),
    );
    expect(fromCore.map(beyondWire)).toEqual([true, true, false]);
    expect(importsOf(path.join(MOCK, 'phone.ts')).map((i) => i.target)).toContain(path.join(WEB, 'api', 'phone.ts'));
    const quoted = importsIn(`import { a } from "../game/x.ts";\nexport * from '../ui/y';\nconst z = import("../pages/z.tsx");`, path.join(WEB, 'core', 'q.ts'));
    expect(quoted.map((i) => [layerOf(i.target), i.dynamic])).toEqual([['game', false], ['ui', false], ['pages', true]]);
  });
});
