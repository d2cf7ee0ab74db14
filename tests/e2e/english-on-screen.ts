/**
 * The English a zh reader would meet on a page (decision 0010): every visible text and every aria-label, placeholder,
 * title and alt of a visible element, less brands, codes and user content (i18n-allowlist.ts). Used by the zh
 * accessibility sweep (a11y.ts), which visits every route anyway.
 */
import type { Page } from 'playwright-core';
import { TITLE } from '../../build/html.ts';
import { englishWords, USER_CONTENT } from './i18n-allowlist.ts';

interface Found {
  where: string;
  text: string;
  words: string[];
}

/** Every visible text and every aria-label, placeholder, title and alt of a visible element, with where it is. */
async function englishOnScreen(page: Page): Promise<Found[]> {
  const texts = await page.evaluate((userContent) => {
    const out: { where: string; text: string }[] = [];
    const shown = (el: Element): boolean =>
      el.checkVisibility({ visibilityProperty: true }) && !userContent.some((sel) => el.closest(sel) !== null);
    const name = (el: Element): string => {
      const id = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' && el.className.trim() !== '' ? `.${el.className.trim().split(/\s+/)[0]}` : '';
      return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : cls}`;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = (n.textContent ?? '').trim();
      if (!el || text === '' || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName) || !shown(el)) continue;
      out.push({ where: name(el), text });
    }
    for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      if (!shown(el)) continue;
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) {
        const v = el.getAttribute(attr);
        if (v) out.push({ where: `${name(el)}@${attr}`, text: v });
      }
    }
    out.push({ where: 'document.title', text: document.title });
    return out;
  }, USER_CONTENT);
  return texts.map((t) => ({ ...t, words: englishWords(t.text) })).filter((t) => t.words.length > 0);
}

const report = (found: Record<string, Found[]>): string[] =>
  Object.entries(found).flatMap(([route, list]) => list.map((f) => `${route} ${f.where}: "${f.text}" (${f.words.join(', ')})`));

/**
 * Waits for the page's title to leave the language-neutral default: a route's HTML carries its title in every
 * language and the first script shows the reader's (build/html.ts); a page drawn on 404.html gets its title with the
 * shell's layers, after the first view (decision 0015). Bounded: a title never set is then reported as English.
 */
async function titleSettled(page: Page): Promise<void> {
  await page.waitForFunction((html) => document.title !== html, TITLE, { timeout: 10_000 }).catch(() => undefined);
}

/** One readable line per English text found on `where`. */
export async function englishProblems(page: Page, where: string): Promise<string[]> {
  await titleSettled(page);
  return report({ [where]: await englishOnScreen(page) });
}
