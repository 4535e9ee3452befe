// Storage's error shape: `{statusCode:"<logical status>", code, error, message}` with the
// real HTTP status 400 for everything but internal errors (500), as Supabase Storage does.
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import { HttpError } from '../http.ts';
import { JwtError } from '../jwt.ts';

export class StorageError extends Error {
  constructor(
    /** the logical status that goes into body.statusCode */
    readonly status: number,
    readonly code: string,
    readonly error: string,
    message: string,
    /** the HTTP status when it is not the usual 400/500 */
    readonly http?: number,
  ) {
    super(message);
  }

  get httpStatus(): number {
    return this.http ?? (this.status >= 500 ? 500 : 400);
  }

  body() {
    return { statusCode: String(this.status), code: this.code, error: this.error, message: this.message };
  }
}

export const ERR = {
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  keyExists: () => new StorageError(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketExists: () =>
    new StorageError(409, 'BucketAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketNotEmpty: () =>
    new StorageError(
      409,
      'ResourceNotEmpty',
      'ResourceNotEmpty',
      'The bucket you tried to delete is not empty',
    ),
  accessDenied: (message = 'new row violates row-level security policy') =>
    new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'InvalidSignature', 'Invalid signature'),
  tooLarge: () =>
    new StorageError(
      413,
      'EntityTooLarge',
      'Payload too large',
      'The object exceeded the maximum allowed size',
    ),
  /** refused from Content-Length before any of the body was read: a real 413, as a gateway answers */
  tooLargeDeclared: () =>
    new StorageError(
      413,
      'EntityTooLarge',
      'Payload too large',
      'The object exceeded the maximum allowed size',
      413,
    ),
  invalidMime: (mime: string) =>
    new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mime} is not supported`),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message),
  invalidRange: () => new StorageError(416, 'InvalidRange', 'invalid_range', 'invalid range provided'),
  notFound: () => new StorageError(404, 'NotFound', 'Not Found', 'Route not found'),
  imageProcessing: (message: string) => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message),
  internal: (message = 'Internal server error') =>
    new StorageError(500, 'InternalError', 'InternalError', message),
};

/** The `code` of what was thrown: a Node system error's (ENOENT…) or a database error's (23505…). */
export function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The `message` of what was thrown, when it has one. */
export function errorMessage(err: unknown): string | undefined {
  const message = (err as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** Turns what a handler threw into a StorageError (database and JWT errors included). */
export function toStorageError(err: unknown): StorageError {
  if (err instanceof StorageError) return err;
  if (err instanceof JwtError)
    return ERR.invalidJwt(err.reason === 'expired' ? 'jwt expired' : 'invalid signature');
  if (err instanceof HttpError) {
    // a JSON request body that is too large (refused unread: a real 413) or malformed
    return err.status === 413
      ? new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The request body is too large', 413)
      : ERR.invalidRequest(err.message);
  }
  const pg = err as { code?: string; message?: string };
  switch (pg?.code) {
    case '42501': // insufficient privilege / row-level security
      return ERR.accessDenied(
        pg.message?.includes('row-level security')
          ? 'new row violates row-level security policy'
          : pg.message,
      );
    case '23505':
      return ERR.keyExists();
    case '23503':
      return ERR.noSuchBucket();
    case '22P02':
    case '22023':
      return ERR.invalidRequest(pg.message ?? 'invalid input');
    case '57014':
      return new StorageError(
        544,
        'DatabaseTimeout',
        'DatabaseTimeout',
        'The connection to the database timed out',
      );
  }
  if (typeof pg?.code === 'string' && /^[0-9A-Z]{5}$/.test(pg.code)) {
    return new StorageError(500, 'DatabaseError', 'DatabaseError', pg.message ?? 'database error');
  }
  return ERR.internal();
}

export function sendStorageError(
  res: ServerResponse,
  err: StorageError,
  headers: Record<string, string> = {},
) {
  sendJson(res, err.status === 544 ? 544 : err.httpStatus, err.body(), headers);
}
