// Posting stored outbound notices (feedback, contact, sales, low credits, fix requests) to
// their webhooks. The notices were stored first by SQL functions; this claims the due ones
// (a lease, so two runs never post the same notice at once), posts each as JSON, and
// reports the outcome: delivered, or retried later with backoff (the SQL side decides when,
// and gives up after 8 attempts). Only an ok status counts as delivered (spec 1 §7).

export interface DueNotice {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
}

export interface NoticeStore {
  claim(max: number): Promise<DueNotice[]>;
  report(id: string, delivered: boolean, error: string | null): Promise<void>;
}

export type PostJson = (url: string, body: unknown) => Promise<{ ok: boolean; status: number }>;

/**
 * Turns a stored payload into the body posted (e.g. a fix request's drawing, stored as an
 * object name, into the PNG data URL the workflow receives). A throw keeps the notice for a
 * retry, like a failed post.
 */
export type PreparePayload = (notice: DueNotice) => Promise<unknown>;

export interface DeliveryResult {
  claimed: number;
  sent: number;
  failed: number;
}

/** A payload that could not be prepared (its message is the notice's error). */
export class PrepareError extends Error {}

/**
 * The webhook for a kind: NOTICE_WEBHOOK_<KIND> (e.g. NOTICE_WEBHOOK_FEEDBACK), else the
 * catch-all NOTICE_WEBHOOK_URL, else none.
 */
export function webhookFor(kind: string, env: (name: string) => string | undefined): string | null {
  const specific = env(`NOTICE_WEBHOOK_${kind.toUpperCase()}`);
  return specific || env('NOTICE_WEBHOOK_URL') || null;
}

export async function deliverDueNotices(
  store: NoticeStore,
  post: PostJson,
  env: (name: string) => string | undefined,
  max = 20,
  prepare: PreparePayload = async (notice) => notice.payload,
): Promise<DeliveryResult> {
  const due = await store.claim(max);
  let sent = 0;
  let failed = 0;
  for (const notice of due) {
    const url = webhookFor(notice.kind, env);
    let error: string | null = null;
    if (!url) {
      error = `no webhook configured for ${notice.kind} (set NOTICE_WEBHOOK_${notice.kind.toUpperCase()} or NOTICE_WEBHOOK_URL)`;
    } else {
      try {
        const res = await post(url, await prepare(notice));
        if (!res.ok) error = `webhook answered ${res.status}`;
      } catch (err) {
        error =
          err instanceof PrepareError
            ? err.message
            : `webhook unreachable: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
    if (error) {
      failed++;
      console.warn(
        `[send-notice] ${notice.kind} ${notice.id} not delivered (attempt ${notice.attempts}): ${error}`,
      );
    } else {
      sent++;
    }
    await store.report(notice.id, error === null, error);
  }
  return { claimed: due.length, sent, failed };
}

/** fetch with a time limit, JSON body. */
export function fetchPoster(timeoutMs = 10_000): PostJson {
  return async (url, body) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    return { ok: res.ok, status: res.status };
  };
}
