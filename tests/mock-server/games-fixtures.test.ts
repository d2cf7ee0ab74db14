import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_DIR, createApp } from '../../mock-server/app.ts';
import { FixtureError, loadFixtures } from '../../mock-server/fixtures/index.ts';
import { tempDir } from './helpers.ts';

const dirs: { remove(): void }[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.remove();
});

/** A copy of the repo fixtures with one file edited. */
function fixturesWith(file: string, edit: (json: Record<string, unknown>, dir: string) => unknown): string {
  const d = tempDir('mock-content-fixtures');
  dirs.push(d);
  cpSync(DEFAULT_FIXTURES_DIR, d.dir, { recursive: true });
  const target = path.join(d.dir, file);
  const edited = edit(JSON.parse(readFileSync(target, 'utf8')) as Record<string, unknown>, d.dir);
  writeFileSync(target, typeof edited === 'string' ? edited : JSON.stringify(edited));
  return d.dir;
}

type Json = Record<string, unknown>;
const at = (json: Json, ...keys: (string | number)[]): Json => keys.reduce<Json>((node, k) => (node as Record<string | number, Json>)[k] as Json, json);

describe('content fixtures', () => {
  it('the repo fixtures load: 40+ games, home, sign-in week, shop and invite rules', () => {
    const { content } = loadFixtures(DEFAULT_FIXTURES_DIR);
    expect(content.catalogue.games.length).toBeGreaterThanOrEqual(40);
    expect(content.catalogue.tags.length).toBeGreaterThanOrEqual(10);
    expect(content.signIn.durations).toHaveLength(7);
    expect(content.shop.cards.some((c) => c.kind === 'member')).toBe(true);
    expect(content.shop.products.some((p) => p.kind === 'coin')).toBe(true);
    expect(content.home.sections.length).toBeGreaterThan(3);
    expect(content.opPlans.templates.length).toBeGreaterThanOrEqual(3);
  });

  it.each<[string, (json: Json, dir: string) => unknown, RegExp]>([
    ['games.json', (j) => ((at(j, 'games', 0).title = 12), j), /games\.json: games\[0\]\.title must be a string/],
    ['games.json', (j) => ((at(j, 'games', 1).id = 1), j), /games\.json: games\[1\]\.id repeats id 1/],
    ['games.json', (j) => ((at(j, 'games', 2).tag_ids = [99]), j), /games\.json: games\[2\]\.tag_ids\[0\] names no tag/],
    ['games.json', (j) => ((at(j, 'games', 0).screenshot_count = 2), j), /games\.json: games\[0\]\.screenshot_count must be at least 3/],
    ['games.json', (j) => ((at(j, 'games', 0).op_type = '0,3'), j), /games\.json: games\[0\]\.op_type must be a comma list/],
    ['games.json', (j) => ((at(j, 'games', 0).default_op_type = 1, at(j, 'games', 0).op_type = '0,2'), j), /games\[0\]\.default_op_type must be one of its op_type list/],
    ['games.json', (j) => ((at(j, 'games', 0).op_mode = 2), j), /games\.json: games\[0\]\.op_mode must be one of 0, 1/],
    ['games.json', (j) => ((at(j, 'games', 0).hang = [{ duration: 5, type: 1 }]), j), /games\.json: games\[0\]\.hang\[0\]\.duration must be one of 3, 10, 30, 60/],
    ['games.json', (j) => ((at(j, 'games', 0).rating = 7), j), /games\.json: games\[0\]\.rating must be between 1 and 5/],
    ['games.json', (j, dir) => (rmSync(path.join(dir, 'media', 'trailer.mp4')), j), /games\.json: games\[0\]\.trailer names no file/],
    ['games.json', (j) => ((at(j, 'games', 0).trailer = '../users.json'), j), /games\.json: games\[0\]\.trailer must be a file name/],
    ['home.json', (j) => ((at(j, 'banners', 0).game_id = 999), j), /home\.json: banners\[0\]\.game_id names no game/],
    ['home.json', (j) => ((at(j, 'sections', 0).type = 'ads'), j), /home\.json: sections\[0\]\.type must be one of/],
    ['home.json', (j) => ((at(j, 'sections', 1).key = 'continue'), j), /home\.json: sections\[1\]\.key repeats/],
    ['sign_in.json', () => ({ durations: [1, 2, 3] }), /sign_in\.json: durations must have at least 7 entries/],
    ['minor.json', (j) => ((j.play_end = '19:00'), j), /minor\.json: play_end must be after play_start/],
    ['member_cards.json', (j) => ((at(j, 'cards', 0).price = '30'), j), /member_cards\.json: cards\[0\]\.price must be a price/],
    ['products.json', (j) => ((at(j, 'products', 0).id = 101), j), /products\.json: products\[0\]\.id repeats member card id 101/],
    ['op_plans.json', (j) => ((j.templates = (j.templates as Json[]).filter((t) => t.op_type !== 2)), j), /op_plans\.json: templates must have a template for op_type 2/],
    ['invite.json', (j) => ((j.rules = []), j), /invite\.json: rules must have at least 1 entries/],
  ])('a bad %s fails createApp naming the file and field', (file, edit, message) => {
    const dir = fixturesWith(file, edit);
    expect(() => createApp({ fixturesDir: dir, distDir: null })).toThrow(FixtureError);
    expect(() => createApp({ fixturesDir: dir, distDir: null })).toThrow(message);
  });
});
