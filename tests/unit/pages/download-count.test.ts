/** SPEC §7 update_down: a download link counts its download before it leaves the page, without holding the player up. */
import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../../../web/core/clock';
import { COUNT_WAIT_MS, countThenOpen, type LinkClick } from '../../../web/pages/main/download/count-then-open';

const click = (over: Partial<LinkClick> = {}): LinkClick & { prevented: boolean } => {
  const e = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, prevented: false, preventDefault: () => (e.prevented = true), ...over };
  return e;
};

function setup(o: { counting?: boolean; host?: boolean } = {}) {
  const clock = createManualClock();
  let answer: () => void = () => undefined;
  const count = vi.fn(() => (o.counting === false ? null : new Promise<void>((resolve) => (answer = resolve))));
  const go = vi.fn();
  return { clock, count, go, answer: () => answer(), deps: { count, go, clock, openInHost: () => o.host ?? false } };
}

describe('download link (SPEC §7 update_down)', () => {
  it('holds the link until the count is answered, then opens it once', async () => {
    const s = setup();
    const e = click();
    countThenOpen(s.deps, e);
    expect(e.prevented).toBe(true);
    expect(s.count).toHaveBeenCalledOnce();
    expect(s.go).not.toHaveBeenCalled();
    s.answer();
    await Promise.resolve();
    expect(s.go).toHaveBeenCalledOnce();
    s.clock.advance(COUNT_WAIT_MS);
    expect(s.go).toHaveBeenCalledOnce();
  });

  it(`opens after ${COUNT_WAIT_MS} ms when the count is slow`, () => {
    const s = setup();
    countThenOpen(s.deps, click());
    s.clock.advance(COUNT_WAIT_MS - 1);
    expect(s.go).not.toHaveBeenCalled();
    s.clock.advance(1);
    expect(s.go).toHaveBeenCalledOnce();
  });

  it('nothing to count, or a click for a new tab: the link does what it always did', () => {
    const none = setup({ counting: false });
    const e = click();
    countThenOpen(none.deps, e);
    expect(e.prevented).toBe(false);
    for (const over of [{ button: 1 }, { ctrlKey: true }, { metaKey: true }, { shiftKey: true }]) {
      const s = setup();
      const tab = click(over);
      countThenOpen(s.deps, tab);
      expect(tab.prevented).toBe(false);
      expect(s.count).toHaveBeenCalledOnce();
      s.clock.advance(COUNT_WAIT_MS);
      expect(s.go).not.toHaveBeenCalled();
    }
  });

  it('inside a host app that opens it, the page stays and the download is still counted', () => {
    const s = setup({ host: true });
    const e = click();
    countThenOpen(s.deps, e);
    expect(e.prevented).toBe(true);
    expect(s.count).toHaveBeenCalledOnce();
    s.clock.advance(COUNT_WAIT_MS);
    expect(s.go).not.toHaveBeenCalled();
  });
});
