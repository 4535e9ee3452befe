// What the projects lists show besides their cards: a read that failed (with Retry) and an
// empty list. The projects and archived pages use both.
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button } from '../../../ui/index.ts';
import { MESSAGES } from '../labels.ts';
import * as s from './shared.css.ts';

export function ProjectsLoadError({ retry, retrying }: { retry: () => void; retrying: boolean }) {
  const { i18n } = useLingui();
  return (
    <Alert tone="error">
      <span className={s.errorRow}>
        {i18n._(MESSAGES.loadProjectsFailed)}
        <Button size="sm" variant="secondary" onClick={retry} loading={retrying}>
          <Trans>Retry</Trans>
        </Button>
      </span>
    </Alert>
  );
}

export function ProjectsEmpty({
  icon,
  title,
  children,
}: {
  icon?: ReactNode;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={s.empty}>
      {icon && <span className={s.emptyIcon}>{icon}</span>}
      <p className={s.emptyTitle}>{title}</p>
      {children}
    </div>
  );
}
