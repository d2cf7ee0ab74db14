import { describe, expect, it, vi } from 'vitest';
import { createAppUpdate, showUpdatePrompt } from '../../../web/core/app-update.ts';

describe('the new-version offer (decision 0021)', () => {
  it('is ready once offered, and its accept runs once', () => {
    const update = createAppUpdate();
    expect(update.ready.get()).toBe(false);
    const first = vi.fn();
    const latest = vi.fn();
    update.offer(first);
    update.offer(latest);
    expect(update.ready.get()).toBe(true);
    update.accept();
    update.accept();
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledTimes(1);
    expect(update.ready.get()).toBe(false);
  });

  it('shows on every page but the game screen, and only while ready', () => {
    expect(showUpdatePrompt(true, 'home')).toBe(true);
    expect(showUpdatePrompt(true, null)).toBe(true);
    expect(showUpdatePrompt(true, 'game')).toBe(false);
    expect(showUpdatePrompt(false, 'home')).toBe(false);
  });
});
