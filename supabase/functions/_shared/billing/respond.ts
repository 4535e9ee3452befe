// The functions' answers: JSON with the CORS headers; failures as {error, code}, which
// the app turns into words (src/lib/errors, functionErrorMessages).
import { corsHeaders } from '../cors.ts';

export function ok(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: corsHeaders });
}

export function fail(status: number, code: string, error: string): Response {
  return Response.json({ error, code }, { status, headers: corsHeaders });
}

/** A refusal the caller can act on, raised inside the billing logic. */
export class BillingError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function failWith(err: BillingError): Response {
  return fail(err.status, err.code, err.message);
}

/** A SQL function's refusal (P0001 with a machine code in hint) as a BillingError, else null. */
export function sqlRefusal(
  error: { message?: string; hint?: string | null; code?: string } | null | undefined,
  status = 409,
): BillingError | null {
  if (error?.code !== 'P0001' || !error.hint) return null;
  return new BillingError(status, error.hint, error.message ?? error.hint);
}
