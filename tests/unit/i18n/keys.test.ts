/**
 * Decision 0010: every UI text the code defines exists in every complete language, no language file carries a key the
 * code no longer has, and every defined key is shown somewhere.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeholders, readBases, readLanguage } from './catalog.ts';
import { PAGES } from '../../../web/app/route-table.ts';

const COMPLETE = ['zh-Hans', 'zh-Hant'] as const;
const { bases, sources, duplicates } = readBases();
/** A page's title is shown through its route entry, which names it as data (web/app/route-table.ts `title`). */
const ROUTE_TITLES = new Set(Object.values(PAGES).map((p) => `app/routes.${p.title}`));

describe('translation keys', () => {
  it('finds the components the code defines, each name once', () => {
    expect(bases.size).toBeGreaterThan(0);
    expect(duplicates).toEqual([]);
  });

  it('uses every key it defines', () => {
    const unused: string[] = [];
    for (const [name, { file, keys }] of bases) {
      // Shown by the defining file, or by its folder: a page's words may sit in a module of their own beside it
      // (login/words.ts, which the build also prerenders).
      const text = [sources.get(file) ?? '', ...readdirSync(dirname(file)).filter((f) => /\.tsx?$/.test(f)).map((f) => readFileSync(join(dirname(file), f), 'utf8'))].join('\n');
      for (const key of keys.keys()) {
        if (ROUTE_TITLES.has(`${name}.${key}`)) continue;
        if (!new RegExp(`\\.${key}\\b|\\[['"]${key}['"]\\]`).test(text)) unused.push(`${name}.${key}`);
      }
    }
    expect(unused).toEqual([]);
  });

  for (const lang of COMPLETE) {
    describe(lang, () => {
      const { all, clashes } = readLanguage(lang);

      it('keeps each component in one area file', () => expect(clashes).toEqual([]));

      it('has every key of every component', () => {
        const missing: string[] = [];
        for (const [name, { keys }] of bases) {
          for (const key of keys.keys()) if (all[name]?.[key] === undefined) missing.push(`${name}.${key}`);
        }
        expect(missing).toEqual([]);
      });

      it('has no key the code does not define', () => {
        const extra: string[] = [];
        for (const [name, keys] of Object.entries(all)) {
          const base = bases.get(name);
          for (const key of Object.keys(keys)) if (!base?.keys.has(key)) extra.push(`${name}.${key}`);
        }
        expect(extra).toEqual([]);
      });

      it('keeps the placeholders and plural shape of the English text', () => {
        const wrong: string[] = [];
        for (const [name, { keys }] of bases) {
          for (const [key, en] of keys) {
            const tr = all[name]?.[key];
            if (tr === undefined) continue;
            if (typeof en !== typeof tr) wrong.push(`${name}.${key}: plural shape`);
            else if (typeof tr === 'object' && tr.other === undefined) wrong.push(`${name}.${key}: no "other" form`);
            else if (placeholders(en).join() !== placeholders(tr).join()) wrong.push(`${name}.${key}: placeholders`);
            else if (typeof tr === 'string' && tr.trim() === '') wrong.push(`${name}.${key}: empty`);
          }
        }
        expect(wrong).toEqual([]);
      });
    });
  }
});
