/**
 * The fixtures a request reads, in its language (http/language.ts). A session
 * that QA never edited reads the translation as loaded (fixtures/index.ts).
 * Once QA wrote to /__db/ (db-fixtures.ts) the session's copy is English and
 * the rule is per text field: a field still holding the fixture file's English
 * answers in the translation; a field QA changed answers as QA wrote it, in
 * every language (so an edit always shows, and stays what QA typed). Records
 * QA added have no translation and answer as written.
 */
import type { Fixtures } from '../fixtures/index.ts';
import type { ContentLanguage } from '../languages.ts';
import { FIXTURE_COLLECTIONS } from './db-fixtures.ts';

type Rec = Record<string, unknown>;

/** The text fields of each /__db/ collection that translations replace (fixtures/translations.ts lists the same). */
const TEXT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  games: ['title', 'short_desc', 'description'],
  tags: ['name'],
  banners: ['title', 'subtitle'],
  sections: ['title'],
  member_cards: ['name', 'tag', 'benefits'],
  products: ['name', 'tag'],
};

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

// Per edited copy and language: the caches keyed by the catalogue object (content/catalogue.ts) keep working.
const views = new WeakMap<Fixtures, Map<ContentLanguage, Fixtures>>();

function translateEdited(current: Fixtures, base: Fixtures, tr: Omit<Fixtures, 'translations'>): Fixtures {
  const translated: Fixtures = { ...tr, translations: base.translations };
  // What /__db/ cannot edit comes from the translation; op plans too while QA left them alone.
  let out: Fixtures = {
    ...current,
    protocols: tr.protocols,
    content: {
      ...current.content,
      invite: tr.content.invite,
      opPlans: same(current.content.opPlans, base.content.opPlans) ? tr.content.opPlans : current.content.opPlans,
      shop: { ...current.content.shop, compare: tr.content.shop.compare },
    },
  };
  for (const [name, fields] of Object.entries(TEXT_FIELDS)) {
    const c = FIXTURE_COLLECTIONS[name];
    if (c?.kind !== 'list') continue;
    const byId = (f: Fixtures): Map<unknown, Rec> => new Map((c.get(f) as readonly Rec[]).map((r) => [r[c.idField], r]));
    const english = byId(base);
    const translation = byId(translated);
    const records = (c.get(current) as readonly Rec[]).map((r) => {
      const en = english.get(r[c.idField]);
      const t = translation.get(r[c.idField]);
      if (!en || !t) return r;
      const patch = Object.fromEntries(fields.filter((k) => same(r[k], en[k])).map((k) => [k, t[k]]));
      return { ...r, ...patch };
    });
    out = c.set(out, records) as Fixtures;
  }
  return out;
}

/** `current` (the session's fixtures: the loaded ones or its /__db/ copy) as a request in `language` reads it. */
export function localizedFixtures(current: Fixtures, base: Fixtures, language: ContentLanguage): Fixtures {
  if (language === 'en') return current;
  const tr = base.translations[language];
  if (!tr) return current;
  let perLanguage = views.get(current);
  if (!perLanguage) {
    perLanguage = new Map();
    views.set(current, perLanguage);
  }
  let view = perLanguage.get(language);
  if (!view) {
    view = current === base ? { ...tr, translations: base.translations } : translateEdited(current, base, tr);
    perLanguage.set(language, view);
  }
  return view;
}
