// The auth routes below /auth/v1. `open` routes are reachable without an API key, as on
// hosted Supabase (a browser following a mail link sends none).
import type { Handler } from './deps.ts';
import {
  adminCreateUser,
  adminDeleteUser,
  adminGetUser,
  adminListUsers,
  adminUpdateUser,
} from './handlers/admin-users.ts';
import { generateLink, invite } from './handlers/admin-links.ts';
import { otp, recover, resend } from './handlers/mail-requests.ts';
import { authorize, health, jwks, settings } from './handlers/meta.ts';
import { signup } from './handlers/signup.ts';
import { token } from './handlers/token.ts';
import { getUser, logout, updateUser } from './handlers/user.ts';
import { verifyLink, verifyOtp } from './handlers/verify.ts';

export interface Route {
  method: string;
  /** path with :param segments */
  path: string;
  handler: Handler;
  open?: boolean;
}

export const ROUTES: Route[] = [
  { method: 'GET', path: '/health', handler: health, open: true },
  { method: 'GET', path: '/settings', handler: settings },
  { method: 'GET', path: '/.well-known/jwks.json', handler: jwks, open: true },
  { method: 'GET', path: '/authorize', handler: authorize, open: true },
  { method: 'POST', path: '/signup', handler: signup },
  { method: 'POST', path: '/token', handler: token },
  { method: 'GET', path: '/user', handler: getUser },
  { method: 'PUT', path: '/user', handler: updateUser },
  { method: 'POST', path: '/logout', handler: logout },
  { method: 'POST', path: '/recover', handler: recover },
  { method: 'GET', path: '/verify', handler: verifyLink, open: true },
  { method: 'POST', path: '/verify', handler: verifyOtp },
  { method: 'POST', path: '/resend', handler: resend },
  { method: 'POST', path: '/otp', handler: otp },
  { method: 'POST', path: '/magiclink', handler: otp },
  { method: 'POST', path: '/invite', handler: invite },
  { method: 'GET', path: '/admin/users', handler: adminListUsers },
  { method: 'POST', path: '/admin/users', handler: adminCreateUser },
  { method: 'GET', path: '/admin/users/:id', handler: adminGetUser },
  { method: 'PUT', path: '/admin/users/:id', handler: adminUpdateUser },
  { method: 'DELETE', path: '/admin/users/:id', handler: adminDeleteUser },
  { method: 'POST', path: '/admin/generate_link', handler: generateLink },
];

export type RouteMatch = { route: Route; params: Record<string, string> } | { allowed: string[] } | null;

/** The route for a method and path; `allowed` when the path exists for other methods. */
export function matchRoute(method: string, path: string): RouteMatch {
  const parts = path.replace(/\/+$/, '').split('/');
  const allowed: string[] = [];
  for (const route of ROUTES) {
    const want = route.path.split('/');
    if (want.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < want.length && ok; i++) {
      if (want[i].startsWith(':')) {
        try {
          params[want[i].slice(1)] = decodeURIComponent(parts[i]);
        } catch {
          ok = false;
        }
      } else ok = want[i] === parts[i];
    }
    if (!ok) continue;
    if (route.method === method || (method === 'HEAD' && route.method === 'GET')) return { route, params };
    allowed.push(route.method);
  }
  return allowed.length ? { allowed } : null;
}
