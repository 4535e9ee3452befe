// Any failure → words a person understands, in their language. In order: words the action
// gave for a code, the network (offline, unreachable), the server's code (SQL hint, edge
// function code, Auth error_code, Storage status), words a data helper attached (AppError),
// then the action's own failure message, then a generic one.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { AppError } from './app-error.ts';
import { fields, isNetworkError, isTimeoutError, str } from './network-error.ts';
import {
  authErrorMessages,
  genericErrorMessage,
  networkMessages,
  sqlErrorMessages,
  storageErrorMessages,
} from './messages.ts';

export interface DescribeOptions {
  /** the action's failure message (e.g. 'Failed to send feedback. Please try again.') */
  fallback?: MessageDescriptor;
  /** words for codes that mean something particular in this action */
  codes?: Record<string, MessageDescriptor>;
}

export type ErrorWords =
  | { descriptor: MessageDescriptor; values?: Record<string, number | string> }
  /** a server's own text, shown as it is */
  | { text: string };

export { isNetworkError, isTimeoutError } from './network-error.ts';

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** What an insufficient_credits refusal carries: the SQL raises its numbers as DETAIL
 *  {"needed":"X","available":"Y"} (private.insufficient_credits), read here rather than from
 *  the English message. Undefined for any other error. */
export function creditShortfall(err: unknown): { needed: number; available: number } | undefined {
  if (serverCode(err)?.code !== 'insufficient_credits') return undefined;
  const source = err instanceof AppError && !err.code && err.cause ? err.cause : err;
  try {
    const detail = JSON.parse(str(fields(source).details)) as { needed?: unknown; available?: unknown };
    const needed = Number(detail.needed);
    const available = Number(detail.available);
    if (Number.isFinite(needed) && Number.isFinite(available)) return { needed, available };
  } catch {
    // a refusal without its detail: the words go without numbers
  }
  return undefined;
}

/** The code a server answered with, and where it came from. */
export function serverCode(err: unknown): { source: 'sql' | 'auth' | 'function'; code: string } | null {
  const f = fields(err);
  if (err instanceof AppError) {
    if (err.code) return { source: 'function', code: err.code };
    // words attached to a server failure: the server's code, when known, says more
    return err.cause ? serverCode(err.cause) : null;
  }
  // PostgREST: errcode P0001 with the code in HINT
  if (typeof f.hint === 'string' && f.hint && typeof f.code === 'string')
    return { source: 'sql', code: f.hint };
  // Auth: AuthApiError and friends carry GoTrue's error_code as code
  if (str(f.name).startsWith('Auth') && typeof f.code === 'string' && f.code)
    return { source: 'auth', code: f.code };
  return null;
}

export function errorWords(err: unknown, opts: DescribeOptions = {}): ErrorWords {
  const server = serverCode(err);
  const source = err instanceof AppError && !err.code && err.cause ? err.cause : err;
  const values = creditShortfall(err);
  const override = server && opts.codes?.[server.code];
  if (override) return { descriptor: override, values };

  // a data helper's AppError keeps the failed request as its cause
  const orCause = (test: (e: unknown) => boolean) =>
    test(err) || (err instanceof AppError && test(err.cause));
  const network = orCause(isNetworkError);
  // words a data helper chose for a reason of its own (not a failed request) stand offline too
  const localWords = err instanceof AppError && err.descriptor && !err.code && !network;
  if (!localWords && isOffline()) return { descriptor: networkMessages.offline };
  if (network) {
    return { descriptor: orCause(isTimeoutError) ? networkMessages.timeout : networkMessages.unreachable };
  }

  if (server?.source === 'sql' && server.code in sqlErrorMessages) {
    if (server.code === 'insufficient_credits' && !values) return { text: str(fields(source).message) };
    return { descriptor: sqlErrorMessages[server.code as keyof typeof sqlErrorMessages], values };
  }
  if (server?.source === 'auth' && server.code in authErrorMessages) {
    return { descriptor: authErrorMessages[server.code as keyof typeof authErrorMessages] };
  }
  if (str(fields(source).name) === 'StorageApiError') {
    const status = Number(fields(source).status);
    if (storageErrorMessages[status]) return { descriptor: storageErrorMessages[status] };
  }
  if (err instanceof AppError) {
    if (err.descriptor) return { descriptor: err.descriptor, values: err.options.values };
    // a server's own words the spec wants shown (e.g. an unexpected sign-in failure)
    if (!err.code && err.message) return { text: err.message };
  }
  return { descriptor: opts.fallback ?? genericErrorMessage };
}

/** The words for err in the active language. */
export function describeError(err: unknown, i18n: I18n, opts: DescribeOptions = {}): string {
  const words = errorWords(err, opts);
  if ('text' in words) return words.text;
  const values = Object.fromEntries(
    Object.entries(words.values ?? {}).map(([k, v]) => [
      k,
      typeof v === 'number' ? i18n.number(v, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : v,
    ]),
  );
  const withValues: MessageDescriptor = {
    ...words.descriptor,
    values: { ...words.descriptor.values, ...values },
  };
  return i18n._(withValues);
}
