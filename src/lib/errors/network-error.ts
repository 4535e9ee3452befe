// Whether a failure means the request got no answer at all (offline, unreachable, given up
// after the timeout), however supabase-js's clients wrap it. Kept apart from describe-error.ts,
// which carries the words, so the backend client's fetch can tell connectivity without them.
import { isRequestTimeoutMessage } from '../timed-fetch.ts';

export type Fields = {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  hint?: unknown;
  details?: unknown;
  status?: unknown;
  /** functions-js keeps the failed fetch's error here */
  context?: unknown;
};
export const fields = (err: unknown): Fields => (err && typeof err === 'object' ? (err as Fields) : {});
export const str = (v: unknown) => (typeof v === 'string' ? v : '');

const NETWORK_ERROR_NAMES = new Set([
  'AuthRetryableFetchError',
  'FunctionsFetchError',
  'FunctionsRelayError',
  'StorageUnknownError',
]);
const NETWORK_TEXT =
  /failed to fetch|networkerror|network request failed|load failed|fetch failed|econnrefused/i;

/**
 * The request was given up after waiting too long for an answer (src/lib/timed-fetch.ts aborts
 * it with a TimeoutError): directly, in postgrest-js's "TimeoutError: …" message, in auth-js's
 * and storage-js's wrappers (which keep only the message), or as functions-js's context.
 */
export function isTimeoutError(err: unknown): boolean {
  const f = fields(err);
  const name = str(f.name);
  const message = str(f.message);
  if (name === 'TimeoutError') return true;
  if (name === 'FunctionsFetchError') return str(fields(f.context).name) === 'TimeoutError';
  if (name === 'AuthRetryableFetchError' || name === 'StorageUnknownError')
    return isRequestTimeoutMessage(message);
  return str(f.code) === '' && /^TimeoutError\b/.test(message);
}

/** The request never got an answer (supabase-js wraps fetch failures in several ways). */
export function isNetworkError(err: unknown): boolean {
  if (isTimeoutError(err)) return true;
  const f = fields(err);
  const name = str(f.name);
  const message = str(f.message);
  if (NETWORK_ERROR_NAMES.has(name)) return name !== 'StorageUnknownError' || NETWORK_TEXT.test(message);
  if (name === 'TypeError' && NETWORK_TEXT.test(message)) return true;
  // postgrest-js answers a failed fetch with { message: 'TypeError: Failed to fetch', code: '' }
  return (
    str(f.code) === '' && /^(TypeError|FetchError|AbortError)\b/.test(message) && NETWORK_TEXT.test(message)
  );
}
