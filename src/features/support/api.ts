// Feedback and contact requests are stored by SQL functions (validated, rate-limited), then
// the send-notice function is asked to post what is due to the configured webhooks. A
// webhook that is down loses nothing: the notice stays queued and is retried.
import type { AppSupabaseClient } from '../../lib/supabase.ts';

export async function submitFeedback(client: AppSupabaseClient, feedback: string): Promise<string> {
  const { data, error } = await client.rpc('submit_feedback', { feedback: feedback.trim() });
  if (error) throw error;
  requestDelivery(client);
  return data;
}

export async function submitContactRequest(
  client: AppSupabaseClient,
  input: { fullName: string; email: string; details: string },
): Promise<string> {
  const { data, error } = await client.rpc('submit_contact_request', {
    full_name: input.fullName.trim(),
    email: input.email.trim(),
    details: input.details.trim(),
  });
  if (error) throw error;
  requestDelivery(client);
  return data;
}

/** Asks the functions layer to post due notices now; a failure here only delays delivery. */
function requestDelivery(client: AppSupabaseClient) {
  void client.functions
    .invoke('send-notice', { body: {} })
    .catch((err: unknown) => console.warn('[support] delivery request failed', err));
}
