// The health function answers an operator's JWT too (the console's Work tab): the database
// part through public.operator_deploy_health with that JWT, so the SQL checks the role; a
// seller, and a seller whose account is not an operator, are refused with operator_only.
import { describe, expect, it } from 'vitest';
import { anonClient, createUser, serviceClient, stack, type TestUser } from '../../support/clients.ts';

async function signedIn(role?: string): Promise<TestUser> {
  const u = await createUser();
  if (role) {
    const updated = await serviceClient().auth.admin.updateUserById(u.id, { app_metadata: { role } });
    if (updated.error) throw updated.error;
  }
  const client = anonClient();
  const r = await client.auth.signInWithPassword({ email: u.email, password: u.password });
  if (r.error) throw r.error;
  return { ...u, client };
}

async function health(who: TestUser) {
  const { data } = await who.client.auth.getSession();
  const res = await fetch(`${stack().url}/functions/v1/health`, {
    headers: { Authorization: `Bearer ${data.session!.access_token}`, apikey: stack().anonKey },
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('the health function for an operator', () => {
  it("gives an operator the database's checks and the functions' secrets", async () => {
    const r = await health(await signedIn('operator'));
    expect(r.status).toBe(200);
    expect(r.body.database.checks.map((c: any) => c.name)).toContain('pg_cron');
    expect(r.body.functions.map((c: any) => c.name)).toEqual(
      expect.arrayContaining(['provider', 'stripe', 'notices']),
    );
    expect(JSON.stringify(r.body)).not.toContain(stack().serviceRoleKey);
    // the local stack runs its own schedules: the console shows pg_cron and the rest as its
    expect(r.body.scheduler).toBe('local');
  });

  it('refuses a seller with operator_only and no report', async () => {
    const r = await health(await signedIn());
    expect(r.status).toBe(403);
    expect(r.body).toEqual({
      error: 'Only the service role or an operator may read the health report',
      code: 'operator_only',
    });
  });
});
