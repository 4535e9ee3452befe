// /history (spec 2 §2, §3, §5, §8, §9): activity and purchase tabs, a search over what each
// row shows, a date sort toggle, View / Use Again, and 'Error loading history. Please try
// again.' with Try Again (which reloads the page, as the spec says).
import { useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  type BadgeTone,
  Button,
  Icon,
  Skeleton,
  Tabs,
  buttonClass,
} from '../../../ui/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { currentLocale, type Locale } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { historyQueryOptions } from '../api.ts';
import {
  type ActivityItem,
  matchesSearch,
  type PurchaseItem,
  type SortDirection,
  sortByDate,
} from '../history-items.ts';
import {
  activityAction,
  activityDetails,
  creditsText,
  purchaseAction,
  purchaseDetails,
  statusText,
} from '../history-text.ts';
import type { HistoryTab } from '../history-tabs.ts';
import { formatAmount } from '../money.ts';
import * as s from './history.css.ts';

interface Row {
  id: string;
  date: string;
  dateText: string;
  action: string;
  details: string;
  amount: string;
  status: string;
  tone: BadgeTone;
  link: React.ReactNode;
}

const GOOD = new Set(['completed', 'paid', 'renewed', 'active', 'archived']);
const BAD = new Set(['failed', 'rejected', 'payment_failed', 'expired', 'canceled']);
const toneOf = (status: string): BadgeTone =>
  GOOD.has(status)
    ? 'success'
    : BAD.has(status)
      ? 'danger'
      : status === 'pending' || status === 'processing'
        ? 'warning'
        : 'neutral';

/** Every row says when, to the minute, in the reader's locale (several happen on one day). */
const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

function activityRow(item: ActivityItem, i18n: I18n, locale: Locale): Row {
  let link: React.ReactNode = null;
  if (item.projectId) {
    link = (
      <Link
        to="/projects/$projectId"
        params={{ projectId: item.projectId }}
        className={buttonClass({ variant: 'ghost', size: 'sm' })}
      >
        <Trans>View</Trans>
      </Link>
    );
  } else if (item.toolName === 'photo-combiner' || item.toolName === 'background-remover') {
    link = (
      <Link
        to={item.toolName === 'photo-combiner' ? '/tools/photo-combiner' : '/tools/background-remover'}
        className={buttonClass({ variant: 'ghost', size: 'sm' })}
      >
        <Trans>Use Again</Trans>
      </Link>
    );
  }
  return {
    id: item.id,
    date: item.date,
    dateText: formatDate(item.date, locale, DATE_TIME),
    action: activityAction(item, i18n),
    details: activityDetails(item, i18n),
    amount: creditsText(item.credits, i18n),
    status: statusText(item.status, i18n, item.type === 'fix_requested'),
    tone: toneOf(item.status),
    link,
  };
}

function purchaseRow(item: PurchaseItem, i18n: I18n, locale: Locale): Row {
  const date = (iso: string | null) => formatDate(iso, locale);
  return {
    id: item.id,
    date: item.date,
    dateText: formatDate(item.date, locale, DATE_TIME),
    action: purchaseAction(item, i18n),
    details: purchaseDetails(item, i18n, date),
    // a money row shows what was paid and the credits it brought
    amount:
      [
        item.amount !== null ? formatAmount(item.amount, item.currency, locale) : null,
        item.creditsAdded !== null && item.status !== 'expired' ? creditsText(item.creditsAdded, i18n) : null,
      ]
        .filter(Boolean)
        .join(' · ') || '—',
    status: statusText(item.status, i18n),
    tone: toneOf(item.status),
    link: null,
  };
}

