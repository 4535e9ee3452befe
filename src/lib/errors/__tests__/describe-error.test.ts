import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../app-error.ts';
import { creditShortfall, describeError, isNetworkError, isTimeoutError } from '../describe-error.ts';
import { RequestTimeoutError } from '../../timed-fetch.ts';
import { functionError } from '../function-error.ts';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(() => vi.unstubAllGlobals());

/** What supabase-js hands back for a PostgREST error (PostgrestError's fields). */
const postgrest = (hint: string, message: string, details = '') => ({
  name: 'PostgrestError',
  code: 'P0001',
  hint,
  message,
  details,
});
const failed = msg`Failed to send feedback. Please try again.`;

describe('describeError', () => {
  it('turns a SQL hint code into its words', () => {
    expect(
      describeError(postgrest('rate_limited', 'Too many requests. Please try again later.'), i18n, {
        fallback: failed,
      }),
    ).toBe('Too many requests. Please try again later.');
    expect(describeError(postgrest('fix_pending', 'x'), i18n)).toBe(
      'You already have a pending fix request for this project',
    );
  });

  it('reads the numbers of an insufficient_credits refusal from its DETAIL, never from its words', () => {
    const refusal = postgrest('insufficient_credits', 'anything', '{"needed":"20.00","available":"3.50"}');
    expect(creditShortfall(refusal)).toEqual({ needed: 20, available: 3.5 });
    expect(
      creditShortfall(
        postgrest('insufficient_credits', 'Insufficient credits. Need 3.00 but only have 2.50'),
      ),
    ).toBe(undefined);
    expect(creditShortfall(postgrest('fix_pending', 'x', '{"needed":"1","available":"0"}'))).toBe(undefined);
  });

  it('puts the amounts of insufficient_credits in, two decimals, from DETAIL; without it, the words as sent', () => {
    const withDetail = postgrest(
      'insufficient_credits',
      'Insufficient credits. Need 1.00 but only have 0.40',
      '{"needed":"1.00","available":"0.40"}',
    );
    expect(describeError(withDetail, i18n)).toBe('Insufficient credits. Need 1.00 but only have 0.40');
    const withoutDetail = postgrest(
      'insufficient_credits',
      'Insufficient credits. Need 3.00 but only have 2.50',
    );
    expect(describeError(withoutDetail, i18n)).toBe('Insufficient credits. Need 3.00 but only have 2.50');
  });

  it("lets the action name a code's words", () => {
    const err = postgrest('project_not_completed', 'Videos can be created only from completed projects');
    expect(describeError(err, i18n)).toBe('The project is not completed yet');
    const video = msg`Videos can be created only from completed projects`;
    expect(describeError(err, i18n, { codes: { project_not_completed: video } })).toBe(
      'Videos can be created only from completed projects',
    );
  });

  it('uses the action’s failure message for an error it has no words for', () => {
    expect(describeError(postgrest('', 'duplicate key value'), i18n, { fallback: failed })).toBe(
      'Failed to send feedback. Please try again.',
    );
    expect(describeError(new Error('boom'), i18n, { fallback: failed })).toBe(
      'Failed to send feedback. Please try again.',
    );
    expect(describeError(new Error('boom'), i18n)).toBe('Something went wrong. Please try again.');
    expect(describeError(undefined, i18n)).toBe('Something went wrong. Please try again.');
  });

  it('names Auth error codes', () => {
    const auth = (code: string) =>
      Object.assign(new Error('server text'), { name: 'AuthApiError', code, status: 400 });
    expect(describeError(auth('invalid_credentials'), i18n)).toBe(
      'Invalid email or password. Please try again.',
    );
    expect(describeError(auth('same_password'), i18n)).toBe(
      'The new password must be different from the current one.',
    );
    expect(describeError(auth('over_email_send_rate_limit'), i18n)).toBe(
      'Too many requests. Please try again later.',
    );
    expect(describeError(auth('something_new'), i18n, { fallback: failed })).toBe(
      'Failed to send feedback. Please try again.',
    );
  });

  it('names Storage failures by status', () => {
    const storage = (status: number) =>
      Object.assign(new Error('x'), { name: 'StorageApiError', status, statusCode: String(status) });
    expect(describeError(storage(413), i18n)).toBe('The file is too large.');
    expect(describeError(storage(415), i18n)).toBe(
      'Invalid file type. Only PNG, JPG, and WebP are supported.',
    );
    expect(describeError(storage(500), i18n, { fallback: failed })).toBe(
      'Failed to send feedback. Please try again.',
    );
  });

  it('says the server could not be reached, for each way supabase-js reports it', () => {
    const unreachable = 'Drape could not be reached. Check your connection and try again.';
    expect(describeError(new TypeError('Failed to fetch'), i18n, { fallback: failed })).toBe(unreachable);
    expect(
      describeError({ message: 'TypeError: Failed to fetch', details: '', hint: '', code: '' }, i18n),
    ).toBe(unreachable);
    expect(
      describeError(
        Object.assign(new Error('Failed to fetch'), { name: 'AuthRetryableFetchError', status: 0 }),
        i18n,
      ),
    ).toBe(unreachable);
    expect(
      describeError(
        Object.assign(new Error('Failed to send a request to the Edge Function'), {
          name: 'FunctionsFetchError',
        }),
        i18n,
      ),
    ).toBe(unreachable);
    expect(isNetworkError(new Error('Failed to fetch'))).toBe(false);
  });

  it('says Drape took too long when a request was given up after 120 s, for each client', () => {
    const slow = 'Drape took too long to answer. Check your connection and try again.';
    const reason = new RequestTimeoutError(120_000);
    const shapes = [
      // fetch itself, rejecting with the abort reason
      reason,
      // postgrest-js: { message: `${name}: ${message}`, code: '' }
      { message: `${reason.name}: ${reason.message}`, details: '', hint: '', code: '' },
      // auth-js and storage-js keep only the message
      Object.assign(new Error(reason.message), { name: 'AuthRetryableFetchError', status: 0 }),
      Object.assign(new Error(reason.message), { name: 'StorageUnknownError' }),
      // functions-js keeps the reason as its context
      Object.assign(new Error('Failed to send a request to the Edge Function'), {
        name: 'FunctionsFetchError',
        context: reason,
      }),
    ];
    for (const err of shapes) {
      expect(isTimeoutError(err)).toBe(true);
      // a timeout is a request with no answer: uploads queue and tools ask again, as offline
      expect(isNetworkError(err)).toBe(true);
      expect(describeError(err, i18n, { fallback: failed })).toBe(slow);
    }
    // words a data helper attached to the timed-out request
    expect(describeError(new AppError(failed, 'Failed to send feedback', { cause: reason }), i18n)).toBe(
      slow,
    );
    // a database statement timeout is the server's answer, not the connection's
    expect(
      isTimeoutError({
        name: 'PostgrestError',
        code: '57014',
        message: 'canceling statement due to statement timeout',
      }),
    ).toBe(false);
    expect(
      isTimeoutError(
        Object.assign(new Error('Failed to send a request to the Edge Function'), {
          name: 'FunctionsFetchError',
          context: new TypeError('Failed to fetch'),
        }),
      ),
    ).toBe(false);
  });

  it('says the device is offline when it is', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(describeError(new TypeError('Failed to fetch'), i18n, { fallback: failed })).toBe(
      'You are offline. Check your connection and try again.',
    );
    // words a data helper chose for a local reason still win
    expect(describeError(new AppError(msg`Please select a pose`, 'no pose'), i18n)).toBe(
      'Please select a pose',
    );
  });

  it("shows an AppError's words, or a server's own text when it carries no words", () => {
    expect(
      describeError(new AppError(msg`Please select a model`, 'no model'), i18n, { fallback: failed }),
    ).toBe('Please select a model');
    expect(
      describeError(new AppError(null, 'Signups not allowed for this instance'), i18n, { fallback: failed }),
    ).toBe('Signups not allowed for this instance');
  });
});

