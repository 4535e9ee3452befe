// Small helpers of the auth tests: following a mail link as a browser would (without
// following the redirect), reading the fragment it lands on.

/** Opens a verify link the way a browser does, but stops at the redirect. */
export function followLink(link: string): Promise<Response> {
  return fetch(link, { redirect: 'manual' });
}

/** The parameters of a URL's fragment (#a=b&c=d). */
export function fragmentOf(location: string): URLSearchParams {
  const i = location.indexOf('#');
  return new URLSearchParams(i === -1 ? '' : location.slice(i + 1));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Decodes a JWT's payload without checking it (tests look at what the server put in). */
export function jwtPayload(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}
