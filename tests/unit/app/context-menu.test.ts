import { describe, expect, it } from 'vitest';
import { blockContextMenu } from '../../../web/app/context-menu.ts';

function rightClick(el: Element): boolean {
  const ev = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
  el.dispatchEvent(ev);
  return ev.defaultPrevented;
}

describe('right-click menu (SPEC §2: blocked except in text inputs)', () => {
  it('is blocked on ordinary content and allowed in text inputs and textareas', () => {
    document.body.innerHTML = '<div id="d">x</div><input id="t" type="text"><input id="tel" type="tel"><input id="c" type="checkbox"><textarea id="a"></textarea><div contenteditable="true"><span id="e">y</span></div>';
    const stop = blockContextMenu(document);
    const $ = (id: string) => document.getElementById(id)!;
    expect(rightClick($('d'))).toBe(true);
    expect(rightClick($('c'))).toBe(true);
    expect(rightClick($('t'))).toBe(false);
    expect(rightClick($('tel'))).toBe(false);
    expect(rightClick($('a'))).toBe(false);
    expect(rightClick($('e'))).toBe(false);
    stop();
    expect(rightClick($('d'))).toBe(false);
  });
});
