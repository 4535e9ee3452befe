// The project page's fix requests (spec 2 §4 "Fix status"): each with its status label, what
// the seller asked, when, and — once completed — the fixed image with a download, or the
// workflow's note when it was rejected. Nothing is shown for a project without fixes. Live.
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useFixesLive, useProjectFixes } from '../hooks/use-fixes.ts';
import { PANE_SIZE } from '../image-sources.ts';
import { FixOutcome, FixResultImage } from './fix-result.tsx';
import { FixStatusBadge } from './fix-status-badge.tsx';
import * as f from './fixes-page.css.ts';

export function ProjectFixes({
  projectId,
  cleanAllowed,
}: {
  projectId: string;
  cleanAllowed: boolean | undefined;
}) {
  const { t } = useLingui();
  useFixesLive();
  const fixes = useProjectFixes(projectId);
  if (!fixes.data?.length) return null;
  return (
    <section className={f.section} aria-label={t`Fix requests for this project`}>
      <h2 className={f.sectionTitle}>
        <Trans>Fix requests</Trans>
      </h2>
      <ul className={f.list}>
        {fixes.data.map((fix) => (
          <li key={fix.id} className={f.detailCard}>
            <div className={f.body}>
              <div>
                <FixStatusBadge status={fix.status} />
              </div>
              <p className={f.description}>{fix.description}</p>
              <time className={f.date} dateTime={fix.created_at}>
                {formatDateTime(fix.created_at, currentLocale())}
              </time>
            </div>
            <FixResultImage
              fix={fix}
              cleanAllowed={cleanAllowed}
              size={PANE_SIZE}
              className={f.resultImage}
            />
            <FixOutcome fix={fix} cleanAllowed={cleanAllowed} />
          </li>
        ))}
      </ul>
    </section>
  );
}
