// What a catalogue step shows while its list (models, poses or backgrounds) is not there: a
// skeleton while it loads; when it was never loaded on this device and there is no connection,
// says so with a retry (instead of empty cards that would never fill); any other failure in the
// step's own words.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { Alert, Button } from '../../../ui/index.ts';
import { isNetworkError } from '../../../lib/errors/index.ts';

export type CatalogueLoad = 'loading' | 'never-loaded' | 'failed' | 'ready';

/** Where a catalogue list stands, for the step that shows it. */
export function catalogueLoad(
  query: Pick<UseQueryResult<unknown>, 'data' | 'isError' | 'error' | 'fetchStatus' | 'failureReason'>,
): CatalogueLoad {
  if (query.data !== undefined) return query.isError && !isNetworkError(query.error) ? 'failed' : 'ready';
  // without a connection the first failed try says enough: no need to wait for the retry
  if (query.fetchStatus === 'paused' || isNetworkError(query.failureReason ?? query.error))
    return 'never-loaded';
  if (query.isError) return 'failed';
  return 'loading';
}

export function CatalogueLoadAlert({
  state,
  failed,
  onRetry,
}: {
  state: CatalogueLoad;
  /** the step's words for a failure other than a missing connection */
  failed: ReactNode;
  onRetry: () => void;
}) {
  if (state !== 'never-loaded' && state !== 'failed') return null;
  return (
    <Alert tone={state === 'failed' ? 'error' : 'warning'}>
      {state === 'never-loaded' ? (
        <Trans>
          The catalogue has not been loaded on this device yet, so it cannot be shown offline. Connect to the
          internet, then retry.
        </Trans>
      ) : (
        failed
      )}{' '}
      <Button size="sm" variant="secondary" onClick={onRetry}>
        <Trans>Retry</Trans>
      </Button>
    </Alert>
  );
}
