// Settings actions that go through server functions: cancelling at period end and opening
// the payment provider's billing portal.
import { functionError } from '../../lib/errors/index.ts';
import type { AppSupabaseClient } from '../../lib/supabase.ts';

export async function requestCancellation(client: AppSupabaseClient): Promise<void> {
  // one id per press: the server makes the cancellation at Stripe idempotent with it
  const { error } = await client.functions.invoke('cancel-subscription', {
    body: { request_id: crypto.randomUUID() },
  });
  if (error) throw await functionError(error);
}

export async function openBillingPortal(client: AppSupabaseClient, returnUrl: string): Promise<void> {
  const { data, error } = await client.functions.invoke<{ url?: string }>('billing-portal', {
    body: { return_url: returnUrl },
  });
  if (error) throw await functionError(error);
  if (!data?.url) throw new Error('No portal URL received');
  window.location.assign(data.url);
}

export const SETTINGS_TABS = ['account', 'billing'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
/** The settings page reloads 2 s after a cancellation is saved (spec 1 §4). */
export const RELOAD_AFTER_CANCEL_MS = 2000;
/** Settings success toasts last 3 s. */
export const SETTINGS_TOAST_MS = 3000;
