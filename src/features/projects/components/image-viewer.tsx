// The original and the generated image side by side (stacked on phones, generated first),
// the magnifier on desktop and touch zoom on phones, previous / next and a thumbnail strip
// when the project has several images, and what to show while an image is not there yet.
import { type ReactNode, useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { Button, Icon } from '../../../ui/index.ts';
import { originalSource, PANE_SIZE, resultSource, STRIP_SIZE } from '../image-sources.ts';
import { MESSAGES } from '../labels.ts';
import { type Project, progressOf } from '../project-types.ts';
import { Magnifier } from './magnifier.tsx';
import { ProcessingState } from './processing-state.tsx';
import { ProjectIcon } from './project-icon.tsx';
import { StoredImage } from './stored-image.tsx';
import { TouchZoom } from './touch-zoom.tsx';
import { VideoPlayer } from './video-player.tsx';
import * as s from './project-detail.css.ts';
import { shownProjectName } from '../../../lib/default-names.ts';

export interface ImageViewerProps {
  project: Project;
  index: number;
  onIndexChange: (index: number) => void;
  cleanAllowed: boolean | undefined;
  showVideo: boolean;
}

export function ImageViewer({ project, index, onIndexChange, cleanAllowed, showVideo }: ImageViewerProps) {
  const { t, i18n } = useLingui();
  const fineHover = useMediaQuery('(hover: hover) and (pointer: fine)');
  const coarse = useMediaQuery('(pointer: coarse)');
  // the generated image as loaded (URL and size), for the magnifier and the video poster
  const [loadedImage, setLoadedImage] = useState<{
    imageId: string;
    url: string;
    width: number;
    height: number;
  } | null>(null);
  const images = project.images;
  const count = images.length;
  const image = images[Math.min(index, count - 1)];
  const result = image?.status === 'completed' ? resultSource(image, cleanAllowed) : null;
  const { done, total } = progressOf(project);
  const several = count > 1;
  const go = (to: number) => onIndexChange((to + count) % count);
  const shown = loadedImage && loadedImage.imageId === image?.id ? loadedImage : null;

  useEffect(() => {
    if (!several) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable], dialog')) return;
      if (e.key === 'ArrowRight') onIndexChange((index + 1) % count);
      if (e.key === 'ArrowLeft') onIndexChange((index - 1 + count) % count);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [several, index, count, onIndexChange]);

  const generatedImage = result && (
    <StoredImage
      source={result}
      size={PANE_SIZE}
      alt={t`Generated image of ${shownProjectName(project.name)}`}
      fit="contain"
      eager
      className={s.fill}
      onLoaded={(img) =>
        image &&
        setLoadedImage({
          imageId: image.id,
          url: img.currentSrc || img.src,
          width: img.naturalWidth,
          height: img.naturalHeight,
        })
      }
    />
  );

  let generated: ReactNode;
  if (showVideo && project.video_path) {
    generated = (
      <VideoPlayer
        path={project.video_path}
        poster={shown?.url ?? null}
        name={shownProjectName(project.name)}
      />
    );
  } else if (generatedImage) {
    generated = fineHover ? (
      <Magnifier url={shown?.url ?? null} natural={shown}>
        {generatedImage}
      </Magnifier>
    ) : coarse ? (
      <TouchZoom>{generatedImage}</TouchZoom>
    ) : (
      generatedImage
    );
  } else if (
    image?.status === 'pending' ||
    image?.status === 'processing' ||
    project.status === 'processing'
  ) {
    generated = <ProcessingState done={done} total={total} since={project.created_at} />;
  } else if (image?.status === 'rejected' || project.status === 'rejected') {
    generated = (
      <div className={s.stateBox}>
        <Icon name="xCircle" size={32} />
        <p className={s.stateTitle}>
          <Trans>No image was generated</Trans>
        </p>
        <p>{i18n._(MESSAGES.rejectedOverlay)}</p>
      </div>
    );
  } else {
    generated = (
      <div className={s.stateBox}>
        <p className={s.stateTitle}>
          <Trans>This image could not be generated</Trans>
        </p>
        <p>
          <Trans>Its credit was refunded.</Trans>
        </p>
      </div>
    );
  }

  return (
    <>
      <div className={s.panes}>
        <figure className={s.pane}>
          <figcaption className={s.caption}>
            <Trans>Original</Trans>
          </figcaption>
          <div className={s.frame}>
            <StoredImage
              source={originalSource(image)}
              size={PANE_SIZE}
              alt={t`Original photo of ${shownProjectName(project.name)}`}
              fit="contain"
              eager
              className={s.fill}
            />
          </div>
        </figure>
        <figure className={[s.pane, s.paneGenerated].join(' ')}>
          <figcaption className={s.caption}>
            <span>{showVideo ? <Trans>Video</Trans> : <Trans>Generated</Trans>}</span>
            <span className={s.captionHint}>
              {[
                several ? `${index + 1} / ${count}` : null,
                !showVideo && result && fineHover ? t`Hover to magnify` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </figcaption>
          <div className={s.frame}>{generated}</div>
        </figure>
      </div>
      {several && (
        <nav className={s.strip} aria-label={t`Images of this project`}>
          <Button
            variant="secondary"
            size="icon"
            aria-label={t`Previous image`}
            onClick={() => go(index - 1)}
          >
            <ProjectIcon name="chevronLeft" size={20} />
          </Button>
          <ul className={s.thumbs}>
            {images.map((img, i) => (
              <li key={img.id}>
                <button
                  type="button"
                  className={s.thumbButton}
                  aria-current={i === index}
                  aria-label={t`Image ${i + 1} of ${count}`}
                  onClick={() => onIndexChange(i)}
                >
                  <StoredImage
                    source={
                      img.status === 'completed' ? resultSource(img, cleanAllowed) : originalSource(img)
                    }
                    size={STRIP_SIZE}
                    alt=""
                    className={s.thumbImage}
                  />
                </button>
              </li>
            ))}
          </ul>
          <Button variant="secondary" size="icon" aria-label={t`Next image`} onClick={() => go(index + 1)}>
            <Icon name="chevronRight" size={20} />
          </Button>
        </nav>
      )}
    </>
  );
}
