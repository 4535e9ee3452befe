import { useSyncExternalStore } from 'react';
import { Link } from '@tanstack/react-router';
import { Plural } from '@lingui/react/macro';
import { Badge, Spinner } from '../../../ui/index.ts';
import { useNotificationsEnabled } from '../hooks/use-notifications-enabled.ts';
import { processingStore } from '../processing-store.ts';

/** "1 generating" in the header while projects are being generated. */
export function ProcessingIndicator() {
  const ids = useSyncExternalStore(processingStore.subscribe, processingStore.get, processingStore.get);
  const [enabled] = useNotificationsEnabled();
  if (!enabled || ids.size === 0) return null;
  return (
    <Link to="/projects" style={{ textDecoration: 'none' }}>
      <Badge tone="accent">
        <Spinner size={12} />
        <Plural value={ids.size} one="# generating" other="# generating" />
      </Badge>
    </Link>
  );
}
