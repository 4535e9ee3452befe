// /operator/sellers/$userId: one seller as operator_seller_overview reads them — plan and a
// scheduled change, the balance with its rolled-over and purchased parts, the credit history
// (the seller's own ledger rows in the words of their /history), projects with their images,
// batches and payments — and the help an operator gives: credits added or removed, an image or
// a batch refunded, failed or stuck work made again. Every action asks for a reason.
import { useState } from 'react';
import type { I18n } from '@lingui/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { describeError } from '../../../lib/errors/index.ts';
import { formatDate, formatDateTime, formatEuro } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { Alert, Badge, type BadgeTone, Button, Skeleton } from '../../../ui/index.ts';
import {
  activityAction,
  activityDetails,
  activityItems,
  creditsText,
  purchaseAction,
  purchaseDetails,
  purchaseItems,
  statusText,
} from '../../billing/index.ts';
import { type Plan, planTitle } from '../../subscription/index.ts';
import {
  LEDGER_MAX,
  LEDGER_PAGE,
  type SellerBatch,
  type SellerImage,
  type SellerOverview,
  type SellerProject,
} from '../api.ts';
import { useSellerOverview } from '../hooks/use-operator.ts';
import { GrantCredits } from './grant-credits.tsx';
import { OperatorHeader } from './operator-header.tsx';
import * as s from './operator.css.ts';
import { type PendingAction, SellerActionDialog } from './seller-action-dialog.tsx';

const num = (v: number | string | null | undefined) => Number(v ?? 0);

const STATUS_TONE: Record<string, BadgeTone> = {
  completed: 'success',
  failed: 'danger',
  rejected: 'danger',
  processing: 'info',
  pending: 'warning',
  draft: 'neutral',
  archived: 'neutral',
};

function StatusBadge({ status, i18n }: { status: string; i18n: I18n }) {
  return <Badge tone={STATUS_TONE[status] ?? 'neutral'}>{statusText(status, i18n)}</Badge>;
}

export function SellerPage({ userId }: { userId: string }) {
  const { t, i18n } = useLingui();
  const [ledgerLimit, setLedgerLimit] = useState(LEDGER_PAGE);
  const overview = useSellerOverview(userId, ledgerLimit);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const data = overview.data;
  usePageTitle(data ? data.seller.email : t`Seller`);

  return (
    <div className={s.page}>
      <OperatorHeader current="sellers" />
      <p>
        <Link to="/operator/sellers" className={s.backLink}>
          ← <Trans>All sellers</Trans>
        </Link>
      </p>
      {overview.isPending && <Skeleton height={240} />}
      {overview.isError && (
        <Alert tone="error">
          {describeError(overview.error, i18n)}{' '}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void overview.refetch()}
            loading={overview.isFetching}
          >
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      )}
      {data && (
        <>
          <Account data={data} />
          <GrantCredits
            seller={{
              id: data.seller.id,
              email: data.seller.email,
              balance: num(data.subscription.credits_remaining),
            }}
          />
          <History
            data={data}
            more={data.ledger_more && ledgerLimit < LEDGER_MAX}
            loadingMore={overview.isFetching}
            onMore={() => setLedgerLimit((n) => Math.min(n + LEDGER_PAGE, LEDGER_MAX))}
          />
          <Projects projects={data.projects} onAction={setPending} />
          <Batches batches={data.batches} onAction={setPending} />
          <Payments data={data} />
          <SellerActionDialog pending={pending} onClose={() => setPending(null)} />
        </>
      )}
    </div>
  );
}

