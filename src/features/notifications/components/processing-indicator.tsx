import { useSyncExternalStore } from 'react';
import { Link } from '@tanstack/react-router';
import { Plural } from '@lingui/react/macro';
import { Badge, Spinner } from '../../../ui/index.ts';
import { useNotificationsEnabled } from '../hooks/use-notifications-enabled.ts';
import { processingStore } from '../processing-store.ts';
import * as s from './processing-indicator.css.ts';

/** "1 generating" in the header while projects are being generated (on a phone: spinner and number, so the logo keeps its place). */
export function ProcessingIndicator() {
  const ids = useSyncExternalStore(processingStore.subscribe, processingStore.get, processingStore.get);
  const [enabled] = useNotificationsEnabled();
  if (!enabled || ids.size === 0) return null;
  return (
    <Link to="/projects" className={s.link}>
      <Badge tone="accent">
        <Spinner size={12} />
        <span className={s.count} aria-hidden="true">
          {ids.size}
        </span>
        <span className={s.label}>
          <Plural value={ids.size} one="# generating" other="# generating" />
        </span>
      </Badge>
    </Link>
  );
}
