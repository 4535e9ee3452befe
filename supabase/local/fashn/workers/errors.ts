// Errors across the thread boundary. Structured clone keeps an Error's message but not its
// class or extra fields, so a worker sends this plain shape and the pool rebuilds an Error with
// the same name, message, stack, cause code (what describeFailure reads) and own fields; the
// caller can turn it back into its own class by `className`.

export interface SerializedError {
  className: string;
  name: string;
  message: string;
  stack?: string;
  /** err.cause.code (a network error's code) */
  causeCode?: string;
  /** the error's own string / number / boolean fields (e.g. PredictionError.errorName) */
  fields: Record<string, string | number | boolean>;
}

export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { className: 'Error', name: 'Error', message: String(err), fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(err)) {
    if (k !== 'name' && k !== 'message' && ['string', 'number', 'boolean'].includes(typeof v))
      fields[k] = v as string | number | boolean;
  }
  const code = (err.cause as { code?: unknown } | undefined)?.code;
  return {
    className: err.constructor?.name ?? 'Error',
    name: err.name,
    message: err.message,
    stack: err.stack,
    causeCode: typeof code === 'string' ? code : undefined,
    fields,
  };
}

/** An Error that came from a worker: the original's class name and fields beside it. */
export interface RemoteError extends Error {
  className: string;
  fields: Record<string, string | number | boolean>;
}

export function deserializeError(e: SerializedError): RemoteError {
  const err = new Error(e.message, e.causeCode ? { cause: { code: e.causeCode } } : undefined) as RemoteError;
  err.name = e.name;
  if (e.stack) err.stack = e.stack;
  err.className = e.className;
  err.fields = e.fields;
  return err;
}

export function isRemoteError(err: unknown): err is RemoteError {
  return err instanceof Error && typeof (err as Partial<RemoteError>).className === 'string';
}
