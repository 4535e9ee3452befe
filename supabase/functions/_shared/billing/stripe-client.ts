// How a Stripe client is pointed at another address than api.stripe.com (the local
// stand-in at …/_dev/stripe): the SDK takes a host, port and protocol but always writes
// paths from /v1, so a fetch wrapper puts the base path in front. Nothing changes for the
// real API (STRIPE_API_URL unset).

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
