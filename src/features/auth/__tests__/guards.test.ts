import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../guards.ts';

describe('safeRedirect', () => {
  it('follows paths inside the app', () => {
    expect(safeRedirect('/settings')).toBe('/settings');
    expect(safeRedirect('/projects/42?tab=x')).toBe('/projects/42?tab=x');
  });
  it('refuses other origins and protocol-relative addresses', () => {
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('//evil.example/x')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect(undefined)).toBeNull();
  });
  it('does not send a signed-in user back to an auth screen', () => {
    expect(safeRedirect('/login')).toBeNull();
    expect(safeRedirect('/reset-password?token=x')).toBeNull();
  });
});
