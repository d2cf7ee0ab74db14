/**
 * Copy text (SPEC §8): the async Clipboard API where the page is allowed to
 * use it, else the old hidden-textarea + execCommand('copy') route, which
 * still works in webviews and on plain http where the API is missing.
 */

export interface ClipboardEnv {
  navigator?: { clipboard?: { writeText(text: string): Promise<void> } };
  document?: Document;
}

export const CLIPBOARD_FAIL = 'setClipboardData:fail';

function copyWithTextarea(text: string, doc: Document | undefined): boolean {
  if (!doc?.body) return false;
  const area = doc.createElement('textarea');
  area.value = text;
  // Read-only and off-screen: no keyboard pops up on mobile and nothing flashes.
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;left:-9999px;opacity:0;';
  doc.body.appendChild(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export async function setClipboardData(
  text: string,
  env: ClipboardEnv = { navigator: globalThis.navigator, document: globalThis.document },
): Promise<void> {
  const api = env.navigator?.clipboard;
  if (api) {
    try {
      await api.writeText(text);
      return;
    } catch {
      // Permission denied or no user gesture: the textarea route may still work.
    }
  }
  if (!copyWithTextarea(text, env.document)) throw new Error(CLIPBOARD_FAIL);
}
