/**
 * Every page of SPEC §2 is one route entry with all its facts (app/route-table.ts): a page added to web/core/paths.ts
 * without its entry, or with a fact missing or pointing nowhere, fails here.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ComponentsJSON } from '@nanostores/i18n';
import { describe, expect, it } from 'vitest';
import { BASES } from '../../../web/core/i18n/messages.ts';
import { PAGE_PATH, type PageKey } from '../../../web/core/paths.ts';
import { PAGE_IMPORTERS } from '../../../web/app/pages.ts';
import { buildFacts, PAGES, PRELOAD_ORDER, ROUTES } from '../../../web/app/route-table.ts';
import { SKELETON_SHAPES } from '../../../web/app/route-types.ts';
// Registers the titles' English texts in BASES.
import '../../../web/app/route-titles.ts';

const ROOT = path.join(import.meta.dirname, '../../..');
const PAGES_DIR = path.join(ROOT, 'web/pages');
const KEYS = Object.keys(PAGE_PATH) as PageKey[];
const LOCALES = path.join(ROOT, 'web/core/i18n/locales');
/** Every language the app has a file of texts for, read from the folder so a new one is checked too. */
const LANGUAGES = readdirSync(LOCALES)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -'.ts'.length));

const pages = Object.values(PAGES);

describe('one route entry per page (SPEC §2)', () => {
  it('has an entry for every page and for nothing else', () => {
    expect(Object.keys(PAGES).sort()).toEqual([...KEYS].sort());
    expect(pages.map((p) => PAGES[p.page] === p)).not.toContain(false);
    // Each page on its own path, home on its alias too.
    expect(KEYS.filter((k) => !ROUTES.some((r) => r.page === k && r.path === PAGE_PATH[k]))).toEqual([]);
  });

  it.each(KEYS)('%s: every fact is there, and what it names exists', (key) => {
    const page = PAGES[key];
    expect(typeof page.public).toBe('boolean');
    const facts = buildFacts(page);
    expect(SKELETON_SHAPES).toContain(facts.skeleton);
    expect(typeof facts.back).toBe('boolean');
    expect(facts.source).toMatch(/\.tsx$/);
    expect(existsSync(path.join(PAGES_DIR, facts.source)), facts.source).toBe(true);
    for (const module of facts.firstView ?? []) expect(existsSync(path.join(PAGES_DIR, module)), module).toBe(true);
  });

  it('loads each page from the module its entry names, a component by default (pages.ts)', async () => {
    expect(Object.keys(PAGE_IMPORTERS).sort()).toEqual([...KEYS].sort());
    const wrong: string[] = [];
    for (const page of pages) {
      const loaded = await PAGE_IMPORTERS[page.page]();
      const named: unknown = await import(/* @vite-ignore */ path.join(PAGES_DIR, buildFacts(page).source));
      if (loaded !== named || !loaded.default) wrong.push(page.page);
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('titles every page in English and in every language file, an overlay with its full page\'s title', async () => {
    const english = BASES.get('app/routes') ?? {};
    for (const page of pages) expect(english[page.title], page.page).toEqual(expect.any(String));
    expect(LANGUAGES.length).toBeGreaterThan(0);
    for (const lang of LANGUAGES) {
      const texts = ((await import(/* @vite-ignore */ path.join(LOCALES, `${lang}.ts`))) as { default: ComponentsJSON }).default['app/routes'] ?? {};
      const missing = pages.filter((p) => typeof texts[p.title] !== 'string' || texts[p.title] === '').map((p) => p.page);
      expect(missing, lang).toEqual([]);
    }
    expect(PAGES.webviewDetail.title).toBe('gameDetail');
    expect(PAGES.memberPopupRecharge.title).toBe('recharge');
    // No title nobody shows.
    expect(Object.keys(english).filter((t) => !pages.some((p) => p.title === t))).toEqual([]);
  });

  it('preloads on idle by unique ranks, the tabs and login first (docs/decisions/0001-no-react-lazy.md)', () => {
    const ranks = pages.flatMap((p) => (p.preload === undefined ? [] : [p.preload]));
    expect(new Set(ranks).size).toBe(ranks.length);
    expect(PRELOAD_ORDER).toHaveLength(ranks.length);
    expect([...PRELOAD_ORDER.slice(0, 4)].sort()).toEqual(['gameLibrary', 'home', 'login', 'user']);
  });

  it('holds the art for a first image only where the first view calls the API (docs/decisions/0015-first-load.md)', () => {
    const callsFirst = pages.filter((p) => p.callsFirst).map((p) => p.page);
    expect(callsFirst.length).toBeGreaterThan(0);
    expect(pages.filter((p) => p.firstImage && !p.callsFirst).map((p) => p.page)).toEqual([]);
    // Login's first view calls nothing: its HTML carries no HTTP client (decision 0015).
    expect(callsFirst).not.toContain('login');
  });

  it('draws a back button only on pages that are no tab and no overlay (SPEC §2)', () => {
    const wrong = pages.filter((p) => buildFacts(p).back && (p.meta.isTabBar || p.meta.pageBackgroundColor === 'transparent'));
    expect(wrong.map((p) => p.page)).toEqual([]);
    expect(pages.filter((p) => p.meta.pageBackgroundColor === 'transparent').map((p) => buildFacts(p).skeleton)).not.toContain('text');
  });
});
