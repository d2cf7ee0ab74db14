/**
 * Decision 0010 ("Choosing"): the language at start and its changes — the settings choice, else the host app
 * (`?lang=` on the webview URL, then its bridge `language` event), else the browser; `<html lang>` follows; the choice
 * survives log-out.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryBridge } from '../../../web/core/bridge.ts';
import { createLocalStore } from '../../../web/core/storage/local.ts';
import { createMemoryStorage } from '../../../web/core/storage/memory.ts';
import { createSessionStore } from '../../../web/core/storage/session.ts';
import { locale } from '../../../web/core/i18n/locale.ts';
import { setLocale } from '../../../web/core/i18n/messages.ts';
import { chooseLanguage, chosenLanguage, startLanguage } from '../../../web/app/language.ts';

afterEach(() => setLocale('en'));

function start(opts: { search?: string; languages?: string[]; stored?: Record<string, string> } = {}) {
  const backend = createMemoryStorage(opts.stored);
  const local = createLocalStore(backend);
  const bridge = createMemoryBridge();
  const root = { lang: '' };
  const ready = startLanguage({ local, bridge, search: opts.search ?? '', languages: opts.languages ?? ['en-US'], root });
  return { ready, local, backend, bridge, root };
}

describe('the app language (decision 0010)', () => {
  it('takes the browser language when nothing else says', async () => {
    const { ready, root } = start({ languages: ['zh-CN', 'en'] });
    await ready;
    expect(locale.get()).toBe('zh-Hans');
    expect(root.lang).toBe('zh-Hans');
  });

  it('takes the host app over the browser: ?lang= on the webview URL', async () => {
    const { ready } = start({ search: '?lang=zh-TW', languages: ['en-US'] });
    await ready;
    expect(locale.get()).toBe('zh-Hant');
  });

  it("follows the bridge's language event while the player has not chosen", async () => {
    const { ready, bridge, root } = start({ languages: ['en-US'] });
    await ready;
    bridge.emit('language', 'zh-HK');
    await expect.poll(() => locale.get()).toBe('zh-Hant');
    expect(root.lang).toBe('zh-Hant');
    bridge.emit('language', 42 as unknown as string);
    bridge.emit('language', '  ');
    expect(locale.get()).toBe('zh-Hant');
  });

  it('keeps the settings choice over the host and the browser, and after a log-out', async () => {
    const first = start({ languages: ['en-US'] });
    await first.ready;
    await chooseLanguage('zh-Hans');
    expect(locale.get()).toBe('zh-Hans');
    // Log-out clears the login only (core/storage/session.ts).
    createSessionStore({ local: first.local, session: createMemoryStorage() }).clear();
    expect(chosenLanguage()).toBe('zh-Hans');

    const stored = Object.fromEntries(Array.from({ length: first.backend.length }, (_, i) => first.backend.key(i) ?? '').map((k) => [k, first.backend.getItem(k) ?? '']));
    const again = start({ search: '?lang=fr', languages: ['zh-TW'], stored });
    await again.ready;
    expect(locale.get()).toBe('zh-Hans');
    again.bridge.emit('language', 'en');
    expect(locale.get()).toBe('zh-Hans');
  });

  it('ignores a stored value that is not a language', async () => {
    const { ready } = start({ languages: ['zh-SG'], stored: { language: '{"type":"string","data":"klingon"}' } });
    await ready;
    expect(locale.get()).toBe('zh-Hans');
  });
});
