import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { planName, type Plan } from './plan.ts';

/** 'Free Plan', or the capitalised plan name plus ' Plan' (spec 1 §2). */
export function planBadge(plan: Plan): MessageDescriptor {
  if (plan === 'free') return msg`Free Plan`;
  const name = planName(plan);
  return msg`${name} Plan`;
}

/** The plan's name: 'Free' is a word and is translated; Lite, Pro and Advanced are names. */
export function planTitle(plan: Plan, i18n: I18n): string {
  return plan === 'free' ? i18n._(msg`Free`) : planName(plan);
}
