/**
 * Saves in the game menu (SPEC §3 "Saves", §7 manual_save, edit_save, del_save):
 * save, rename, switch sharing on a save already made, delete. Phone held upright (390×844).
 */
import { describe, expect, it } from 'vitest';
import { gameScreen, PHONE, screenshot, useServerAndBrowser } from './harness.ts';

// The socket-only stream: what is checked here is the game session, not the picture (stream.test.ts has that).
const e2e = useServerAndBrowser({ video: false });
const gs = gameScreen(e2e, 'saves');

interface JournalEntry {
  path: string;
  body?: Record<string, unknown>;
}
const calls = async (session: string, path: string): Promise<JournalEntry[]> =>
  ((await gs.mock(session, 'journal?kind=http'))['entries'] as JournalEntry[]).filter((e) => e.path.endsWith(path));

describe('saves: rename, sharing and delete (SPEC §3, §7)', () => {
  it('saves, renames, shares an existing save and unshares it, then deletes it', async () => {
    const p = await gs.playing('play-now', 1, { context: PHONE, clock: false });
    try {
      const { page } = p;
      await page.getByRole('button', { name: 'Game menu' }).click();
      await page.getByRole('button', { name: 'Saves', exact: true }).click();
      await page.getByLabel('Save name').fill('Before the boss');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const row = page.getByRole('listitem').filter({ hasText: 'Before the boss' });
      await row.waitFor();

      // Rename.
      await row.getByRole('button', { name: 'Rename' }).click();
      await page.getByLabel('New name').fill('Boss beaten');
      await page.getByRole('button', { name: 'OK', exact: true }).click();
      const renamed = page.getByRole('listitem').filter({ hasText: 'Boss beaten' });
      await renamed.waitFor();
      expect(await page.getByText('Before the boss').count()).toBe(0);
      expect((await calls(p.session, '/edit_save')).at(-1)?.body).toMatchObject({ save_name: 'Boss beaten' });

      // Sharing, switched on the save already made.
      const share = renamed.getByRole('checkbox', { name: 'Share Boss beaten' });
      expect(await share.isChecked()).toBe(false);
      await share.click();
      await expect.poll(() => share.isChecked()).toBe(true);
      await expect.poll(async () => (await calls(p.session, '/edit_save')).at(-1)?.body?.['is_share']).toBe(1);
      await screenshot(page, 'saves-list');
      // The server kept it: reopening the saves lists it shared.
      await page.getByRole('button', { name: 'Back to menu' }).click();
      await page.getByRole('button', { name: 'Saves', exact: true }).click();
      await expect.poll(() => page.getByRole('checkbox', { name: 'Share Boss beaten' }).isChecked()).toBe(true);
      await page.getByRole('checkbox', { name: 'Share Boss beaten' }).click();
      await expect.poll(async () => (await calls(p.session, '/edit_save')).at(-1)?.body?.['is_share']).toBe(0);
      await expect.poll(() => page.getByRole('checkbox', { name: 'Share Boss beaten' }).isChecked()).toBe(false);

      // Delete.
      await page.getByRole('listitem').filter({ hasText: 'Boss beaten' }).getByRole('button', { name: 'Delete' }).click();
      await page.getByText('No saves yet.').waitFor();
      expect(await calls(p.session, '/del_save')).toHaveLength(1);
      expect(p.errors).toEqual([]);
    } finally {
      await p.close();
    }
  });
});
