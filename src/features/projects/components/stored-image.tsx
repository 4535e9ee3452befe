// A stored image shown through a short-lived signed URL at the size it is drawn (Storage's
// image transformation), signed and fetched only once it comes near the screen. A URL that
// stopped working (expired in the offline cache) is signed again once.
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useInView } from '../hooks/use-in-view.ts';
import { useSignedImage } from '../hooks/use-signed-image.ts';
import type { ImageSize, ImageSource } from '../image-sources.ts';
import * as s from './stored-image.css.ts';

export interface StoredImageProps {
  source: ImageSource | null;
  /** the transformation; a function picks it from the width the picture is drawn at */
  size: ImageSize | null | ((cssWidth: number, dpr: number) => ImageSize);
  alt: string;
  className?: string;
  imgClassName?: string;
  fit?: 'cover' | 'contain';
  /** load now (above the fold), not when scrolled near */
  eager?: boolean;
  style?: CSSProperties;
  /** the image once loaded (the magnifier and the video poster reuse its URL and size) */
  onLoaded?: (img: HTMLImageElement) => void;
}

export function StoredImage({
  source,
  size,
  alt,
  className,
  imgClassName,
  fit = 'cover',
  eager,
  style,
  onLoaded,
}: StoredImageProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const near = useInView(frameRef);
  const wanted = eager || near;
  const [measured, setMeasured] = useState<ImageSize | null>(null);
  // measured after the paint, when layout is done anyway (in a layout effect it would force
  // the whole page's layout inside React's commit, one long task for a screen of cards)
  useEffect(() => {
    if (!wanted || typeof size !== 'function' || measured) return;
    const width = frameRef.current?.clientWidth || 360;
    setMeasured(size(width, window.devicePixelRatio || 1));
  }, [wanted, size, measured]);
  const resolved = typeof size === 'function' ? measured : size;
  const { url, retry } = useSignedImage(
    source,
    resolved,
    wanted && (typeof size !== 'function' || !!measured),
  );
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  return (
    <div
      ref={frameRef}
      className={[s.frame, fit === 'contain' ? s.clear : undefined, className].filter(Boolean).join(' ')}
      style={style}
    >
      {url && (
        <img
          src={url}
          alt={alt}
          decoding="async"
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          crossOrigin="anonymous"
          draggable={false}
          data-loaded={loadedUrl === url}
          className={[
            s.img,
            eager ? undefined : s.fadeIn,
            fit === 'contain' ? s.contain : undefined,
            imgClassName,
          ]
            .filter(Boolean)
            .join(' ')}
          onLoad={(e) => {
            setLoadedUrl(url);
            onLoaded?.(e.currentTarget);
          }}
          onError={retry}
        />
      )}
    </div>
  );
}
