import { describe, expect, it } from 'vitest';
import { chooseRedirect, globToRegExp, isAllowedRedirect, withFragment, withQuery } from './redirects.ts';

const config = {
  siteUrl: 'http://localhost:3000',
  redirectUrls: ['https://app.example.com/**', 'https://*.preview.example.com/auth/*', 'myapp://callback'],
} as any;

describe('redirect allow-list', () => {
  it('globs like GoTrue: * stops at . and /, ** does not', () => {
    expect(globToRegExp('https://app.example.com/**').test('https://app.example.com/a/b?c=d')).toBe(true);
    expect(
      globToRegExp('https://*.preview.example.com/auth/*').test('https://pr-1.preview.example.com/auth/cb'),
    ).toBe(true);
    expect(
      globToRegExp('https://*.preview.example.com/auth/*').test('https://a.b.preview.example.com/auth/cb'),
    ).toBe(false);
    expect(
      globToRegExp('https://*.preview.example.com/auth/*').test('https://x.preview.example.com/auth/a/b'),
    ).toBe(false);
    expect(globToRegExp('http://h/{a,b}').test('http://h/b')).toBe(true);
    expect(globToRegExp('http://h/a.b').test('http://h/aXb')).toBe(false);
  });

  it('allows the site host on any path and port, and the listed patterns', () => {
    expect(isAllowedRedirect(config, 'http://localhost:3000/home')).toBe(true);
    expect(isAllowedRedirect(config, 'http://localhost:5173/x')).toBe(true);
    expect(isAllowedRedirect(config, 'https://app.example.com/reset')).toBe(true);
    expect(isAllowedRedirect(config, 'myapp://callback')).toBe(true);
    expect(isAllowedRedirect(config, 'https://app.example.com.evil.io/')).toBe(false);
    expect(isAllowedRedirect(config, 'https://evil.io/?next=https://app.example.com/')).toBe(false);
    expect(isAllowedRedirect(config, 'not a url')).toBe(false);
    expect(isAllowedRedirect(config, '')).toBe(false);
  });

  it('uses the default when none is asked, the site URL when the asked one is not allowed', () => {
    expect(chooseRedirect(config, undefined, 'http://localhost:3000/home')).toBe(
      'http://localhost:3000/home',
    );
    expect(chooseRedirect(config, 'https://evil.io/x', 'http://localhost:3000/home')).toBe(
      'http://localhost:3000',
    );
    expect(chooseRedirect(config, 'https://app.example.com/x', 'http://localhost:3000/home')).toBe(
      'https://app.example.com/x',
    );
  });

  it('builds fragments and queries', () => {
    expect(withFragment('http://a/b?c=1#old', { x: '1 2', y: '&' })).toBe('http://a/b?c=1#x=1+2&y=%26');
    expect(withQuery('http://a/b?c=1', { code: 'z' })).toBe('http://a/b?c=1&code=z');
  });
});
