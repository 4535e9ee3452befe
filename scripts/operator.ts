// npm run operator -- add <email> | remove <email> — who may open /operator. Sets or clears
// app_metadata.role = 'operator' (only the service role can change app_metadata), through:
//   --local (default): the local stack's auth admin API on SUPABASE_PORT (54321)
//   --url https://<ref>.supabase.co --key <service role key> (or SUPABASE_URL and
//        SUPABASE_SERVICE_ROLE_KEY): a hosted project's auth admin API
//   --db-url postgres://… (or DATABASE_URL): the one SQL statement on auth.users
// The operator signs in again (or waits for the token's refresh) to carry the role in their
// JWT; a removed operator is refused at once (private.require_operator also reads the account).
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { loadConfig } from '../supabase/local/config.ts';
import { deriveApiKeys } from '../supabase/local/jwt.ts';

const args = process.argv.slice(2).filter((a) => a !== '--');
const option = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const positional = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const [command, email] = positional;

function usage(): never {
  console.error(
    'usage: npm run operator -- add|remove <email> [--local | --url <url> --key <service role key> | --db-url postgres://…]',
  );
  process.exit(2);
}

async function findUser(admin: SupabaseClient, address: string): Promise<User | null> {
  for (let page = 1; ; page++) {
    const { data, error } = await admin.auth.admin.listUsers({ page, perPage: 200 });
    if (error) throw error;
    const found = data.users.find((u) => u.email?.toLowerCase() === address);
    if (found) return found;
    if (data.users.length < 200) return null;
  }
}

async function viaAdminApi(url: string, key: string, on: boolean, address: string): Promise<boolean> {
  const admin = createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no WebSocket of its own; supabase-js wants one even without realtime
    realtime: { transport: ws as never },
  });
  const user = await findUser(admin, address);
  if (!user) return false;
  // the admin API merges app_metadata; null removes a key
  const app_metadata = { role: on ? 'operator' : null };
  const { error } = await admin.auth.admin.updateUserById(user.id, { app_metadata });
  if (error) throw error;
  return true;
}

async function viaDatabase(dbUrl: string, on: boolean, address: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const sql = on
      ? `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}') || '{"role":"operator"}' where lower(email) = $1`
      : `update auth.users set raw_app_meta_data = raw_app_meta_data - 'role' where lower(email) = $1`;
    return ((await client.query(sql, [address])).rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

async function main() {
  if ((command !== 'add' && command !== 'remove') || !email) usage();
  const on = command === 'add';
  const address = email.trim().toLowerCase();
  const dbUrl =
    option('--db-url') ??
    (option('--url') || args.includes('--local') ? undefined : process.env.DATABASE_URL);
  let found: boolean;
  if (dbUrl) {
    found = await viaDatabase(dbUrl, on, address);
  } else if (option('--url') ?? (!args.includes('--local') && process.env.SUPABASE_URL)) {
    const url = option('--url') ?? process.env.SUPABASE_URL!;
    const key = option('--key') ?? process.env.SUPABASE_SERVICE_ROLE_KEY;
    if (!key) usage();
    found = await viaAdminApi(url, key, on, address);
  } else {
    const config = loadConfig();
    found = await viaAdminApi(
      `http://127.0.0.1:${config.port}`,
      (await deriveApiKeys(config.jwtSecret)).serviceRole,
      on,
      address,
    );
  }
  if (!found) {
    console.error(`operator: no user with the e-mail ${address}`);
    process.exitCode = 1;
    return;
  }
  console.log(
    on
      ? `${address} is an operator (they sign in again to open /operator)`
      : `${address} is no longer an operator`,
  );
}

try {
  await main();
} catch (err) {
  console.error(`operator: ${(err as Error).message}`);
  process.exitCode = 2;
}