export function HistoryPage({
  tab,
  onTabChange,
}: {
  tab: HistoryTab;
  onTabChange: (tab: HistoryTab) => void;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`History`);
  const supabase = useSupabase();
  const user = useUser();
  const locale = currentLocale();
  const history = useQuery(historyQueryOptions(supabase, user.id));
  const [query, setQuery] = useState('');
  const [direction, setDirection] = useState<SortDirection>('desc');

  const rows = useMemo(() => {
    if (!history.data) return null;
    const all =
      tab === 'activity'
        ? sortByDate(history.data.activity, direction).map((a) => activityRow(a, i18n, locale))
        : sortByDate(history.data.purchases, direction).map((p) => purchaseRow(p, i18n, locale));
    return all.filter((r) =>
      matchesSearch(
        [r.details, r.action, r.dateText, r.status, ...(tab === 'purchases' ? [r.amount] : [])],
        query,
      ),
    );
  }, [history.data, tab, direction, query, i18n, locale]);

  const body = (() => {
    if (history.isError) {
      return (
        <Alert tone="error">
          <Trans>Error loading history. Please try again.</Trans>{' '}
          <Button size="sm" variant="secondary" onClick={() => window.location.reload()}>
            <Trans>Try Again</Trans>
          </Button>
        </Alert>
      );
    }
    return (
      <>
        <div className={s.toolbar}>
          <div className={s.search}>
            <Icon name="search" size={18} className={s.searchIcon} />
            <input
              className={s.searchInput}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder={tab === 'activity' ? t`Search activity` : t`Search purchases`}
              aria-label={tab === 'activity' ? t`Search activity` : t`Search purchases`}
            />
          </div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setDirection((d) => (d === 'desc' ? 'asc' : 'desc'))}
            aria-label={direction === 'desc' ? t`Date: newest first` : t`Date: oldest first`}
          >
            <Icon name="clock" size={16} />
            {direction === 'desc' ? <Trans>Newest first</Trans> : <Trans>Oldest first</Trans>}
          </Button>
        </div>
        <Table rows={rows} tab={tab} direction={direction} searching={query.trim() !== ''} />
      </>
    );
  })();

  return (
    <div className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>
          <Trans>History</Trans>
        </h1>
        <p className={s.lead}>
          <Trans>Everything you created and bought.</Trans>
        </p>
      </header>
      <Tabs
        label={t`History`}
        value={tab}
        onChange={onTabChange}
        items={[
          {
            value: 'activity',
            label: <Trans>Activity history</Trans>,
            content: tab === 'activity' ? body : null,
          },
          {
            value: 'purchases',
            label: <Trans>Purchase history</Trans>,
            content: tab === 'purchases' ? body : null,
          },
        ]}
      />
    </div>
  );
}

function Table({
  rows,
  tab,
  direction,
  searching,
}: {
  rows: Row[] | null;
  tab: HistoryTab;
  direction: SortDirection;
  searching: boolean;
}) {
  const { t } = useLingui();
  if (rows === null) {
    return (
      <div className={s.tableWrap} role="status" aria-busy="true" aria-label={t`Loading history`}>
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} style={{ padding: '14px 16px', display: 'flex', gap: 16 }}>
            <Skeleton width="18%" />
            <Skeleton width="22%" />
            <Skeleton width="40%" />
            <Skeleton width="12%" />
          </div>
        ))}
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div className={`${s.tableWrap} ${s.empty}`}>
        {searching ? (
          <Trans>Nothing matches your search.</Trans>
        ) : tab === 'activity' ? (
          <Trans>No activity yet. Your projects, fixes and tool uses appear here.</Trans>
        ) : (
          <Trans>No purchases yet. Plans and credit packs you buy appear here.</Trans>
        )}
      </div>
    );
  }
  return (
    <>
      <div className={`${s.tableWrap} ${s.desktopOnly}`}>
        <table className={s.table}>
          <thead>
            <tr>
              <th aria-sort={direction === 'desc' ? 'descending' : 'ascending'}>
                <Trans>Date</Trans>
              </th>
              <th>
                <Trans>Action</Trans>
              </th>
              <th>
                <Trans>Details</Trans>
              </th>
              <th className={s.rightHead}>
                <Trans>Amount</Trans>
              </th>
              <th>
                <Trans>Status</Trans>
              </th>
              {tab === 'activity' && (
                <th>
                  <span className={s.srOnly}>
                    <Trans>Open</Trans>
                  </span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td className={s.dateCell}>{r.dateText}</td>
                <td className={s.actionCell}>{r.action}</td>
                <td className={s.detailsCell} title={r.details}>
                  {r.details}
                </td>
                <td className={s.amountCell}>{r.amount}</td>
                <td>
                  <Badge tone={r.tone}>{r.status}</Badge>
                </td>
                {tab === 'activity' && <td className={s.linkCell}>{r.link}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className={`${s.cards} ${s.mobileOnly}`}>
        {rows.map((r) => (
          <li key={r.id} className={s.rowCard}>
            <div className={s.rowCardTop}>
              <div>
                <div className={s.actionCell}>{r.action}</div>
                <div className={s.muted}>{r.dateText}</div>
              </div>
              <Badge tone={r.tone}>{r.status}</Badge>
            </div>
            <div>{r.details}</div>
            <div className={s.rowCardBottom}>
              <span className={s.amountCell}>{r.amount}</span>
              {r.link}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
