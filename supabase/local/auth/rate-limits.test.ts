import { describe, expect, it } from 'vitest';
import { parseBanDuration } from './handlers/admin-users.ts';
import { Bucket, createRateLimiters } from './rate-limits.ts';

describe('rate-limit bucket', () => {
  it('allows `capacity` requests per key, then refills evenly over the window', () => {
    const b = new Bucket(3, 300_000);
    const t = 1_000_000;
    expect([b.take('ip', t), b.take('ip', t), b.take('ip', t), b.take('ip', t)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(b.take('other', t)).toBe(true);
    expect(b.take('ip', t + 99_000)).toBe(false); // 0.99 of a token back
    expect(b.take('ip', t + 100_000)).toBe(true);
    expect(b.take('ip', t + 100_001)).toBe(false);
    expect(b.peek('ip', t + 400_000)).toBe(true);
  });

  it('a zero limit refuses everything', () => {
    expect(new Bucket(0, 1000).take('x')).toBe(false);
  });

  it("limiters throw GoTrue's 429 errors", () => {
    const l = createRateLimiters({ emailSent: 1, signInSignUps: 1, tokenRefresh: 1, tokenVerifications: 1 });
    l.token('a');
    expect(() => l.token('a')).toThrow(
      expect.objectContaining({ status: 429, code: 'over_request_rate_limit' }),
    );
    l.checkEmail();
    l.countEmail();
    expect(() => l.checkEmail()).toThrow(expect.objectContaining({ code: 'over_email_send_rate_limit' }));
  });
});

describe('ban_duration', () => {
  it('reads Go durations and "none"', () => {
    expect(parseBanDuration('none')).toBe(0);
    expect(parseBanDuration('24h')).toBe(86_400_000);
    expect(parseBanDuration('1h30m')).toBe(5_400_000);
    expect(parseBanDuration('1.5s')).toBe(1500);
    expect(parseBanDuration('876000h')).toBe(876000 * 3_600_000);
    expect(parseBanDuration('forever')).toBeNull();
    expect(parseBanDuration('10')).toBeNull();
  });
});
