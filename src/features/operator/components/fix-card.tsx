// One open fix request: who asked, on which plan, how long ago against the promise; the
// original result beside the seller's drawing; Mark in progress, Answer with a picture
// (preview, then Send), Try with AI (ai-fix-panel.tsx) or Reject with a note.
import { useEffect, useId, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { Badge, Button, TextAreaField, toast } from '../../../ui/index.ts';
import { FixStatusBadge } from '../../projects/components.ts';
import { planTitle } from '../../subscription/index.ts';
import type { Plan } from '../../subscription/index.ts';
import type { QueueFix } from '../api.ts';
import { useAnswerFix, useRejectFix, useStartFix } from '../hooks/use-operator.ts';
import { AiFixPanel } from './ai-fix-panel.tsx';
import { FixPicture } from './fix-picture.tsx';
import * as s from './operator.css.ts';

function Age({ fix }: { fix: QueueFix }) {
  const { t } = useLingui();
  const days = Math.floor(fix.age_hours / 24);
  const hours = Math.floor(fix.age_hours);
  const age =
    days >= 1
      ? t`Waiting ${plural(days, { one: '# day', other: '# days' })}`
      : hours >= 1
        ? t`Waiting ${plural(hours, { one: '# hour', other: '# hours' })}`
        : t`Waiting less than an hour`;
  return (
    <span className={s.badges}>
      <Badge tone={fix.late ? 'danger' : 'neutral'}>{age}</Badge>
      {fix.late ? (
        <Badge tone="danger">
          <Trans>Late</Trans>
        </Badge>
      ) : (
        <span className={s.meta}>
          <Trans>Due {formatDateTime(fix.due_at, currentLocale())}</Trans>
        </span>
      )}
    </span>
  );
}

function AnswerForm({ fix, onDone }: { fix: QueueFix; onDone: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const answer = useAnswerFix();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [note, setNote] = useState('');
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <form
      className={s.form}
      onSubmit={(e) => {
        e.preventDefault();
        if (!file) return;
        answer.mutate(
          { fixId: fix.id, picture: file, note },
          {
            onSuccess: () => {
              toast.show({
                tone: 'success',
                title: t`The fixed picture was sent to the seller.`,
                duration: 5000,
              });
              onDone();
            },
          },
        );
      }}
    >
      <label className={s.fileLabel} htmlFor={`${id}-file`}>
        <Trans>Fixed picture</Trans>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </label>
      {preview && <img className={s.preview} src={preview} alt={t`The fix, as it will be sent`} />}
      <TextAreaField
        label={t`Note for the seller (optional)`}
        value={note}
        maxLength={1000}
        rows={2}
        onChange={(e) => setNote(e.target.value)}
      />
      {fix.plan_watermark && (
        <p className={s.meta}>
          <Trans>This seller is on the free plan: they will see the picture with the watermark.</Trans>
        </p>
      )}
      <div className={s.actions}>
        <Button type="submit" disabled={!file} loading={answer.isPending}>
          <Trans>Send</Trans>
        </Button>
        <Button variant="secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

function RejectForm({ fix, onDone }: { fix: QueueFix; onDone: () => void }) {
  const { t } = useLingui();
  const reject = useRejectFix();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <form
      className={s.form}
      onSubmit={(e) => {
        e.preventDefault();
        if (!note.trim()) {
          setMissing(true);
          return;
        }
        reject.mutate(
          { fixId: fix.id, note },
          {
            onSuccess: () => {
              toast.show({ tone: 'success', title: t`The fix request was rejected.`, duration: 5000 });
              onDone();
            },
          },
        );
      }}
    >
      <TextAreaField
        label={t`Note for the seller`}
        value={note}
        maxLength={1000}
        rows={3}
        required
        error={missing ? t`Please write a note for the seller` : undefined}
        onChange={(e) => {
          setNote(e.target.value);
          setMissing(false);
        }}
      />
      {!fix.is_free && (
        <p className={s.meta}>
          <Trans>This fix was paid for: the seller gets the credit back.</Trans>
        </p>
      )}
      <div className={s.actions}>
        <Button type="submit" variant="danger" loading={reject.isPending}>
          <Trans>Reject the fix</Trans>
        </Button>
        <Button variant="secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

export function FixCard({ fix }: { fix: QueueFix }) {
  const { t, i18n } = useLingui();
  const start = useStartFix();
  const [open, setOpen] = useState<'answer' | 'reject' | null>(null);
  const plan = fix.plan ? planTitle(fix.plan as Plan, i18n) : '';
  const project = fix.project_name ?? '';

  return (
    <article className={s.card} aria-label={t`Fix for "${project}"`}>
      <div className={s.cardHead}>
        <div className={s.sellerMain}>
          <h3 className={s.cardTitle}>{project}</h3>
          <span className={s.meta}>
            {fix.seller_name ? `${fix.seller_name} · ` : ''}
            {fix.seller_email}
          </span>
          <span className={s.meta}>
            <Trans>Requested {formatDateTime(fix.created_at, currentLocale())}</Trans>
          </span>
        </div>
        <div className={s.badges}>
          <FixStatusBadge status={fix.status} />
          <Badge tone="accent">{t`${plan} plan`}</Badge>
          <Badge tone={fix.is_free ? 'neutral' : 'info'}>{fix.is_free ? t`Free fix` : t`Paid fix`}</Badge>
        </div>
      </div>
      <Age fix={fix} />
      <div className={s.pictures}>
        <FixPicture bucket="generated" path={fix.original_path} label={t`Original result`} />
        <FixPicture bucket="fix-drawings" path={fix.drawing_path} label={t`The seller's drawing`} />
      </div>
      <p className={s.description}>{fix.description}</p>
      {open === 'answer' && <AnswerForm fix={fix} onDone={() => setOpen(null)} />}
      {open === 'reject' && <RejectForm fix={fix} onDone={() => setOpen(null)} />}
      {open === null && <AiFixPanel fix={fix} />}
      {open === null && (
        <div className={s.actions}>
          {fix.status === 'pending' && (
            <Button variant="secondary" loading={start.isPending} onClick={() => start.mutate(fix.id)}>
              <Trans>Mark in progress</Trans>
            </Button>
          )}
          <Button onClick={() => setOpen('answer')}>
            <Trans>Answer with a picture</Trans>
          </Button>
          <Button variant="secondary" onClick={() => setOpen('reject')}>
            <Trans>Reject with a note</Trans>
          </Button>
        </div>
      )}
    </article>
  );
}
