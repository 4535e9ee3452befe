// The history's rows in the seller's language: action, details and status words.
import { msg, plural } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { ActivityItem, PurchaseItem } from './history-items.ts';
import { shownBatchName, shownProjectName } from '../../lib/default-names.ts';

const planTitle = (plan: string | null, i18n: I18n) =>
  !plan ? '' : plan === 'free' ? i18n._(msg`Free`) : `${plan.charAt(0).toUpperCase()}${plan.slice(1)}`;

const TOOL_NAMES: Record<string, MessageDescriptor> = {
  'photo-combiner': msg`Photo Combiner`,
  'background-remover': msg`Background Remover`,
};

const STATUS: Record<string, MessageDescriptor> = {
  draft: msg`Draft`,
  processing: msg`Processing`,
  completed: msg({ message: 'Completed', context: 'history status' }),
  failed: msg`Failed`,
  // one row's status: in Greek a past tense, not the plural of the dashboard's counts
  rejected: msg({ message: 'Rejected', context: 'history status' }),
  archived: msg({ message: 'Archived', context: 'history status' }),
  pending: msg`Pending`,
  paid: msg`Paid`,
  expired: msg`Not completed`,
  active: msg`Active`,
  canceled: msg`Ended`,
  renewed: msg`Paid`,
  payment_failed: msg`Failed`,
  cancel_at_period_end: msg`Scheduled`,
  downgrade_scheduled: msg`Scheduled`,
  downgrade_cancelled: msg`Withdrawn`,
};

/** Fix statuses have labels of their own (spec 2 §4). */
const FIX_STATUS: Record<string, MessageDescriptor> = {
  pending: msg`Pending Review`,
  processing: msg`In Progress`,
  completed: msg({ message: 'Completed', context: 'history status' }),
  rejected: msg({ message: 'Rejected', context: 'history status' }),
};

export function statusText(status: string, i18n: I18n, fix = false): string {
  const d = (fix ? FIX_STATUS[status] : undefined) ?? STATUS[status];
  return d ? i18n._(d) : status;
}

export function activityAction(item: ActivityItem, i18n: I18n): string {
  switch (item.type) {
    case 'project_created':
      return i18n._(msg`Project created`);
    case 'batch_started':
      return i18n._(msg`Batch started`);
    case 'project_completed':
      return i18n._(msg`Project completed`);
    case 'fix_requested':
      return i18n._(msg`Fix requested`);
    case 'tool_used':
      return i18n._(msg`Tool used`);
    case 'video_requested':
      return i18n._(msg`Video requested`);
    case 'refund':
      switch (item.refundOf) {
        case 'generation':
          return i18n._(msg`Image refunded`);
        case 'fix':
          return i18n._(msg`Fix refunded`);
        case 'video':
          return i18n._(msg`Video refunded`);
        case 'tool':
          return i18n._(msg`Tool use refunded`);
        default:
          return i18n._(msg`Refund`);
      }
    case 'credits_purchased':
      return i18n._(msg`Credits purchased`);
    case 'plan_credits':
      return i18n._(msg`Plan credits`);
    case 'credits_expired':
      return i18n._(msg`Credits expired`);
    case 'welcome_credits':
      return i18n._(msg`Welcome credits`);
    case 'adjustment':
      return i18n._(msg`Balance adjustment`);
  }
}

const projectDetails = (item: ActivityItem, i18n: I18n) => {
  const name = shownProjectName(item.projectName ?? '', i18n.locale);
  if (item.projectType === 'flat-lay') return i18n._(msg`"${name}" · flat-lay`);
  if (item.projectType === 'mannequin') return i18n._(msg`"${name}" · mannequin`);
  return i18n._(msg`"${name}" · on-model`);
};

const batchDetails = (item: ActivityItem, i18n: I18n) => {
  const name = shownBatchName(item.batch?.name ?? '', i18n.locale);
  const photos = item.batch?.photos ?? 0;
  return i18n._(msg`"${name}" · ${plural(photos, { one: '# photo', other: '# photos' })}`);
};

