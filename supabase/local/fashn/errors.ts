// Errors in FASHN's two families: API-level (an HTTP status, no prediction id) and runtime
// (the prediction is accepted and ends `failed` with {name, message}).

/** An API-level error: answered at once with this status and {error: {name, message}}. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: 'BadRequest' | 'UnauthorizedAccess' | 'NotFound' | 'MethodNotAllowed',
    message: string,
  ) {
    super(message);
  }
}

export type RuntimeErrorName =
  | 'ImageLoadError'
  | 'ContentModerationError'
  | 'InputValidationError'
  | 'PipelineError'
  | 'InternalServerError';

/** A runtime error: the prediction ends `failed` with this name and message. */
export class PredictionError extends Error {
  constructor(
    readonly errorName: RuntimeErrorName,
    message: string,
  ) {
    super(message);
  }
}

/** What went wrong, in words, for a caught value of any kind: a timeout, a network code
 * (`err.cause.code`), the message, or the value itself. */
export function describeFailure(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError') return 'timed out';
    const code = (err.cause as { code?: unknown } | undefined)?.code;
    return typeof code === 'string' ? code : err.message;
  }
  return String(err);
}
