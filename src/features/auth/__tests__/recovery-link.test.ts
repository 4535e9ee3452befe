import { describe, expect, it } from 'vitest';
import { readRecoveryLink } from '../recovery-link.ts';

const p = (s: string) => new URLSearchParams(s);

describe('readRecoveryLink', () => {
  it('accepts a recovery fragment', () => {
    expect(
      readRecoveryLink(p('access_token=a&refresh_token=b&expires_in=3600&token_type=bearer&type=recovery')),
    ).toEqual({ kind: 'session' });
  });
  it('refuses a session link of another type', () => {
    expect(readRecoveryLink(p('access_token=a&type=signup')).kind).toBe('error');
  });
  it('reads a token query parameter', () => {
    expect(readRecoveryLink(p('token=abc123'))).toEqual({ kind: 'token', tokenHash: 'abc123' });
  });
  it('reports an expired link', () => {
    expect(
      readRecoveryLink(
        p(
          'error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
        ),
      ),
    ).toEqual({
      kind: 'error',
      description: 'Email link is invalid or has expired',
    });
  });
  it('finds nothing in an ordinary address', () => {
    expect(readRecoveryLink(p(''))).toEqual({ kind: 'none' });
  });
});
