// One of a fix card's pictures (the original, the seller's drawing, the AI's), signed for the
// operator, with its caption.
import { useLingui } from '@lingui/react/macro';
import { usePicture } from '../hooks/use-operator.ts';
import * as s from './operator.css.ts';

export function FixPicture({ bucket, path, label }: { bucket: string; path: string | null; label: string }) {
  const { t } = useLingui();
  const url = usePicture(bucket, path);
  return (
    <figure className={s.figure}>
      {url.data ? (
        <img className={s.picture} src={url.data} alt={label} />
      ) : (
        <div className={s.picture} role="img" aria-label={path ? label : t`${label}: none`} />
      )}
      <figcaption className={s.caption}>{label}</figcaption>
    </figure>
  );
}
