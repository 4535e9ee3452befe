// Where links in mails may send the browser. GoTrue's rule: a redirect_to on the site
// URL's host, or matching one of additional_redirect_urls (globs where `*` stops at `.`
// and `/` and `**` does not), is kept; anything else falls back to the site URL.
import type { StackConfig } from '../config.ts';

type AuthConfig = StackConfig['auth'];

const patternCache = new Map<string, RegExp>();

/** gobwas/glob with separators '.' and '/', as GoTrue compiles the allow-list. */
export function globToRegExp(glob: string): RegExp {
  const cached = patternCache.get(glob);
  if (cached) return cached;
  let re = '';
  let inGroup = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*') {
      if (glob[i + 1] === '*') {
        re += '.*';
        i++;
      } else re += '[^./]*';
    } else if (c === '?') re += '[^./]';
    else if (c === '{') {
      re += '(?:';
      inGroup++;
    } else if (c === '}' && inGroup > 0) {
      re += ')';
      inGroup--;
    } else if (c === ',' && inGroup > 0) re += '|';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end === -1) re += '\\[';
      else {
        let cls = glob.slice(i + 1, end).replace(/\\/g, '\\\\');
        if (cls.startsWith('!')) cls = `^${cls.slice(1)}`;
        re += `[${cls}]`;
        i = end;
      }
    } else if (c === '\\' && i + 1 < glob.length) {
      re += escapeRe(glob[++i]);
    } else re += escapeRe(c);
  }
  const out = new RegExp(`^${re}$`);
  patternCache.set(glob, out);
  return out;
}

function escapeRe(c: string) {
  return c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

export function isAllowedRedirect(config: AuthConfig, target: string | null | undefined): boolean {
  if (!target) return false;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  try {
    if (new URL(config.siteUrl).hostname === url.hostname) return true;
  } catch {
    // a broken site_url allows nothing by host
  }
  return config.redirectUrls.some((p) => globToRegExp(p).test(target));
}

/**
 * The redirect a link will use: the requested one when allowed, the flow's default when
 * the app asked for none, the site URL when it asked for one that is not allowed.
 */
export function chooseRedirect(
  config: AuthConfig,
  requested: string | null | undefined,
  fallback?: string,
): string {
  if (!requested) return fallback ?? config.siteUrl;
  return isAllowedRedirect(config, requested) ? requested : config.siteUrl;
}

/** `{siteUrl}{path}` without doubling the slash. */
export function sitePath(config: AuthConfig, path: string): string {
  return config.siteUrl.replace(/\/+$/, '') + path;
}

/** Sets the fragment (#a=b&c=d) of a URL, replacing any fragment it had. */
export function withFragment(target: string, params: Record<string, string>): string {
  const base = target.split('#')[0];
  return `${base}#${new URLSearchParams(params).toString()}`;
}

/** Adds query parameters to a URL, keeping its fragment. */
export function withQuery(target: string, params: Record<string, string>): string {
  try {
    const u = new URL(target);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  } catch {
    const sep = target.includes('?') ? '&' : '?';
    return target + sep + new URLSearchParams(params).toString();
  }
}
