import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../web/core/clock';
import { TOAST_WARNING, createToaster, type ToastIcon } from '../../../web/core/toast';

function setup() {
  const clock = createManualClock();
  const warnings: string[] = [];
  const toaster = createToaster(clock, (m) => warnings.push(m));
  return { clock, warnings, toaster };
}

describe('toast (SPEC §4 Toast, §5, §9)', () => {
  it('shows a toast with icon none by default and auto-hides after 1500 ms (SPEC §4, §9)', () => {
    const { clock, toaster } = setup();
    toaster.show({ title: 'saved' });
    expect(toaster.state.get()).toMatchObject({ title: 'saved', icon: 'none', duration: 1500, mask: false, loading: false });
    clock.advance(1499);
    expect(toaster.state.get()).not.toBeNull();
    clock.advance(1);
    expect(toaster.state.get()).toBeNull();
  });

  it('honours a custom duration and mask (SPEC §4)', () => {
    const { clock, toaster } = setup();
    toaster.show({ title: 'x', icon: 'success', duration: 3000, mask: true });
    expect(toaster.state.get()?.mask).toBe(true);
    clock.advance(2999);
    expect(toaster.state.get()?.icon).toBe('success');
    clock.advance(1);
    expect(toaster.state.get()).toBeNull();
  });

  it.each(['success', 'error', 'loading', 'none'] as const)('accepts icon %s without a warning (SPEC §5)', (icon) => {
    const { toaster, warnings } = setup();
    toaster.show({ title: 't', icon });
    expect(toaster.state.get()?.icon).toBe(icon);
    expect(warnings).toEqual([]);
  });

  it('warns about an icon outside success/error/loading/none and shows the message with none (SPEC §5)', () => {
    const { toaster, warnings } = setup();
    toaster.show({ title: 't', icon: 'warning' as ToastIcon });
    expect(warnings).toEqual([TOAST_WARNING.invalidIcon('warning')]);
    expect(toaster.state.get()).toMatchObject({ title: 't', icon: 'none' });
  });

  it('keeps a loading toast (1e8 ms) until hideLoading (SPEC §4, §9)', () => {
    const { clock, toaster, warnings } = setup();
    toaster.showLoading('loading…');
    expect(toaster.state.get()).toMatchObject({ icon: 'loading', loading: true, duration: 1e8 });
    clock.advance(10 * 60_000);
    expect(toaster.state.get()).not.toBeNull();
    toaster.hideLoading();
    expect(toaster.state.get()).toBeNull();
    expect(warnings).toEqual([]);
    expect(clock.pending()).toBe(0);
  });

  it('warns on hideLoading with no loading shown (SPEC §4 mismatched hide)', () => {
    const { toaster, warnings } = setup();
    toaster.hideLoading();
    toaster.show({ title: 'plain' });
    toaster.hideLoading();
    expect(warnings).toEqual([TOAST_WARNING.unpairedLoading, TOAST_WARNING.unpairedLoading]);
    expect(toaster.state.get()?.title).toBe('plain');
  });

  it('warns on hide() while a loading is shown and keeps the loading (SPEC §4 mismatched hide)', () => {
    const { toaster, warnings } = setup();
    toaster.showLoading('wait');
    toaster.hide();
    expect(warnings).toEqual([TOAST_WARNING.unpairedToast]);
    expect(toaster.state.get()?.loading).toBe(true);
  });

  it('hides a plain toast early with hide() and stays quiet when nothing is shown (SPEC §4)', () => {
    const { toaster, warnings } = setup();
    toaster.hide();
    toaster.show({ title: 'a' });
    toaster.hide();
    expect(toaster.state.get()).toBeNull();
    expect(warnings).toEqual([]);
  });

  it('replaces the current toast, and the old timer does not close the new one (SPEC §4)', () => {
    const { clock, toaster } = setup();
    toaster.show({ title: 'first' });
    clock.advance(1000);
    toaster.show({ title: 'second' });
    clock.advance(1000);
    expect(toaster.state.get()?.title).toBe('second');
    clock.advance(500);
    expect(toaster.state.get()).toBeNull();
  });
});
