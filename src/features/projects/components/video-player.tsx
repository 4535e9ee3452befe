// The project's video, inline and muted (it plays where the image was), with the generated
// image as its poster until it starts.
import { useLingui } from '@lingui/react/macro';
import { useSignedImage } from '../hooks/use-signed-image.ts';
import * as s from './project-detail.css.ts';

export function VideoPlayer({ path, poster, name }: { path: string; poster: string | null; name: string }) {
  const { t } = useLingui();
  const { url } = useSignedImage({ bucket: 'videos', path }, null);
  if (!url) return null;
  return (
    <video
      className={s.video}
      src={url}
      poster={poster ?? undefined}
      muted
      playsInline
      autoPlay
      loop
      controls
      preload="metadata"
      aria-label={t`Video of ${name}`}
    />
  );
}
