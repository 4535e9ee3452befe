import { Link } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, type BadgeTone, Spinner } from '../../../ui/index.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import {
  type Project,
  TYPE_LABELS,
  batchProjectsQueryOptions,
  cardSize,
  originalSource,
  resultSource,
  useCleanAllowed,
  useProjectImagesLive,
} from '../../projects/index.ts';
import { StoredImage } from '../../projects/components.ts';
import { ToolHeader } from '../../tools/components.ts';
import { batchQueryOptions } from '../api.ts';
import { countStatuses, itemStatus, type ItemStatus } from '../model/item-status.ts';
import { BatchDownload } from './batch-download.tsx';
import * as s from './batch.css.ts';
import * as page from './batch-page.css.ts';
import { shownBatchName, shownProjectName } from '../../../lib/default-names.ts';

const STATUS_WORDS = {
  queued: msg({ message: 'Queued', context: 'batch item' }),
  generating: msg({ message: 'Generating', context: 'batch item' }),
  done: msg({ message: 'Done', context: 'batch item' }),
  refunded: msg({ message: 'Failed, credit refunded', context: 'batch item' }),
};
const TONES: Record<ItemStatus, BadgeTone> = {
  queued: 'neutral',
  generating: 'info',
  done: 'success',
  refunded: 'danger',
};

/** A started batch: every item's live status, the counts, and the results as they arrive. */
export function BatchDetailPage({ batchId }: { batchId: string }) {
  const { t, i18n } = useLingui();
  const user = useUser();
  const client = useSupabase();
  const batch = useQuery(batchQueryOptions(client, user.id, batchId));
  const projects = useQuery(batchProjectsQueryOptions(client, user.id, batchId));
  // image changes arrive live (the shell already keeps the projects rows live)
  useProjectImagesLive();
  const cleanAllowed = useCleanAllowed();
  usePageTitle(batch.data ? shownBatchName(batch.data.name) : t`Batch Processor`);
  const locale = currentLocale();

  if (batch.isPending || projects.isPending) return <Spinner size={28} />;
  if (!batch.data)
    return (
      <div className={page.page}>
        <Alert tone="error">
          <Trans>Batch not found</Trans>
        </Alert>
        <Link to="/tools/batch">
          <Trans>Back to the Batch Processor</Trans>
        </Link>
      </div>
    );
  const items = projects.data ?? [];
  const counts = countStatuses(items);
  return (
    <div className={page.page}>
      <ToolHeader
        title={shownBatchName(batch.data.name)}
        lead={
          <>
            {i18n._(TYPE_LABELS[batch.data.project_type as keyof typeof TYPE_LABELS])} ·{' '}
            <Plural value={batch.data.item_count} one="# photo" other="# photos" /> ·{' '}
            {formatDateTime(batch.data.created_at, locale)}
          </>
        }
      />
      <div className={s.counts} aria-live="polite" data-testid="batch-counts">
        {(['done', 'generating', 'queued', 'refunded'] as const).map((k) => (
          <Badge key={k} tone={TONES[k]}>
            {i18n._(STATUS_WORDS[k])}: {counts[k]}
          </Badge>
        ))}
      </div>
      <BatchDownload
        batchName={shownBatchName(batch.data.name)}
        projects={items}
        cleanAllowed={cleanAllowed}
      />
      <ul className={s.grid} aria-label={t`Photos in this batch`}>
        {items.map((p) => (
          <BatchItemCard key={p.id} project={p} cleanAllowed={cleanAllowed} />
        ))}
      </ul>
      <p className={s.muted}>
        <Trans>
          Each photo is a project of its own: open it for downloads, fixes and videos. It is also listed under
          Projects.
        </Trans>
      </p>
    </div>
  );
}

function BatchItemCard({ project, cleanAllowed }: { project: Project; cleanAllowed: boolean | undefined }) {
  const { i18n } = useLingui();
  const status = itemStatus(project);
  const image = project.images[0];
  const result = status === 'done' ? resultSource(image, cleanAllowed) : null;
  return (
    <li className={s.card} data-testid="batch-item" data-status={status}>
      <Link to="/projects/$projectId" params={{ projectId: project.id }} className={s.cardName}>
        <div className={s.cardImage}>
          <StoredImage source={result ?? originalSource(image)} size={cardSize} alt="" />
        </div>
        {shownProjectName(project.name)}
      </Link>
      <Badge tone={TONES[status]}>{i18n._(STATUS_WORDS[status])}</Badge>
    </li>
  );
}
