// A HEAD read's answer has no body, but Chromium keeps its request open until the (empty) body
// is read, and cancels it (net::ERR_ABORTED) when the unread Response is garbage collected or the
// page goes. postgrest-js never reads a HEAD answer's body (the unread count, `count: 'exact',
// head: true`), so a walk through the app showed the unread-count read "aborted" at every few
// page changes, though its answer had arrived and been used.

/** `fetchImpl`, reading each HEAD answer's empty body to its end so the request finishes. */
export function finishingHeadReads(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if ((init?.method ?? 'GET').toUpperCase() === 'HEAD') await response.clone().arrayBuffer();
    return response;
  };
}
