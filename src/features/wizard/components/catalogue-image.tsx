// A catalogue picture (public/catalogue/...): the 480 and 768 px sizes shipped beside each
// file for the card's width, the full file as the fallback, and a quiet placeholder when the
// picture cannot be loaded (offline before it was ever seen). Only the two sizes the service
// worker precaches are offered, so a phone at any device pixel ratio (a 3x screen asks for
// 768 px) picks a picture that is there offline from the first visit.
import { useState } from 'react';
import { Icon } from '../../../ui/index.ts';
import * as s from './catalogue-image.css.ts';

interface CatalogueImageProps {
  path: string | null | undefined;
  alt: string;
  /** the rendered width, for choosing a size (CSS sizes syntax) */
  sizes?: string;
  className?: string;
  blurred?: boolean;
}

export function variantSrcSet(path: string): string | undefined {
  if (!path.startsWith('/catalogue/') || !path.endsWith('.webp')) return undefined;
  const base = path.slice(0, -'.webp'.length);
  return `${base}.w480.webp 480w, ${base}.w768.webp 768w`;
}

export function CatalogueImage({ path, alt, sizes = '230px', className, blurred }: CatalogueImageProps) {
  const [failed, setFailed] = useState<'none' | 'sizes' | 'all'>('none');
  if (!path || failed === 'all') {
    return (
      <span className={[s.placeholder, className].filter(Boolean).join(' ')} aria-hidden="true">
        <Icon name="image" size={28} />
      </span>
    );
  }
  const srcSet = failed === 'none' ? variantSrcSet(path) : undefined;
  return (
    <img
      className={[s.image, blurred ? s.blurred : undefined, className].filter(Boolean).join(' ')}
      src={path}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed((f) => (f === 'none' && srcSet ? 'sizes' : 'all'))}
    />
  );
}
