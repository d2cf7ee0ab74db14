import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createAppUpdate } from '../../../web/core/app-update.ts';
import { UpdateBar } from '../../../web/ui/UpdateBar.tsx';
import { useMount } from './mount.ts';

const { mount, render } = useMount();

describe('UpdateBar (decision 0021)', () => {
  it('says nothing until a new version waits, then offers Reload, which accepts it once', () => {
    const update = createAppUpdate();
    const host = mount(<UpdateBar update={update} page="home" />);
    expect(host.textContent).toBe('');
    const accept = vi.fn();
    act(() => update.offer(accept));
    expect(host.querySelector('[role="status"]')?.textContent).toContain('New version available');
    act(() => host.querySelector('button')?.click());
    expect(accept).toHaveBeenCalledTimes(1);
    expect(host.textContent).toBe('');
  });

  it('is held on the game screen and shows once the player has left it', () => {
    const update = createAppUpdate();
    update.offer(() => {});
    const host = mount(<UpdateBar update={update} page="game" />);
    expect(host.textContent).toBe('');
    render(<UpdateBar update={update} page="gameDetail" />);
    expect(host.querySelector('button')?.textContent).toBe('Reload');
  });
});
