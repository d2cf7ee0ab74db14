/** SPEC §8 "Image info load error: rejects" (decision 0008 §6). */
import { describe, expect, it } from 'vitest';
import { getImageInfo } from '../../../web/core/media.ts';

/** An <img> stand-in that loads (with a size) or fails when its src is set. */
function fakeImage(outcome: { width: number; height: number } | 'error'): () => HTMLImageElement {
  return () => {
    const img = { naturalWidth: 0, naturalHeight: 0, currentSrc: '', onload: null as (() => void) | null, onerror: null as (() => void) | null };
    return Object.defineProperty(img, 'src', {
      set(v: string) {
        queueMicrotask(() => {
          if (outcome === 'error') return img.onerror?.();
          Object.assign(img, { naturalWidth: outcome.width, naturalHeight: outcome.height, currentSrc: `http://x${v}` });
          img.onload?.();
        });
      },
      get: () => img.currentSrc,
    }) as unknown as HTMLImageElement;
  };
}

describe('getImageInfo (SPEC §8)', () => {
  it('answers the intrinsic size and the resolved path', async () => {
    await expect(getImageInfo('/shot-1.svg', fakeImage({ width: 1280, height: 720 }))).resolves.toEqual({ width: 1280, height: 720, path: 'http://x/shot-1.svg' });
  });

  it('SPEC §8: rejects with getImageInfo:fail when the image cannot be loaded', async () => {
    await expect(getImageInfo('/gone.png', fakeImage('error'))).rejects.toThrow('getImageInfo:fail /gone.png could not be loaded');
  });
});
