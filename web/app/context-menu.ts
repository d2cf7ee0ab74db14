/** SPEC §2: the right-click menu is blocked except in text inputs. */
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'tel', 'url', 'email', 'password', 'number', '']);

export function allowsContextMenu(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(target.type);
  return target.closest('[contenteditable="true"], [contenteditable=""]') !== null;
}

export function blockContextMenu(doc: Document = document): () => void {
  const onMenu = (e: Event) => {
    if (!allowsContextMenu(e.target)) e.preventDefault();
  };
  doc.addEventListener('contextmenu', onMenu);
  return () => doc.removeEventListener('contextmenu', onMenu);
}
