// /operator's guard: anyone but an operator is sent to /home with a message.
import { msg } from '@lingui/core/macro';
import { redirect } from '@tanstack/react-router';
import type { User } from '@supabase/supabase-js';
import { i18n, loadAllMessages } from '../../lib/i18n.ts';
import { toast } from '../../ui/index.ts';
import { isOperator } from './role.ts';

export const REFUSED = msg`Only the Drape team can open the operator console.`;

export async function operatorGuard(user: User | null | undefined): Promise<void> {
  if (isOperator(user)) return;
  await loadAllMessages();
  toast.show({ id: 'operator-refused', tone: 'error', title: i18n._(REFUSED), duration: 6000 });
  throw redirect({ to: '/home', replace: true });
}
