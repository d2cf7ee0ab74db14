/**
 * Images as the runtime reads them (SPEC §8 "Image info load error:
 * rejects"): the intrinsic size of an image, for a caller that lays it out,
 * or a rejection `getImageInfo:fail …` when it cannot be loaded — the same
 * `<api>:fail` form as the socket's errors.
 */
export interface ImageInfo {
  /** Intrinsic pixels; 0 for an image without an intrinsic size (an SVG with no width/height). */
  width: number;
  height: number;
  /** The URL the browser resolved. */
  path: string;
}

export function getImageInfo(src: string, make: () => HTMLImageElement = () => new Image()): Promise<ImageInfo> {
  return new Promise((resolve, reject) => {
    const img = make();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight, path: img.currentSrc || img.src });
    img.onerror = () => reject(new Error(`getImageInfo:fail ${src.slice(0, 200)} could not be loaded`));
    img.src = src;
  });
}
