// A returning Pro seller with finished projects, as the /projects and Lighthouse benches need
// one: made through the service role, the language already recorded (./returning-seller.ts),
// and the session supabase-js keeps in localStorage once signed in.
import { createSeller, seedProjects } from '../../tests/e2e/projects/seed.ts';
import type { AppUnderTest } from './app-under-test.ts';
import { benchResultFiles } from './result-files.ts';
import { recordLanguage } from './returning-seller.ts';

export interface SignedInSession {
  /** supabase-js's storage key (sb-<first label of the API host>-auth-token) and its value */
  key: string;
  value: string;
}

export async function sellerWithProjects(
  app: AppUnderTest,
  projects: number,
  opts: { spreadDays: number },
): Promise<{ session: SignedInSession; seedMs: number }> {
  const stack = {
    apiUrl: app.stack.url,
    anonKey: app.stack.keys.anon,
    serviceKey: app.stack.keys.serviceRole,
  };
  const seller = await createSeller(stack, { plan: 'pro', fullName: 'Bench Seller' });
  await recordLanguage(stack, seller.id);
  const seeding = performance.now();
  await seedProjects(stack, seller, projects, await benchResultFiles(), {
    spreadDays: opts.spreadDays,
    concurrency: 4,
  });
  const seedMs = performance.now() - seeding;
  const res = await fetch(`${app.stack.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: app.stack.keys.anon, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: seller.email, password: seller.password }),
  });
  if (!res.ok) throw new Error(`sign in: ${res.status} ${await res.text()}`);
  return {
    session: {
      key: `sb-${new URL(app.stack.url).hostname.split('.')[0]}-auth-token`,
      value: JSON.stringify(await res.json()),
    },
    seedMs,
  };
}
