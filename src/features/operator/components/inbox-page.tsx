// /operator/inbox: what sellers sent (feedback, contact and sales requests) and the low-credit
// alerts, newest first, whether or not a webhook took them; each with who sent it, when, what
// it says, how the optional webhook's delivery went, and who handled it and when.
import { useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { Alert, Badge, type BadgeTone, Button, Checkbox, Skeleton, toast } from '../../../ui/index.ts';
import { type Plan, planTitle } from '../../subscription/index.ts';
import type { InboxKind, InboxNotice } from '../api.ts';
import { useInbox, useMarkHandled } from '../hooks/use-operator.ts';
import { OperatorHeader } from './operator-header.tsx';
import * as s from './operator.css.ts';

const KINDS: { kind: InboxKind; label: MessageDescriptor }[] = [
  { kind: 'feedback', label: msg`Feedback` },
  { kind: 'contact', label: msg`Contact request` },
  { kind: 'sales', label: msg`Sales request` },
  { kind: 'low_credits', label: msg`Low credits` },
];

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** The notice's fields, by kind, as label and value pairs. */
function useFields(notice: InboxNotice): { label: string; value: string; long?: boolean }[] {
  const { t, i18n } = useLingui();
  const p = notice.payload;
  const plan = text(p.plan) ? planTitle(text(p.plan) as Plan, i18n) : '';
  switch (notice.kind) {
    case 'feedback':
      return [{ label: t`Feedback`, value: text(p.feedback), long: true }];
    case 'contact':
      return [
        { label: t`Full name`, value: text(p.fullName) },
        { label: t`E-mail`, value: text(p.email) },
        { label: t`Details`, value: text(p.details), long: true },
      ];
    case 'sales':
      return [
        { label: t`Full name`, value: text(p.fullName) },
        { label: t`Company`, value: text(p.companyName) },
        { label: t`E-mail`, value: text(p.email) },
        { label: t`Phone`, value: text(p.phone) },
        { label: t`Credits wanted`, value: text(p.creditAmount) },
        { label: t`Plan`, value: plan },
        { label: t`Message`, value: text(p.message), long: true },
      ];
    case 'low_credits':
      return [
        {
          label: t`Credits left`,
          value: plural(Number(p.creditsRemaining ?? 0), { one: '# credit', other: '# credits' }),
        },
        { label: t`Plan`, value: plan },
      ];
  }
}

function Delivery({ notice }: { notice: InboxNotice }) {
  const { t } = useLingui();
  const locale = currentLocale();
  const d = notice.delivery;
  const [tone, label]: [BadgeTone, string] =
    d.status === 'sent'
      ? ['success', t`Sent to the webhook ${formatDateTime(d.sent_at ?? notice.created_at, locale)}`]
      : d.status === 'failed'
        ? ['warning', t`Not sent to a webhook`]
        : ['neutral', t`Waiting to be sent to the webhook`];
  return (
    <p className={s.meta}>
      <Badge tone={tone}>{label}</Badge>
      {d.status !== 'sent' && d.last_error && (
        <>
          {' '}
          <Trans>
            Last try ({plural(d.attempts, { one: '# attempt', other: '# attempts' })}): {d.last_error}
          </Trans>
        </>
      )}
    </p>
  );
}

function NoticeCard({ notice }: { notice: InboxNotice }) {
  const { t, i18n } = useLingui();
  const locale = currentLocale();
  const mark = useMarkHandled();
  const fields = useFields(notice);
  const kind = KINDS.find((k) => k.kind === notice.kind);
  const kindLabel = kind ? i18n._(kind.label) : notice.kind;
  const sender = notice.seller_email ?? t`A deleted account`;
  const handled = notice.handled_at !== null;

  return (
    <article className={s.card} aria-label={t`${kindLabel} from ${sender}`}>
      <div className={s.cardHead}>
        <div className={s.sellerMain}>
          <h3 className={s.cardTitle}>{kindLabel}</h3>
          <span className={s.meta}>
            {notice.seller_name ? `${notice.seller_name} · ` : ''}
            {sender}
          </span>
          <span className={s.meta}>
            <Trans>Sent {formatDateTime(notice.created_at, locale)}</Trans>
          </span>
        </div>
        {handled ? (
          <Badge tone="success">
            <Trans>Handled</Trans>
          </Badge>
        ) : (
          <Badge tone="accent">
            <Trans>New</Trans>
          </Badge>
        )}
      </div>
      <dl className={s.fields}>
        {fields
          .filter((f) => f.value)
          .map((f) => (
            <div key={f.label} className={f.long ? s.fieldLong : s.field}>
              <dt className={s.caption}>{f.label}</dt>
              <dd className={f.long ? s.description : s.fieldValue}>{f.value}</dd>
            </div>
          ))}
      </dl>
      <Delivery notice={notice} />
      <div className={s.actions}>
        {handled && (
          <p className={s.meta}>
            <Trans>
              Handled by {notice.handled_by_email ?? t`a former operator`} on{' '}
              {formatDateTime(notice.handled_at ?? '', locale)}
            </Trans>
          </p>
        )}
        <Button
          size="sm"
          variant={handled ? 'secondary' : 'primary'}
          loading={mark.isPending}
          onClick={() =>
            mark.mutate(
              { noticeId: notice.id, handled: !handled },
              {
                onSuccess: () =>
                  toast.show({
                    tone: 'success',
                    title: handled ? t`Marked as not handled.` : t`Marked as handled.`,
                    duration: 4000,
                  }),
              },
            )
          }
        >
          {handled ? <Trans>Mark as not handled</Trans> : <Trans>Mark as handled</Trans>}
        </Button>
      </div>
    </article>
  );
}

export function InboxPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Inbox`);
  const [kind, setKind] = useState<InboxKind | null>(null);
  const [includeHandled, setIncludeHandled] = useState(false);
  const inbox = useInbox(kind, includeHandled);

  return (
    <div className={s.page}>
      <OperatorHeader current="inbox" />
      <section aria-labelledby="inbox-title" className={s.page}>
        <h2 id="inbox-title" className={s.sectionTitle}>
          <Trans>Messages from sellers</Trans>
          {inbox.data ? ` (${inbox.data.length})` : ''}
        </h2>
        <div className={s.filters}>
          <fieldset aria-label={t`Kind of message`} className={s.chips}>
            <button
              type="button"
              className={s.chip}
              aria-pressed={kind === null}
              onClick={() => setKind(null)}
            >
              <Trans>All</Trans>
            </button>
            {KINDS.map((k) => (
              <button
                key={k.kind}
                type="button"
                className={s.chip}
                aria-pressed={kind === k.kind}
                onClick={() => setKind(k.kind)}
              >
                {i18n._(k.label)}
              </button>
            ))}
          </fieldset>
          <Checkbox
            label={t`Show handled messages`}
            checked={includeHandled}
            onChange={(e) => setIncludeHandled(e.target.checked)}
          />
        </div>
        {inbox.isPending && <Skeleton height={200} />}
        {inbox.isError && !inbox.data && (
          <Alert tone="error">
            <Trans>The inbox could not be loaded.</Trans>{' '}
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void inbox.refetch()}
              loading={inbox.isFetching}
            >
              <Trans>Try again</Trans>
            </Button>
          </Alert>
        )}
        {inbox.data && inbox.data.length === 0 && (
          <p className={s.empty}>
            {includeHandled ? <Trans>No messages yet.</Trans> : <Trans>No messages are waiting.</Trans>}
          </p>
        )}
        {inbox.data && inbox.data.length > 0 && (
          <ul className={s.list}>
            {inbox.data.map((n) => (
              <li key={n.id}>
                <NoticeCard notice={n} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
