import { describe, expect, it, vi } from 'vitest';
import { liveReloadScript } from '../../../build/html.ts';

/** Runs the inline client with a fake EventSource; answers a way to deliver build ids and the reload spy. */
function run(script: string): { send(id: string): void; reload: ReturnType<typeof vi.fn> } {
  const body = /<script[^>]*>([\s\S]*)<\/script>/.exec(script)?.[1] ?? '';
  const sources: Array<{ onmessage?: (e: { data: string }) => void }> = [];
  const reload = vi.fn();
  class EventSource {
    onmessage?: (e: { data: string }) => void;
    constructor() {
      sources.push(this);
    }
  }
  new Function('EventSource', 'location', body)(EventSource, { reload });
  const source = sources[0] ?? {};
  return { send: (id) => source.onmessage?.({ data: id }), reload };
}

describe('npm run dev live reload (build/html.ts)', () => {
  it('a page whose own build is older than the first event reloads at once (the rebuild raced its load)', () => {
    const page = run(liveReloadScript('http://127.0.0.1:1/', 'r-1'));
    page.send('r-2');
    expect(page.reload).toHaveBeenCalledOnce();
  });

  it('a page of the current build waits for the next one', () => {
    const page = run(liveReloadScript('http://127.0.0.1:1/', 'r-2'));
    page.send('r-2');
    expect(page.reload).not.toHaveBeenCalled();
    page.send('r-3');
    expect(page.reload).toHaveBeenCalledOnce();
  });

  it('without an id the first event is taken as the page’s own build', () => {
    const page = run(liveReloadScript('http://127.0.0.1:1/'));
    page.send('x');
    expect(page.reload).not.toHaveBeenCalled();
    page.send('y');
    expect(page.reload).toHaveBeenCalledOnce();
  });
});
