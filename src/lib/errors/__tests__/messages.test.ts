// Every code the SQL raises has words in the app, and they are the server's (the spec's)
// words. Reads supabase/migrations/*.sql, so a migration that adds a code fails here until
// the code has a message in src/lib/errors/messages.ts (and a Greek translation).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { authErrorMessages, functionErrorMessages, sqlErrorMessages } from '../messages.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../../../supabase/migrations');

/** code → the messages the SQL raises it with (null when the message is built at run time) */
function raisedCodes(): Map<string, Set<string | null>> {
  const codes = new Map<string, Set<string | null>>();
  const add = (code: string, message: string | null) =>
    codes.set(code, (codes.get(code) ?? new Set()).add(message));
  for (const file of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql'))) {
    const sql = readFileSync(path.join(MIGRATIONS, file), 'utf8');
    const literal = "'((?:[^']|'')*)'";
    // private.fail('message', 'code' …) — the message may be an expression (format(…))
    for (const m of sql.matchAll(/private\.fail\(\s*([^;]*?),\s*'([a-z_]+)'\s*[,)]/g)) {
      const message = new RegExp(`^${literal}$`).exec(m[1].trim());
      add(m[2], message ? message[1].replace(/''/g, "'") : null);
    }
    // raise exception 'message' using … hint = 'code'
    for (const m of sql.matchAll(/raise exception\s+'((?:[^']|'')*)'([^;]*?)hint\s*=\s*'([a-z_]+)'/g)) {
      add(m[3], m[1].includes('%') || m[2].trim().startsWith(',') ? null : m[1].replace(/''/g, "'"));
    }
    // eligibility answers: v_reason := 'message'; v_code := 'code'
    for (const m of sql.matchAll(/v_reason := ('(?:[^']|'')*'|[^;]+); v_code := '([a-z_]+)'/g)) {
      const message = new RegExp(`^${literal}$`).exec(m[1].trim());
      add(m[2], message ? message[1].replace(/''/g, "'") : null);
    }
  }
  return codes;
}

/** Codes whose one message in the app stands for several server wordings (documented there). */
const GENERAL_WORDS = new Set([
  'project_not_completed',
  'invalid_status',
  'email_invalid',
  'image_finished',
  'job_finished',
]);

describe('SQL error codes', () => {
  const codes = raisedCodes();

  it('finds the codes the migrations raise', () => {
    // a sanity check of the reader itself: codes from private.fail, hint = and eligibility
    for (const code of [
      'insufficient_credits',
      'rate_limited',
      'advanced_only',
      'name_required',
      'fix_pending',
    ]) {
      expect(codes.has(code), code).toBe(true);
    }
  });

  it('every code a migration raises has a message', () => {
    const missing = [...codes.keys()].filter((c) => !(c in sqlErrorMessages));
    expect(missing, 'add these codes to sqlErrorMessages in src/lib/errors/messages.ts').toEqual([]);
  });

  it("the English is the server's message (the spec's words)", () => {
    const differing: string[] = [];
    for (const [code, messages] of codes) {
      if (GENERAL_WORDS.has(code) || !(code in sqlErrorMessages)) continue;
      const english = sqlErrorMessages[code as keyof typeof sqlErrorMessages].message;
      const fixed = [...messages].filter((m): m is string => m !== null);
      if (fixed.length > 0 && !fixed.includes(english ?? ''))
        differing.push(`${code}: app "${english}", SQL "${fixed.join('" / "')}"`);
    }
    expect(differing).toEqual([]);
  });

  it('insufficient_credits takes the amounts as values', () => {
    expect(sqlErrorMessages.insufficient_credits.message).toBe(
      'Insufficient credits. Need {needed} but only have {available}',
    );
  });
});

describe('other server codes', () => {
  it('cover the codes of the cancel-subscription function', () => {
    const source = readFileSync(path.resolve(MIGRATIONS, '../functions/_shared/billing/cancel.ts'), 'utf8');
    const codes = [...source.matchAll(/code: '([a-z_]+)'/g)]
      .map((m) => m[1])
      .filter((c) => c !== 'provider_failed');
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.filter((c) => !(c in functionErrorMessages))).toEqual([]);
  });

  it('give the sign-in errors the spec words', () => {
    expect(authErrorMessages.invalid_credentials.message).toBe(
      'Invalid email or password. Please try again.',
    );
    expect(authErrorMessages.weak_password.message).toBe('Password must be at least 6 characters long');
  });
});