const toolTitle = (item: ActivityItem, i18n: I18n) => {
  const key = item.toolName ?? '';
  return TOOL_NAMES[key] ? i18n._(TOOL_NAMES[key]) : key;
};

export function activityDetails(item: ActivityItem, i18n: I18n): string {
  const name = shownProjectName(item.projectName ?? '', i18n.locale);
  switch (item.type) {
    case 'project_created':
    case 'project_completed':
      return projectDetails(item, i18n);
    case 'batch_started':
      return batchDetails(item, i18n);
    case 'fix_requested':
      return i18n._(msg`For "${name}"`);
    case 'video_requested':
      return i18n._(msg`For "${name}"`);
    case 'tool_used':
      return toolTitle(item, i18n);
    case 'refund':
      if (item.toolName !== null) return toolTitle(item, i18n);
      if (item.projectName === null && item.batch) return batchDetails(item, i18n);
      return item.projectName !== null ? i18n._(msg`For "${name}"`) : '';
    case 'plan_credits': {
      const plan = planTitle(item.plan, i18n);
      return i18n._(msg`${plan} plan`);
    }
    case 'credits_expired':
      return i18n._(msg`Plan credits over the rollover limit`);
    case 'credits_purchased':
      return i18n._(msg`Credit pack`);
    case 'welcome_credits':
      return '';
    case 'adjustment':
      return item.note ?? '';
  }
}

export function purchaseAction(item: PurchaseItem, i18n: I18n): string {
  switch (item.event) {
    case 'credits':
      return i18n._(msg`Credit purchase`);
    case 'plan_purchase':
      return i18n._(msg`Plan purchase`);
    case 'renewal':
      return i18n._(msg`Plan renewal`);
    case 'payment_failed':
      return i18n._(msg`Payment failed`);
    case 'cancellation':
      return i18n._(msg`Cancellation`);
    case 'resumed':
      return i18n._(msg`Subscription resumed`);
    case 'downgrade_scheduled':
      return i18n._(msg`Downgrade scheduled`);
    case 'downgrade_cancelled':
      return i18n._(msg`Downgrade withdrawn`);
    case 'plan_changed':
      return i18n._(msg`Plan change`);
  }
}

export function purchaseDetails(
  item: PurchaseItem,
  i18n: I18n,
  date: (iso: string | null) => string,
): string {
  const plan = planTitle(item.plan, i18n);
  const previous = planTitle(item.previousPlan, i18n);
  switch (item.event) {
    case 'credits': {
      const n = item.creditsAdded ?? 0;
      return i18n._(msg({ message: plural(n, { one: '# credit added', other: '# credits added' }) }));
    }
    case 'plan_purchase':
    case 'renewal':
    case 'payment_failed':
    case 'resumed':
      return i18n._(msg`${plan} plan`);
    case 'cancellation': {
      const when = date(item.effectiveAt);
      return i18n._(msg`${plan} plan ends on ${when}`);
    }
    case 'downgrade_scheduled': {
      const when = date(item.effectiveAt);
      return i18n._(msg`${previous} → ${plan} on ${when}`);
    }
    case 'downgrade_cancelled':
      return i18n._(msg`Staying on ${plan}`);
    case 'plan_changed':
      return previous ? i18n._(msg`${previous} → ${plan}`) : i18n._(msg`${plan} plan`);
  }
}

/**
 * Credits moved, signed: '−1 credit', '+10 credits', '−0.4 credits'; 'Free' for a free fix;
 * '—' when none moved. # is the number in the reader's locale.
 */
export function creditsText(credits: number | null, i18n: I18n): string {
  if (credits === null) return '—';
  if (credits === 0) return i18n._(msg`Free`);
  const n = Math.abs(credits);
  return credits < 0
    ? i18n._(msg({ message: plural(n, { one: '−# credit', other: '−# credits' }) }))
    : i18n._(msg({ message: plural(n, { one: '+# credit', other: '+# credits' }) }));
}
