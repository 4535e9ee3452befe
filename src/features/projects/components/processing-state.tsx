// While an image is being made (spec 2 §2): a spinner and what is happening, with live progress
// from the project's images (each arrives over realtime).
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatRelative } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { Spinner } from '../../../ui/index.ts';
import * as s from './project-detail.css.ts';

export function ProcessingState({ done, total, since }: { done: number; total: number; since: string }) {
  const { t } = useLingui();
  const share = total ? Math.round((done / total) * 100) : 0;
  return (
    <div className={s.stateBox}>
      <Spinner size={36} />
      <p className={s.stateTitle}>
        <Trans>Generating your images</Trans>
      </p>
      <p>
        <Trans>
          This usually takes 1 to 2 minutes. You can leave this page; we will let you know when they are
          ready.
        </Trans>
      </p>
      <div
        className={s.progress}
        role="progressbar"
        aria-label={t`Images ready`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
      >
        <div
          className={[s.progressFill, done === 0 ? s.progressRunning : undefined].join(' ')}
          style={done > 0 ? { width: `${share}%` } : undefined}
        />
      </div>
      <p aria-live="polite">
        {t({
          message: plural(total, { one: `${done} of # image ready`, other: `${done} of # images ready` }),
        })}{' '}
        · {t`started ${formatRelative(since, currentLocale())}`}
      </p>
    </div>
  );
}
