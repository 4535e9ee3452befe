// Who called a function, from the Bearer JWT the gateway has already verified (hosted
// Supabase and the local stack both check the signature before the handler runs).

function claimsOf(req: Request): Record<string, unknown> | null {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1];
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** 'anon' | 'authenticated' | 'service_role' | null */
export function callerRole(req: Request): string | null {
  const role = claimsOf(req)?.role;
  return typeof role === 'string' ? role : null;
}

/** The signed-in user's id (sub), or null for anon and service callers. */
export function callerUserId(req: Request): string | null {
  const claims = claimsOf(req);
  return claims?.role === 'authenticated' && typeof claims.sub === 'string' ? claims.sub : null;
}
