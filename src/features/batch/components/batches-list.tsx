import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { TYPE_LABELS } from '../../projects/index.ts';
import { batchesQueryOptions } from '../api.ts';
import * as s from './batch.css.ts';
import { shownBatchName } from '../../../lib/default-names.ts';

/** The seller's past batches, newest first, each leading to its page. */
export function BatchesList() {
  const { i18n } = useLingui();
  const user = useUser();
  const batches = useQuery(batchesQueryOptions(useSupabase(), user.id));
  const locale = currentLocale();
  if (!batches.data?.length) return null;
  return (
    <section className={s.section} aria-labelledby="batches-title">
      <h2 id="batches-title" className={s.sectionTitle}>
        <Trans>Your batches</Trans>
      </h2>
      <ul className={s.list}>
        {batches.data.map((b) => (
          <li key={b.id}>
            <Link to="/tools/batch/$batchId" params={{ batchId: b.id }} className={s.batchLink}>
              <span>
                <strong>{shownBatchName(b.name)}</strong>
                <br />
                <span className={s.muted}>
                  {i18n._(TYPE_LABELS[b.project_type as keyof typeof TYPE_LABELS])} ·{' '}
                  <Plural value={b.item_count} one="# photo" other="# photos" />
                </span>
              </span>
              <span className={s.muted}>{formatDateTime(b.created_at, locale)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
