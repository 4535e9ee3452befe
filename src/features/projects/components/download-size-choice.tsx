// The download dialog's size choice: the original, or framed for a marketplace (frame/sizes.ts),
// each tile naming where it fits and stating the size the file will have ("1536×1536").
import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FRAME_SIZES, type FrameSize, frameSizeLabel } from '../frame/sizes.ts';
import { imageSizeLabels } from '../image-size.ts';
import type { ProjectImage } from '../project-types.ts';
import * as s from './dialogs.css.ts';

type Sized = Pick<ProjectImage, 'resolution' | 'width' | 'height'>;

/** The sizes these images will have in a frame, each once ("1536×1536", or two when they differ). */
export const frameSizeLabels = (images: Sized[], frame: FrameSize) => [
  ...new Set(images.map((image) => frameSizeLabel(image, frame)).filter((l): l is string => l !== null)),
];

/** "4K · 2731×4096" → "2731×4096": the tile states pixels; the quality row says the rest. */
const pixelsOf = (label: string) => label.split(' · ').pop() ?? label;

export function SizeChoice({
  images,
  value,
  onChange,
}: {
  images: Sized[];
  value: FrameSize;
  onChange: (size: FrameSize) => void;
}) {
  const { t } = useLingui();
  const groupId = useId();
  const names: Record<FrameSize, { name: string; use: string }> = {
    original: { name: t`Original size`, use: t`As delivered` },
    square: { name: t`Square 1:1`, use: t`Shopify, Etsy, Amazon` },
    portrait: { name: t`Portrait 4:5`, use: t`Instagram feed` },
    story: { name: t`Story 9:16`, use: t`Stories, TikTok` },
    tall: { name: t`Portrait 3:4`, use: t`Vinted, Depop` },
  };
  return (
    <fieldset className={s.sizes} aria-labelledby={groupId}>
      <legend id={groupId} className={s.legend} style={{ gridColumn: '1 / -1' }}>
        <Trans>Size</Trans>
      </legend>
      {FRAME_SIZES.map((frame) => {
        const stated =
          frame === 'original' ? imageSizeLabels(images).map(pixelsOf) : frameSizeLabels(images, frame);
        return (
          <label key={frame} className={s.sizeOption}>
            <input
              type="radio"
              name="download-size"
              value={frame}
              className={s.radio}
              checked={value === frame}
              onChange={() => onChange(frame)}
            />
            <span>{names[frame].name}</span>
            <span className={s.formatHint}>{names[frame].use}</span>
            <span className={s.sizePixels} data-testid={`size-${frame}`}>
              {stated.join(', ')}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
