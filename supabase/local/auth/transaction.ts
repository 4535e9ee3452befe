// Every write of the auth service runs in one transaction. A database error inside (a
// failing trigger on auth.users, say) rolls everything back and reaches the client as
// GoTrue's clean 500 unexpected_failure with a generic message; the cause goes to the log.
import type { Queryable } from '../db/database.ts';
import type { AuthDeps } from './deps.ts';
import { AuthError, internal } from './errors.ts';

export async function transaction<T>(
  deps: AuthDeps,
  failure: string,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  try {
    return await deps.stack.db.transaction(fn);
  } catch (err) {
    if (err instanceof AuthError) throw err;
    deps.stack.log('auth', `${failure}: ${(err as Error)?.message ?? err}`);
    // the original error stays reachable for callers that map a specific one
    throw Object.assign(internal(failure), { cause: err });
  }
}

/** True for a unique-constraint violation (two sign-ups of one address racing). */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string })?.code === '23505';
}
