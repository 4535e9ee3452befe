// npm run operator -- add|remove <email>: sets app_metadata.role through the auth admin API;
// the operator's next sign-in carries it in the JWT (auth.jwt() -> 'app_metadata' ->> 'role'),
// and a removal refuses even the token signed before it.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../supabase/local/config.ts';
import { anonClient, createUser, serviceClient, stack } from '../../support/clients.ts';

const run = promisify(execFile);
const operatorScript = (...args: string[]) =>
  run(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
      path.join(ROOT, 'scripts/operator.ts'),
      ...args,
      '--url',
      stack().url,
      '--key',
      stack().serviceRoleKey,
    ],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: '' } },
  );

describe('npm run operator', () => {
  it('adds and removes the operator role; the JWT carries it after sign-in; removal refuses at once', async () => {
    const u = await createUser();
    const before = await u.client.rpc('operator_fix_queue');
    expect(before.error).toMatchObject({ hint: 'operator_only' });

    const added = await operatorScript('add', u.email.toUpperCase());
    expect(added.stdout).toContain('is an operator');
    const { data } = await serviceClient().auth.admin.getUserById(u.id);
    expect(data.user?.app_metadata).toMatchObject({ role: 'operator', provider: 'email' });

    const client = anonClient();
    const signedIn = await client.auth.signInWithPassword({ email: u.email, password: u.password });
    expect(signedIn.data.session?.user.app_metadata.role).toBe('operator');
    const claims = JSON.parse(
      Buffer.from(signedIn.data.session!.access_token.split('.')[1], 'base64url').toString(),
    );
    expect(claims.app_metadata.role).toBe('operator');
    const queue = await client.rpc('operator_fix_queue');
    expect(queue.error).toBeNull();
    expect(queue.data).toMatchObject({ open: expect.any(Array) });

    const removed = await operatorScript('remove', u.email);
    expect(removed.stdout).toContain('is no longer an operator');
    const after = await serviceClient().auth.admin.getUserById(u.id);
    expect(after.data.user?.app_metadata.role).toBeUndefined();
    // the same token (still claiming the role) is refused
    expect((await client.rpc('operator_fix_queue')).error).toMatchObject({ hint: 'operator_only' });

    await expect(operatorScript('add', 'nobody-here@example.test')).rejects.toMatchObject({ code: 1 });
  });
});
