// How a Stripe client is pointed at another address than api.stripe.com (the local
// stand-in at …/_dev/stripe): the SDK takes a host, port and protocol but always writes
// paths from /v1, so a fetch wrapper puts the base path in front. Nothing changes for the
// real API (STRIPE_API_URL unset).

/**
 * The Stripe API version Drape speaks: the one `stripe` 23.1.0 (pinned exactly in package.json
 * and the functions' `npm:stripe@23.1.0`) is typed for, set as `apiVersion` on every client,
 * and the one docs/deploying.md tells the operator to give the webhook endpoint.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** The Stripe constructor's connection options for STRIPE_API_URL, with the fetch to give createFetchHttpClient. */
export function stripeConnection(apiUrl: string | null, baseFetch: typeof fetch = fetch) {
  if (!apiUrl) return { options: {}, fetch: baseFetch };
  const base = new URL(apiUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  const prefixed: typeof fetch = (input, init) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const u = new URL(raw);
    return baseFetch(`${base.origin}${prefix}${u.pathname}${u.search}`, init);
  };
  return {
    options: {
      host: base.hostname,
      port: base.port || (protocol === 'http' ? '80' : '443'),
      protocol,
    } as const,
    fetch: prefixed,
  };
}

/**
 * Whether Stripe answered a repeated Idempotency-Key with its first answer (the
 * `Idempotent-Replayed: true` header). lastResponse.headers is a plain object with Node's
 * http client and the fetch Response's Headers with the fetch client the functions use.
 */
export function wasReplayed(answer: { lastResponse?: { headers?: unknown } }): boolean {
  const headers = answer.lastResponse?.headers;
  if (!headers || typeof headers !== 'object') return false;
  const value =
    typeof (headers as Headers).get === 'function'
      ? (headers as Headers).get('idempotent-replayed')
      : (headers as Record<string, unknown>)['idempotent-replayed'];
  return value === 'true';
}
