/**
 * The stream's sound in the page (web/game/sound-player.ts, decision 0027): it plays at the player's level in an
 * `<audio>` of its own, so autoplay rules never hold back the (muted) picture; when the browser refuses sound it
 * plays muted, says the sound is blocked, and starts it on the player's next touch.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSoundPlayer } from '../../../web/game/sound-player.ts';
import { flush } from '../../flush.ts';

const track = { kind: 'audio', id: 'a1' } as unknown as MediaStreamTrack;
const refused = (): Promise<void> => Promise.reject(Object.assign(new Error('no gesture'), { name: 'NotAllowedError' }));

/** The browser's answers to play(), in order: 'ok' or 'refuse'. */
function player(answers: Array<'ok' | 'refuse'>) {
  const said: boolean[] = [];
  const p = createSoundPlayer((b) => said.push(b));
  const plays: Array<{ muted: boolean; volume: number }> = [];
  vi.spyOn(p.element, 'play').mockImplementation(() => {
    plays.push({ muted: p.element.muted, volume: p.element.volume });
    const a = answers.shift() ?? 'ok';
    return a === 'ok' ? Promise.resolve() : refused();
  });
  // happy-dom's media elements take only its own streams; this one records what it is given.
  vi.stubGlobal('MediaStream', class {
    constructor(readonly tracks: MediaStreamTrack[]) {}
  });
  Object.defineProperty(p.element, 'srcObject', { value: null, writable: true });
  return { p, said, plays };
}

describe('the stream’s sound in the page (decision 0027)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('plays the sound track at the player’s level as soon as it comes, and says it is not blocked', async () => {
    const { p, said, plays } = player(['ok']);
    p.set({ on: true, volume: 0.35 });
    expect(plays).toEqual([]);
    p.show(track);
    await flush();
    expect(plays).toEqual([{ muted: false, volume: 0.35 }]);
    expect(said).toEqual([false]);
    expect((p.element.srcObject as unknown as { tracks: MediaStreamTrack[] }).tracks).toEqual([track]);
  });

  it('a browser that wants a touch first: plays muted meanwhile, says blocked once, and the touch starts the sound', async () => {
    const { p, said, plays } = player(['refuse', 'ok', 'ok']);
    p.show(track);
    await flush();
    expect(said).toEqual([true]);
    expect(plays.map((x) => x.muted)).toEqual([false, true]);
    p.unblock();
    await flush();
    expect(plays.at(-1)).toEqual({ muted: false, volume: 0.8 });
    expect(said).toEqual([true, false]);
    // Not blocked any more: another touch asks nothing.
    p.unblock();
    await flush();
    expect(plays).toHaveLength(3);
  });

  it('sound off is silent whatever the volume, and silent is never blocked', async () => {
    const { p, said, plays } = player(['ok', 'ok']);
    p.set({ on: false, volume: 1 });
    p.show(track);
    await flush();
    expect(p.element.muted).toBe(true);
    expect(said).toEqual([false]);
    p.set({ on: true, volume: 7 });
    await flush();
    expect(plays.at(-1)).toEqual({ muted: false, volume: 1 });
  });

  it('closing stops the sound and forgets the track; a late answer says nothing', async () => {
    const { p, said } = player(['refuse']);
    p.show(track);
    p.close();
    await flush();
    expect(p.element.srcObject).toBeNull();
    expect(said).toEqual([]);
  });
});
