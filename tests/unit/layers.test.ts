// @vitest-environment node
/**
 * The import arrows of ARCHITECTURE.md, as read in docs/decisions/0004-layers.md:
 * pages → ui → state → game → api → core, nothing upward; contract.ts is a leaf
 * anyone may import; app is the composition root (pages only by dynamic import).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB = fileURLToPath(new URL('../../web', import.meta.url));
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

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return walk(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

const layerOf = (file: string): Layer | null => {
  const top = path.relative(WEB, file).split(path.sep)[0] as Layer;
  return LAYERS.includes(top) ? top : null;
};

/** Every relative import of a file: [specifier, resolved path, dynamic?]. */
function importsOf(file: string): { spec: string; target: string; dynamic: boolean }[] {
  const text = readFileSync(file, 'utf8');
  const out: { spec: string; target: string; dynamic: boolean }[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*(\()?\s*)'(\.[^']+)'/g)) {
    const spec = m[2] ?? '';
    out.push({ spec, target: path.resolve(path.dirname(file), spec), dynamic: m[1] === '(' });
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
      if (imp.target.replace(/(\.ts)?$/, '.ts') === CONTRACT) continue;
      if (from === 'app' && to === 'pages' && imp.dynamic) continue;
      if (!MAY_IMPORT[from].includes(to)) bad.push(`${path.relative(WEB, file)} → ${imp.spec}`);
    }
  }
  return bad;
}

describe('layers (ARCHITECTURE.md, docs/decisions/0004)', () => {
  it('no module imports a layer above its own', () => {
    expect(upwardImports()).toEqual([]);
  });

  it('reads imports well enough to catch one', () => {
    const seen = importsOf(path.join(WEB, 'state', 'rules.ts')).map((i) => layerOf(i.target));
    expect(seen).toContain('game');
    expect(importsOf(path.join(WEB, 'app', 'pages.ts')).some((i) => i.dynamic && layerOf(i.target) === 'pages')).toBe(true);
  });
});