function Account({ data }: { data: SellerOverview }) {
  const { t, i18n } = useLingui();
  const locale = currentLocale();
  const sub = data.subscription;
  const plan = planTitle(sub.plan as Plan, i18n);
  const credits = (v: number | string) => plural(num(v), { one: '# credit', other: '# credits' });
  const periodEnd = formatDate(sub.current_period_end, locale);
  return (
    <section className={s.card} aria-labelledby="seller-account">
      <div className={s.cardHead}>
        <div className={s.sellerMain}>
          <h2 id="seller-account" className={s.sectionTitle}>
            {data.seller.email}
          </h2>
          <span className={s.meta}>
            {data.seller.name ? `${data.seller.name} · ` : ''}
            {t`Joined ${formatDate(data.seller.created_at, locale)}`}
          </span>
        </div>
        <div className={s.badges}>
          <Badge tone="accent">{t`${plan} plan`}</Badge>
          {sub.status === 'past_due' && <Badge tone="danger">{t`Payment overdue`}</Badge>}
          {sub.status === 'canceled' && <Badge tone="neutral">{t`Subscription ended`}</Badge>}
        </div>
      </div>
      <dl className={s.fields}>
        <div className={s.field}>
          <dt className={s.meta}>
            <Trans>Balance</Trans>
          </dt>
          <dd className={s.fieldValue}>
            <strong>{credits(sub.credits_remaining)}</strong>
          </dd>
        </div>
        <div className={s.field}>
          <dt className={s.meta}>
            <Trans>Plan credits</Trans>
          </dt>
          <dd className={s.fieldValue}>
            {credits(sub.plan_credits)}
            {num(sub.rollover_credits) > 0 && (
              <span className={s.meta}> · {t`${credits(sub.rollover_credits)} rolled over`}</span>
            )}
          </dd>
        </div>
        <div className={s.field}>
          <dt className={s.meta}>
            <Trans>Purchased credits</Trans>
          </dt>
          <dd className={s.fieldValue}>{credits(sub.purchased_credits)}</dd>
        </div>
        <div className={s.field}>
          <dt className={s.meta}>
            <Trans>Used this period</Trans>
          </dt>
          <dd className={s.fieldValue}>{credits(sub.credits_used)}</dd>
        </div>
        <div className={s.field}>
          <dt className={s.meta}>
            <Trans>Period ends</Trans>
          </dt>
          <dd className={s.fieldValue}>
            {periodEnd}
            {sub.cancel_at_period_end && <span className={s.meta}> · {t`the plan ends then`}</span>}
          </dd>
        </div>
        <div className={s.field}>
          <dt className={s.meta}>
            <Trans>Scheduled change</Trans>
          </dt>
          <dd className={s.fieldValue}>
            {sub.scheduled_plan
              ? t`Moves to ${planTitle(sub.scheduled_plan as Plan, i18n)} on ${periodEnd}`
              : t`None`}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function History({
  data,
  more,
  loadingMore,
  onMore,
}: {
  data: SellerOverview;
  more: boolean;
  loadingMore: boolean;
  onMore: () => void;
}) {
  const { t, i18n } = useLingui();
  const locale = currentLocale();
  // the seller's own /history lines, built from the same rows by the same code; the ledger's only
  const items = activityItems(data.ledger, data.projects, data.fixes)
    .filter((item) => item.ledgerId !== null)
    .sort((a, b) => b.date.localeCompare(a.date));
  return (
    <section className={s.card} aria-labelledby="seller-history">
      <h2 id="seller-history" className={s.sectionTitle}>
        <Trans>Credit history</Trans>
      </h2>
      <p className={s.meta}>
        <Trans>The rows the seller sees in their history, newest first.</Trans>
      </p>
      {items.length === 0 ? (
        <p className={s.meta}>
          <Trans>No credits have moved yet.</Trans>
        </p>
      ) : (
        <ul className={s.rows} aria-label={t`Credit history`}>
          {items.map((item) => (
            <li key={item.id} className={s.row}>
              <span className={s.rowMain}>
                <strong>{activityAction(item, i18n)}</strong>
                <span className={s.meta}>{activityDetails(item, i18n)}</span>
              </span>
              <span className={s.rowSide}>
                <span className={s.amount}>{creditsText(item.credits, i18n)}</span>
                <span className={s.meta}>{formatDateTime(item.date, locale)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {more && (
        <div className={s.actions}>
          <Button variant="secondary" size="sm" loading={loadingMore} onClick={onMore}>
            <Trans>Show older</Trans>
          </Button>
        </div>
      )}
    </section>
  );
}

function imageActions(project: SellerProject, image: SellerImage) {
  const finished = image.status === 'completed' || image.status === 'failed';
  return {
    refund: finished && image.refunded_at === null && num(image.credit_cost) > 0,
    // failed, or stuck: a retry of work still moving would start a second provider job for it
    retry: project.status !== 'rejected' && (image.status === 'failed' || image.stuck),
  };
}

function Projects({
  projects,
  onAction,
}: {
  projects: SellerProject[];
  onAction: (a: PendingAction) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = currentLocale();
  return (
    <section className={s.card} aria-labelledby="seller-projects">
      <h2 id="seller-projects" className={s.sectionTitle}>
        <Trans>Projects</Trans>
      </h2>
      {projects.length === 0 && (
        <p className={s.meta}>
          <Trans>No projects yet.</Trans>
        </p>
      )}
      <ul className={s.list} aria-label={t`Projects`}>
        {projects.map((p) => (
          <li key={p.id} className={s.subCard} aria-label={t`Project "${p.name}"`}>
            <div className={s.cardHead}>
              <div className={s.sellerMain}>
                <h3 className={s.cardTitle}>{p.name}</h3>
                <span className={s.meta}>
                  {p.type === 'flat-lay' ? t`Flat-lay` : p.type === 'mannequin' ? t`Mannequin` : t`On-model`}{' '}
                  · {formatDateTime(p.created_at, locale)}
                </span>
              </div>
              <StatusBadge status={p.status} i18n={i18n} />
            </div>
            <ul className={s.rows} aria-label={t`Images of "${p.name}"`}>
              {p.images.map((image, n) => {
                const can = imageActions(p, image);
                const label = t`Image ${n + 1} of "${p.name}"`;
                return (
                  <li key={image.id} className={s.row} aria-label={label}>
                    <span className={s.rowMain}>
                      <span className={s.badges}>
                        <strong>{t`Image ${n + 1}`}</strong>
                        <StatusBadge status={image.status} i18n={i18n} />
                        {image.refunded_at && <Badge tone="info">{t`Refunded`}</Badge>}
                      </span>
                      {image.error && <span className={s.meta}>{image.error}</span>}
                      <span className={s.meta}>
                        {plural(image.attempts, { one: '# attempt', other: '# attempts' })}
                      </span>
                    </span>
                    {(can.refund || can.retry) && (
                      <span className={s.actions}>
                        {can.refund && (
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={t`Refund ${label}`}
                            onClick={() =>
                              onAction({
                                action: { kind: 'refund_image', imageId: image.id },
                                title: t`Refund this image?`,
                                description: t`${plural(num(image.credit_cost), { one: '# credit', other: '# credits' })} go back to the seller, once. They are told.`,
                              })
                            }
                          >
                            <Trans>Refund</Trans>
                          </Button>
                        )}
                        {can.retry && (
                          <Button
                            size="sm"
                            variant="secondary"
                            aria-label={t`Make again: ${label}`}
                            onClick={() =>
                              onAction({
                                action: { kind: 'retry_image', imageId: image.id },
                                title: t`Make this image again?`,
                                description: t`It goes back in the queue (with the project's other failed images) and nothing is charged.`,
                              })
                            }
                          >
                            <Trans>Make again</Trans>
                          </Button>
                        )}
                      </span>
                    )}
                  </li>
                );
              })}
              {p.video_status && (
                <li className={s.row} aria-label={t`Video of "${p.name}"`}>
                  <span className={s.rowMain}>
                    <span className={s.badges}>
                      <strong>
                        <Trans>Video</Trans>
                      </strong>
                      <StatusBadge status={p.video_status} i18n={i18n} />
                    </span>
                    {p.video_error && <span className={s.meta}>{p.video_error}</span>}
                  </span>
                  {(p.video_status === 'failed' || p.video_stuck) && (
                    <span className={s.actions}>
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={t`Make again: video of "${p.name}"`}
                        onClick={() =>
                          onAction({
                            action: { kind: 'retry_video', projectId: p.id },
                            title: t`Make this video again?`,
                            description: t`It goes back in the queue and nothing is charged.`,
                          })
                        }
                      >
                        <Trans>Make again</Trans>
                      </Button>
                    </span>
                  )}
                </li>
              )}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Batches({ batches, onAction }: { batches: SellerBatch[]; onAction: (a: PendingAction) => void }) {
  const { t } = useLingui();
  const locale = currentLocale();
  if (batches.length === 0) return null;
  return (
    <section className={s.card} aria-labelledby="seller-batches">
      <h2 id="seller-batches" className={s.sectionTitle}>
        <Trans>Batches</Trans>
      </h2>
      <ul className={s.rows} aria-label={t`Batches`}>
        {batches.map((b) => {
          const refundable = num(b.refundable);
          const credits = (v: number) => plural(v, { one: '# credit', other: '# credits' });
          return (
            <li key={b.id} className={s.row} aria-label={t`Batch "${b.name}"`}>
              <span className={s.rowMain}>
                <strong>{b.name}</strong>
                <span className={s.meta}>
                  {formatDateTime(b.created_at, locale)} ·{' '}
                  {plural(b.item_count, { one: '# photo', other: '# photos' })} ·{' '}
                  {t`${credits(num(b.credits_charged))} charged`}
                </span>
                <span className={s.meta}>
                  {t`Done ${b.images.completed} · failed ${b.images.failed} · rejected ${b.images.rejected} · waiting ${b.images.pending} · refunded ${b.images.refunded}`}
                </span>
              </span>
              {refundable > 0 && b.images.pending === 0 && (
                <span className={s.actions}>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() =>
                      onAction({
                        action: { kind: 'refund_batch', batchId: b.id },
                        title: t`Refund this batch?`,
                        description: t`${credits(refundable)} of its images not refunded yet go back to the seller, once. They are told.`,
                      })
                    }
                  >
                    <Trans>Refund the batch</Trans>
                  </Button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Payments({ data }: { data: SellerOverview }) {
  const { t, i18n } = useLingui();
  const locale = currentLocale();
  const purchases = purchaseItems(data.payments.history);
  const failedPacks = data.payments.history.filter(
    (r) => r.event_type === 'user_activity_credits_purchase_failed',
  );
  const { events, checkouts } = data.payments;
  const date = (iso: string | null) => formatDate(iso, locale);
  const empty = purchases.length + failedPacks.length + events.length + checkouts.length === 0;
  return (
    <section className={s.card} aria-labelledby="seller-payments">
      <h2 id="seller-payments" className={s.sectionTitle}>
        <Trans>Payments</Trans>
      </h2>
      {empty && (
        <p className={s.meta}>
          <Trans>No payments yet.</Trans>
        </p>
      )}
      {(purchases.length > 0 || failedPacks.length > 0) && (
        <ul className={s.rows} aria-label={t`Purchases`}>
          {purchases.map((p) => (
            <li key={p.id} className={s.row}>
              <span className={s.rowMain}>
                <strong>{purchaseAction(p, i18n)}</strong>
                <span className={s.meta}>{purchaseDetails(p, i18n, date)}</span>
              </span>
              <span className={s.rowSide}>
                <StatusBadge status={p.status} i18n={i18n} />
                <span className={s.meta}>
                  {p.amount !== null ? `${formatEuro(p.amount, locale)} · ` : ''}
                  {formatDateTime(p.date, locale)}
                </span>
              </span>
            </li>
          ))}
          {failedPacks.map((r) => (
            <li key={r.id} className={s.row}>
              <span className={s.rowMain}>
                <strong>
                  <Trans>Credit purchase failed</Trans>
                </strong>
                <span className={s.meta}>
                  {plural(num((r.raw_data?.credits as number) ?? 0), {
                    one: '# credit',
                    other: '# credits',
                  })}
                </span>
              </span>
              <span className={s.rowSide}>
                <Badge tone="danger">{t`Failed`}</Badge>
                <span className={s.meta}>{formatDateTime(r.created_at, locale)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {checkouts.length > 0 && (
        <>
          <h3 className={s.cardTitle}>
            <Trans>Credit-pack checkouts</Trans>
          </h3>
          <ul className={s.rows} aria-label={t`Credit-pack checkouts`}>
            {checkouts.map((c) => (
              <li key={c.id} className={s.row}>
                <span className={s.rowMain}>
                  <strong>{plural(c.credits, { one: '# credit', other: '# credits' })}</strong>
                  <span className={s.meta}>
                    {t`Quoted ${formatEuro(c.amount_cents / 100, locale)}`}
                    {c.status === 'refused' && c.paid_amount_cents !== null
                      ? ` · ${t`paid ${formatEuro(c.paid_amount_cents / 100, locale)} ${(c.paid_currency ?? '').toUpperCase()}: not granted`}`
                      : ''}
                  </span>
                </span>
                <span className={s.rowSide}>
                  <Badge
                    tone={c.status === 'granted' ? 'success' : c.status === 'refused' ? 'danger' : 'neutral'}
                  >
                    {c.status === 'granted' ? t`Paid` : c.status === 'refused' ? t`Refused` : t`Not paid`}
                  </Badge>
                  <span className={s.meta}>{formatDateTime(c.created_at, locale)}</span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {events.length > 0 && (
        <>
          <h3 className={s.cardTitle}>
            <Trans>Payment provider events</Trans>
          </h3>
          <ul className={s.rows} aria-label={t`Payment provider events`}>
            {events.map((e) => (
              <li key={e.id} className={s.row}>
                <span className={s.rowMain}>
                  <code className={s.code}>{e.type}</code>
                  {e.failure && <span className={s.failure}>{e.failure}</span>}
                </span>
                <span className={s.rowSide}>
                  {e.processed_at ? null : <Badge tone="warning">{t`Not processed`}</Badge>}
                  <span className={s.meta}>{formatDateTime(e.received_at, locale)}</span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
