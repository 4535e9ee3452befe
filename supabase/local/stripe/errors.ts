// Stripe's error answers and the public view of the stand-in's objects.

/** A Stripe API error: answered with this status and {error: {type, code, message, param}}. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type:
      | 'invalid_request_error'
      | 'card_error'
      | 'api_error'
      | 'idempotency_error'
      | 'authentication_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

export const notFound = (object: string, id: string, param = 'id') =>
  new StripeApiError(404, 'invalid_request_error', `No such ${object}: '${id}'`, 'resource_missing', param);

/** A 400 invalid_request_error naming the parameter. */
export const invalid = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, 'invalid_request_error', message, code, param);

/** An object as the API shows it: without the stand-in's own `_` fields. */
export function publicView<T extends object>(o: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (!k.startsWith('_')) out[k] = v;
  return out as T;
}
