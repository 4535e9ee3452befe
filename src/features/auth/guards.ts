// Route guards (spec 1 §2): public auth screens send a signed-in visitor to /home; everything
// else sends an anonymous visitor to /login and back after sign-in.
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { AuthStore } from './auth-store.ts';

/** Only same-origin paths are followed after sign-in. */
export function safeRedirect(target: unknown): string | null {
  if (
    typeof target !== 'string' ||
    !target.startsWith('/') ||
    target.startsWith('//') ||
    target.startsWith('/\\')
  )
    return null;
  if (/^\/(login|signup|forgot-password|reset-password)(\/|\?|$)/.test(target)) return null;
  return target;
}

export async function requireSignedIn(auth: AuthStore, location: ParsedLocation) {
  const snapshot = await auth.ready();
  if (!snapshot.session || !snapshot.user) {
    throw redirect({ to: '/login', search: { redirect: location.href } });
  }
  return { user: snapshot.user };
}

export async function redirectSignedIn(auth: AuthStore, redirectTo?: string) {
  const snapshot = await auth.ready();
  if (snapshot.session) throw redirect({ href: safeRedirect(redirectTo) ?? '/home' });
}
