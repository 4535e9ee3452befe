// /operator/sellers: find a seller by e-mail or name (2 to 200 characters); each one found opens
// their page, /operator/sellers/$userId.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { describeError } from '../../../lib/errors/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { Alert, Button, Skeleton, TextField } from '../../../ui/index.ts';
import { type Plan, planTitle } from '../../subscription/index.ts';
import { useSellers } from '../hooks/use-operator.ts';
import { OperatorHeader } from './operator-header.tsx';
import * as s from './operator.css.ts';

/** The longest query operator_find_seller takes. */
export const QUERY_MAX = 200;

export function SellersPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Sellers`);
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [draftError, setDraftError] = useState<string | undefined>();
  const sellers = useSellers(query);

  return (
    <div className={s.page}>
      <OperatorHeader current="sellers" />
      <section className={s.panel} aria-labelledby="find-seller">
        <h2 id="find-seller" className={s.sectionTitle}>
          <Trans>Find a seller</Trans>
        </h2>
        <form
          className={s.searchRow}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const q = draft.trim();
            if (q.length < 2) return setDraftError(t`Type at least 2 characters`);
            if (q.length > QUERY_MAX) return setDraftError(t`Type at most 200 characters`);
            setDraftError(undefined);
            setQuery(q);
          }}
        >
          <TextField
            label={t`E-mail or name`}
            value={draft}
            error={draftError}
            onChange={(e) => setDraft(e.target.value)}
            autoComplete="off"
          />
          <Button type="submit" loading={sellers.isFetching && sellers.isPending}>
            <Trans>Find</Trans>
          </Button>
        </form>
        {sellers.isFetching && !sellers.data && <Skeleton height={56} />}
        {sellers.isError && (
          <Alert tone="error">
            {describeError(sellers.error, i18n, {
              fallback: msg`The sellers could not be found. Please try again.`,
            })}
          </Alert>
        )}
        {sellers.data && sellers.data.length === 0 && (
          <p className={s.meta}>
            <Trans>No seller matches “{query}”.</Trans>
          </p>
        )}
        {sellers.data && sellers.data.length > 0 && (
          <ul className={s.list} aria-label={t`Sellers found`}>
            {sellers.data.map((x) => (
              <li key={x.id}>
                <Link to="/operator/sellers/$userId" params={{ userId: x.id }} className={s.seller}>
                  <span className={s.sellerMain}>
                    <strong>{x.email}</strong>
                    <span className={s.meta}>
                      {x.name ? `${x.name} · ` : ''}
                      {t`${planTitle(x.plan as Plan, i18n)} plan`}
                    </span>
                  </span>
                  <span className={s.balance}>
                    <Plural value={x.balance} one="# credit" other="# credits" />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
