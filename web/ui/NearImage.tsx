import type { ImgHTMLAttributes } from 'react';
import { useNear } from './near-viewport.ts';

/**
 * An `<img>` that gets its `src` once near the viewport (near-viewport.ts); until then its box (width/height,
 * CSS aspect-ratio) and placeholder background hold its place, so nothing shifts when the art arrives.
 */
export function NearImage({ src, ...img }: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'ref'> & { src: string }) {
  const [ref, near] = useNear<HTMLImageElement>();
  return <img ref={ref} src={near ? src : undefined} loading="lazy" {...img} />;
}
