// 'Report an Issue' (spec 1 §2, spec 2 §5): draw on the image, describe the issue, see whether
// the fix is free or costs a credit (can_request_project_fix), send. The drawing goes to
// fix-drawings and request_project_fix records the fix; then the confirmation shows for 5 s.
// A press keeps its request id (and uploaded drawing) until the server answers: sending again
// after a lost answer gets the fix already made, never a second charge.
import { type FormEvent, useEffect, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { Alert, Button, Dialog, Spinner, TextAreaField } from '../../../ui/index.ts';
import { useUser } from '../../auth/index.ts';
import { fixEligibilityQueryOptions } from '../api.ts';
import { useRequestFix } from '../hooks/use-fixes.ts';
import { exportAnnotated, FIX_CANVAS, FIX_CANVAS_PHONE, type Stroke } from '../fix-drawing.ts';
import { useSignedImage } from '../hooks/use-signed-image.ts';
import { PANE_SIZE, resultSource } from '../image-sources.ts';
import { MESSAGES } from '../labels.ts';
import type { Project, ProjectImage } from '../project-types.ts';
import { FixCanvas } from './fix-canvas.tsx';
import { FixPrice } from './fix-price.tsx';
import { ProjectIcon } from './project-icon.tsx';
import * as s from './dialogs.css.ts';

export const DESCRIPTION_MAX = 2000;

export interface FixDialogProps {
  project: Project;
  image: ProjectImage | undefined;
  cleanAllowed: boolean | undefined;
  /** the failure words of the screen it opened from (spec 2 §8) */
  errorMessage: MessageDescriptor;
  onClose: () => void;
  onSubmitted: () => void;
}

/** The image under the drawing, loaded so the canvas can be exported (CORS-clean). */
function useLoadedImage(url: string | null) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    if (!url) return;
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.decoding = 'async';
    img.onload = () => setImage(img);
    img.src = url;
    return () => {
      img.onload = null;
    };
  }, [url]);
  return image;
}

export function FixDialog({
  project,
  image,
  cleanAllowed,
  errorMessage,
  onClose,
  onSubmitted,
}: FixDialogProps) {
  const { t } = useLingui();
  const user = useUser();
  const client = useSupabase();
  const phone = useMediaQuery(MOBILE_QUERY);
  const box = phone ? FIX_CANVAS_PHONE : FIX_CANVAS;
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [description, setDescription] = useState('');
  const [missing, setMissing] = useState(false);
  const eligibility = useQuery(fixEligibilityQueryOptions(client, user.id, project.id));
  const { url } = useSignedImage(resultSource(image, cleanAllowed), PANE_SIZE);
  const loaded = useLoadedImage(url);
  const submit = useRequestFix(project.id, errorMessage);
  const e = eligibility.data;
  const blocked = !!e && !e.can_request;
  const onSubmit = (ev: FormEvent) => {
    ev.preventDefault();
    if (!description.trim()) {
      setMissing(true);
      return;
    }
    if (!loaded) return;
    submit.mutate(
      {
        imageId: image?.id ?? null,
        description: description.trim(),
        drawing: () => exportAnnotated(loaded, strokes, box),
      },
      { onSuccess: onSubmitted },
    );
  };

  const buttons = (
    <div className={s.buttons}>
      <Button variant="secondary" onClick={onClose} disabled={submit.isPending}>
        <Trans>Cancel</Trans>
      </Button>
      <Button
        type="submit"
        form="fix-request"
        loading={submit.isPending}
        disabled={blocked || !loaded || eligibility.isPending}
      >
        <Trans>Submit fix request</Trans>
      </Button>
    </div>
  );

  return (
    <Dialog
      open
      onClose={onClose}
      size="extraWide"
      title={t`Report an Issue`}
      footer={phone ? buttons : undefined}
    >
      <form id="fix-request" className={s.fixLayout} onSubmit={onSubmit} noValidate>
        <div className={s.canvasWrap}>
          {loaded ? (
            <FixCanvas
              image={loaded}
              width={box.width}
              height={box.height}
              strokes={strokes}
              onStrokesChange={setStrokes}
            />
          ) : (
            <div
              className={[s.canvas, s.canvasLoading].join(' ')}
              style={{ width: box.width, height: box.height }}
            >
              <Spinner size={28} label={t`Loading the image`} />
            </div>
          )}
          <div className={s.canvasTools}>
            <span className={s.eligibility}>
              <Trans>Draw on the image</Trans>
            </span>
            <span className={s.buttons}>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setStrokes((all) => all.slice(0, -1))}
                disabled={strokes.length === 0}
              >
                <ProjectIcon name="undo" />
                <Trans>Undo</Trans>
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setStrokes([])}
                disabled={strokes.length === 0}
              >
                <ProjectIcon name="eraser" />
                <Trans>Clear</Trans>
              </Button>
            </span>
          </div>
        </div>
        <div className={s.fixSide}>
          <p className={s.text}>
            <Trans>Mark in red what should change, then describe it. Our team fixes it by hand.</Trans>
          </p>
          <TextAreaField
            label={t`Describe the issue`}
            value={description}
            rows={phone ? 3 : 6}
            maxLength={DESCRIPTION_MAX}
            placeholder={t`For example: the left sleeve should be shorter, the logo is missing.`}
            onChange={(ev) => {
              setDescription(ev.target.value);
              setMissing(false);
            }}
            error={missing ? t`Please describe the issue` : undefined}
          />
          {eligibility.isPending && <Spinner size={18} label={t`Checking your fixes`} />}
          {eligibility.isError && (
            <Alert tone="error">{t`Could not check your fixes. You can still send the request.`}</Alert>
          )}
          {e?.can_request && <FixPrice eligibility={e} />}
          {blocked && <FixBlocked code={e.reason_code} reason={e.reason} />}
          {!phone && <div className={s.sideButtons}>{buttons}</div>}
        </div>
      </form>
    </Dialog>
  );
}

function FixBlocked({ code, reason }: { code: string | null; reason: string | null }) {
  const { i18n } = useLingui();
  const words: Record<string, MessageDescriptor> = {
    fix_pending: MESSAGES.fixPending,
    project_not_completed: MESSAGES.fixNeedsCompleted,
  };
  const descriptor = code ? words[code] : undefined;
  return <Alert tone="warning">{descriptor ? i18n._(descriptor) : reason}</Alert>;
}
