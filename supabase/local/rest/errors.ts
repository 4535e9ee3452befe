// Errors in PostgREST's shape: a JSON object {code, message, details, hint} and an HTTP
// status. The service's own errors carry PGRSTxxx codes; database errors keep their
// SQLSTATE, message, detail and hint, and get PostgREST's status mapping.

export interface ErrorBody {
  code: string;
  message: string;
  details: string | unknown | null;
  hint: string | null;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): ErrorBody {
    return { code: this.code, message: this.message, details: this.details ?? null, hint: this.hint ?? null };
  }
}

/** PGRST100: the query string could not be read. */
export function parseError(what: string, input: string, detail: string): RestError {
  return new RestError(400, 'PGRST100', `"failed to parse ${what} (${input})"`, detail);
}

export const errors = {
  invalidBody: (message: string) => new RestError(400, 'PGRST102', message),
  schemaNotExposed: (schema: string, exposed: string[]) =>
    new RestError(
      406,
      'PGRST106',
      `Invalid schema: ${schema}`,
      null,
      `Only the following schemas are exposed: ${exposed.join(', ')}`,
    ),
  mediaType: (types: string[]) =>
    new RestError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`),
  notEmbedded: (name: string) =>
    new RestError(
      400,
      'PGRST108',
      `'${name}' is not an embedded resource in this request`,
      null,
      `Verify that '${name}' is included in the 'select' query parameter.`,
    ),
  singular: (rows: number) =>
    new RestError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${rows} rows`,
    ),
  unsupportedMethod: (method: string) => new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
  invalidPreferences: (prefs: string[]) =>
    new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefs.join(', ')}`,
    ),
  aggregatesNotAllowed: () => new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed'),
  maxAffected: (n: number) =>
    new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${n} rows`,
    ),
  invalidPath: () => new RestError(404, 'PGRST125', 'Invalid path specified in request URL'),
  notImplemented: (details: string) => new RestError(400, 'PGRST127', 'Feature not implemented', details),
  rangeNotSatisfiable: (offset: number, total: number) =>
    new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    ),
  negativeLimit: () =>
    new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'Limit should be greater than or equal to zero.',
    ),
  rangeLowerGtUpper: () =>
    new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    ),
  tableNotFound: (schema: string, name: string, suggestion: string | null) =>
    new RestError(
      404,
      'PGRST205',
      `Could not find the table '${schema}.${name}' in the schema cache`,
      null,
      suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null,
    ),
  columnNotFound: (table: string, column: string) =>
    new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`),
  undefinedColumn: (table: string, column: string) =>
    new RestError(400, '42703', `column ${table}.${column} does not exist`),
  noRelationship: (
    parent: string,
    child: string,
    schema: string,
    hint: string | null,
    suggestion: string | null,
  ) =>
    new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent}' and '${child}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent}' and '${child}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${schema}', but no matches were found.`,
      suggestion,
    ),
  ambiguousRelationship: (parent: string, child: string, details: unknown[], hints: string[]) =>
    new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent}' and '${child}'`,
      details,
      `Try changing '${child}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
    ),
  functionNotFound: (
    schema: string,
    name: string,
    keys: string[],
    isPost: boolean,
    suggestion: string | null,
  ) => {
    const prms = keys.length ? `(${keys.join(', ')})` : ' without parameters';
    const det = keys.length
      ? ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`
      : ' without parameters';
    return new RestError(
      404,
      'PGRST202',
      `Could not find the function ${schema}.${name}${prms} in the schema cache`,
      `Searched for the function ${schema}.${name}${det}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
      suggestion ? `Perhaps you meant to call the function ${schema}.${suggestion}` : null,
    );
  },
  ambiguousFunction: (signatures: string[]) =>
    new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${signatures.join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    ),
  invalidRpcMethod: (method: string) =>
    new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`),
  missingWhere: (verb: 'DELETE' | 'UPDATE') => new RestError(400, '21000', `${verb} requires a WHERE clause`),
};

// ---------------------------------------------------------------------------------------
// JWT

export function jwtError(reason: 'expired' | 'invalid' | 'missing_claims', message: string): RestError {
  const code = reason === 'invalid' ? 'PGRST301' : 'PGRST303';
  const msg = reason === 'expired' ? 'JWT expired' : message;
  return new RestError(401, code, msg, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(msg)}`,
  });
}

// ---------------------------------------------------------------------------------------
// Database errors

interface PgLikeError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

export function isPgError(err: unknown): err is PgLikeError & Error {
  return (
    typeof err === 'object' &&
    err !== null &&
    typeof (err as PgLikeError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((err as PgLikeError).code!)
  );
}

/** PostgREST's SQLSTATE → HTTP status table; `authenticated` decides 42501. */
export function statusForSqlState(code: string, message: string, authenticated: boolean): number {
  switch (code) {
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '21000':
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case '22023':
      return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
    case '53400':
      return 500;
    case '57P01':
      return 503;
    case 'P0001':
      return 400;
    case '42883':
      return 404;
    case '42P01':
      return 404;
    case '42P17':
      return 500;
    case '42501':
      return authenticated ? 403 : 401;
  }
  const p2 = code.slice(0, 2);
  switch (p2) {
    case '08':
      return 503;
    case '09':
      return 500;
    case '0L':
    case '0P':
      return 403;
    case '25':
      return 500;
    case '28':
      return 403;
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
      return 500;
    case '53':
      return 503;
    case '54':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500;
    case 'PT': {
      const n = Number(code.slice(2));
      return Number.isInteger(n) && n >= 100 && n <= 599 ? n : 500;
    }
  }
  return 400;
}

/**
 * The response for an error the database raised. Only the error's own fields go out —
 * never the statement or its parameters. `RAISE SQLSTATE 'PGRST'` with JSON message and
 * detail gives full control of code, message, status and headers, as in PostgREST.
 */
export function fromPgError(err: PgLikeError, authenticated: boolean): RestError {
  const code = err.code ?? 'XX000';
  const message = err.message ?? '';
  if (code === 'PGRST') return fromRaisePgrst(err);
  const status = statusForSqlState(code, message, authenticated);
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new RestError(status, code, message, err.detail || null, err.hint || null, headers);
}

function fromRaisePgrst(err: PgLikeError): RestError {
  let msg: { code?: unknown; message?: unknown; details?: unknown; hint?: unknown } | null;
  let det: { status?: unknown; headers?: unknown } | null;
  try {
    msg = JSON.parse(err.message ?? '');
  } catch {
    return new RestError(
      500,
      'PGRST121',
      'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      `Invalid JSON value for MESSAGE: '${err.message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    );
  }
  if (!err.detail) {
    return new RestError(
      500,
      'PGRST121',
      'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      'DETAIL is missing in the RAISE statement',
      "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.",
    );
  }
  try {
    det = JSON.parse(err.detail);
  } catch {
    det = null;
  }
  if (
    !msg ||
    typeof msg !== 'object' ||
    typeof msg.code !== 'string' ||
    typeof msg.message !== 'string' ||
    !det ||
    typeof det !== 'object' ||
    typeof det.status !== 'number' ||
    typeof det.headers !== 'object'
  ) {
    return new RestError(
      500,
      'PGRST121',
      'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      `Invalid JSON value for DETAIL: '${err.detail}'`,
      "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.",
    );
  }
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(det.headers ?? {})) if (typeof v === 'string') headers[k] = v;
  const text = (v: unknown) => (v ?? null) as string | null;
  return new RestError(det.status, msg.code, msg.message, text(msg.details), text(msg.hint), headers);
}
