// Signing in through the auth API (not the login screen) for the tests of other screens:
// an admin-created, confirmed user and a password session put where supabase-js keeps it.
import type { Page } from '@playwright/test';

export interface StackInfo {
  apiUrl: string;
  anonKey: string;
  serviceKey: string;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  fullName: string;
  phone: string;
}

let seq = 0;
export function uniqueEmail(prefix = 'seller'): string {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${++seq}@example.com`;
}

export function uniquePhone(): string {
  return `+3069${String(Date.now()).slice(-6)}${String(++seq).padStart(2, '0')}`;
}

async function call(stack: StackInfo, path: string, init: RequestInit & { key?: string; token?: string }) {
  const res = await fetch(`${stack.apiUrl}${path}`, {
    ...init,
    headers: {
      'Content-Type': 'application/json',
      apikey: init.key ?? stack.anonKey,
      Authorization: `Bearer ${init.token ?? init.key ?? stack.anonKey}`,
      ...(init.headers ?? {}),
    },
  });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

export async function createConfirmedUser(
  stack: StackInfo,
  overrides: Partial<TestUser> = {},
): Promise<TestUser> {
  const user = {
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? 'linen-and-silk',
    fullName: overrides.fullName ?? 'Eleni Papadopoulou',
    phone: overrides.phone ?? uniquePhone(),
  };
  const created = await call(stack, '/auth/v1/admin/users', {
    method: 'POST',
    key: stack.serviceKey,
    body: JSON.stringify({
      email: user.email,
      password: user.password,
      email_confirm: true,
      user_metadata: { full_name: user.fullName, phone_number: user.phone, phone_verified: true },
    }),
  });
  return { ...user, id: created.id };
}

export async function passwordSession(stack: StackInfo, email: string, password: string) {
  return call(stack, '/auth/v1/token?grant_type=password', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
}

/** Starts the page signed in: the session is in localStorage before the app boots. */
export async function signInThroughApi(
  page: Page,
  stack: StackInfo,
  user: Pick<TestUser, 'email' | 'password'>,
) {
  const session = await passwordSession(stack, user.email, user.password);
  const key = `sb-${new URL(stack.apiUrl).hostname.split('.')[0]}-auth-token`;
  await page.addInitScript(
    ([k, v]) => {
      if (!window.sessionStorage.getItem('e2e.sessionPlaced')) {
        window.localStorage.setItem(k, v);
        window.sessionStorage.setItem('e2e.sessionPlaced', '1');
      }
    },
    [key, JSON.stringify(session)] as const,
  );
  return session;
}

/** The service role's REST write, for making server-side events happen (a notification row). */
export async function serviceInsert(stack: StackInfo, table: string, row: Record<string, unknown>) {
  return call(stack, `/rest/v1/${table}`, {
    method: 'POST',
    key: stack.serviceKey,
    headers: { Prefer: 'return=representation' },
    body: JSON.stringify(row),
  });
}

export async function serviceRpc(stack: StackInfo, fn: string, args: Record<string, unknown>) {
  return call(stack, `/rest/v1/rpc/${fn}`, {
    method: 'POST',
    key: stack.serviceKey,
    body: JSON.stringify(args),
  });
}
