import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Plan } from '../../lib/database.types.ts';
import { planName } from './plan.ts';

/** 'Free Plan', or the capitalised plan name plus ' Plan' (spec 1 §2). */
export function planBadge(plan: Plan): MessageDescriptor {
  if (plan === 'free') return msg`Free Plan`;
  const name = planName(plan);
  return msg`${name} Plan`;
}