describe('describeError on words attached to a server failure', () => {
  const auth = (code: string) =>
    Object.assign(new Error('server text'), { name: 'AuthApiError', code, status: 429 });
  const resetLinkFailed = msg`There was an error sending the reset link. Please try again.`;

  it("prefers the server's code when it is known", () => {
    const err = new AppError(resetLinkFailed, 'server text', { cause: auth('over_email_send_rate_limit') });
    expect(describeError(err, i18n)).toBe('Too many requests. Please try again later.');
  });

  it('keeps the attached words otherwise, and says so when the request never got through', () => {
    expect(
      describeError(new AppError(resetLinkFailed, 'x', { cause: auth('unexpected_failure') }), i18n),
    ).toBe('There was an error sending the reset link. Please try again.');
    const offline = new AppError(resetLinkFailed, 'x', { cause: new TypeError('Failed to fetch') });
    expect(describeError(offline, i18n)).toBe(
      'Drape could not be reached. Check your connection and try again.',
    );
  });
});

describe('functionError', () => {
  const httpError = (status: number, body: unknown) =>
    Object.assign(new Error('Edge Function returned a non-2xx status code'), {
      name: 'FunctionsHttpError',
      context: new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    });

  it("reads the function's code and names it", async () => {
    const err = await functionError(
      httpError(409, {
        error: 'The subscription is already cancelled at the period end',
        code: 'already_cancelling',
      }),
    );
    expect(err).toBeInstanceOf(AppError);
    expect(describeError(err, i18n, { fallback: failed })).toBe(
      'The subscription is already cancelled at the period end',
    );
  });

  it("falls back to the action's words for a code it does not know, or no code", async () => {
    const cancelFailed = msg`Failed to cancel subscription. Please try again.`;
    const unknown = await functionError(httpError(502, { error: 'Stripe said no', code: 'provider_failed' }));
    expect(describeError(unknown, i18n, { fallback: cancelFailed })).toBe(
      'Failed to cancel subscription. Please try again.',
    );
    const none = await functionError(httpError(500, { error: 'boom' }));
    expect(describeError(none, i18n, { fallback: cancelFailed })).toBe(
      'Failed to cancel subscription. Please try again.',
    );
  });

  it('leaves other errors as they are', async () => {
    const err = new TypeError('Failed to fetch');
    expect(await functionError(err)).toBe(err);
  });
});
