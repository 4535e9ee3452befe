// /fixes (spec 2 §2): fix requests as cards, 8 a page, Previous / Next and 'Page x of y'; each
// with its project's name, the status label and a delete button; a completed one shows its
// fixed image (in place of the drawing) and a download, a rejected one the workflow's note. Live.
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { Alert, Button, Icon, Skeleton } from '../../../ui/index.ts';
import { FIXES_PER_PAGE, type FixRequest } from '../api.ts';
import { useCleanAllowed } from '../hooks/use-clean-allowed.ts';
import { useDeleteFix, useFixesLive, useFixPage } from '../hooks/use-fixes.ts';
import { fixResultSource, STRIP_SIZE } from '../image-sources.ts';
import { MESSAGES } from '../labels.ts';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';
import { FixOutcome, FixResultImage } from './fix-result.tsx';
import { FixStatusBadge } from './fix-status-badge.tsx';
import { ProjectIcon } from './project-icon.tsx';
import { ProjectsTabs } from './projects-tabs.tsx';
import { StoredImage } from './stored-image.tsx';
import * as cardStyles from './project-card.css.ts';
import * as f from './fixes-page.css.ts';
import * as s from './shared.css.ts';
import { shownProjectName } from '../../../lib/default-names.ts';

export interface FixesPageProps {
  page: number;
  onPageChange: (page: number) => void;
}

export function FixesPage({ page, onPageChange }: FixesPageProps) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Fix requests`);
  useFixesLive();
  const fixes = useFixPage(page);
  const remove = useDeleteFix();
  const cleanAllowed = useCleanAllowed();
  const [doomed, setDoomed] = useState<FixRequest | null>(null);
  const pages = Math.max(1, Math.ceil((fixes.data?.total ?? 0) / FIXES_PER_PAGE));
  // a page that emptied (the last fix on it deleted) falls back to the last one
  const beyond = !!fixes.data && page > pages;
  useEffect(() => {
    if (beyond) onPageChange(pages);
  }, [beyond, pages, onPageChange]);

  return (
    <div className={s.page}>
      <header className={s.head}>
        <div>
          <h1 className={s.title}>
            <Trans>Fix requests</Trans>
          </h1>
          <p className={s.lead}>
            <Trans>The fixes you asked for on generated images, and where each one stands.</Trans>
          </p>
        </div>
      </header>
      <ProjectsTabs current="fixes" />

      {fixes.isPending && (
        <ul className={f.list} aria-busy="true" aria-label={t`Loading fix requests`}>
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i} className={f.card}>
              <Skeleton width={96} height={128} />
              <Skeleton width="70%" height={16} />
            </li>
          ))}
        </ul>
      )}
      {fixes.isError && !fixes.data && (
        <Alert tone="error">
          <span className={s.errorRow}>
            {i18n._(MESSAGES.loadFixesFailed)}
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void fixes.refetch()}
              loading={fixes.isFetching}
            >
              <Trans>Retry</Trans>
            </Button>
          </span>
        </Alert>
      )}
      {fixes.data?.total === 0 && (
        <div className={s.empty}>
          <span className={s.emptyIcon}>
            <Icon name="wand" size={26} />
          </span>
          <p className={s.emptyTitle}>
            <Trans>No fix requests yet</Trans>
          </p>
          <p>
            <Trans>Open a completed project and choose Report an Issue to ask for a fix.</Trans>
          </p>
        </div>
      )}
      {!!fixes.data?.fixes.length && (
        <ul className={f.list}>
          {fixes.data.fixes.map((fix) => (
            <li key={fix.id} className={f.card}>
              {fixResultSource(fix, cleanAllowed) ? (
                <FixResultImage
                  fix={fix}
                  cleanAllowed={cleanAllowed}
                  size={STRIP_SIZE}
                  fit="cover"
                  className={f.thumb}
                />
              ) : (
                <StoredImage
                  source={fix.annotated_image ? { bucket: 'fix-drawings', path: fix.annotated_image } : null}
                  size={STRIP_SIZE}
                  alt={t`Drawing for ${shownProjectName(fix.project_name ?? '')}`}
                  className={f.thumb}
                />
              )}
              <div className={f.body}>
                <div className={f.top}>
                  <Link
                    to="/projects/$projectId"
                    params={{ projectId: fix.project_id }}
                    className={f.project}
                  >
                    {shownProjectName(fix.project_name ?? '')}
                  </Link>
                  <button
                    type="button"
                    className={[cardStyles.iconButton, cardStyles.dangerButton].join(' ')}
                    aria-label={t`Delete fix request for ${shownProjectName(fix.project_name ?? '')}`}
                    onClick={() => setDoomed(fix)}
                  >
                    <ProjectIcon name="trash" />
                  </button>
                </div>
                <div>
                  <FixStatusBadge status={fix.status} />
                </div>
                <p className={f.description}>{fix.description}</p>
                <time className={f.date} dateTime={fix.created_at}>
                  {formatDateTime(fix.created_at, currentLocale())}
                </time>
                <FixOutcome fix={fix} cleanAllowed={cleanAllowed} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {!!fixes.data?.total && (
        <nav className={f.pager} aria-label={t`Fix request pages`}>
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            <ProjectIcon name="chevronLeft" />
            <Trans>Previous</Trans>
          </Button>
          <span className={f.pageLabel} aria-live="polite">
            <Trans>
              Page {page} of {pages}
            </Trans>
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages}
            onClick={() => onPageChange(page + 1)}
          >
            <Trans>Next</Trans>
            <Icon name="chevronRight" size={18} />
          </Button>
        </nav>
      )}
      <ConfirmDeleteDialog
        open={!!doomed}
        busy={remove.isPending}
        itemName={doomed?.project_name ? shownProjectName(doomed.project_name) : undefined}
        onClose={() => setDoomed(null)}
        onConfirm={() => doomed && remove.mutate(doomed, { onSettled: () => setDoomed(null) })}
      />
    </div>
  );
}
