// Helpers of the REST tests: a world of rows of one's own in the rest_ fixture tables (so
// tests running side by side never see each other's data), raw HTTP for what the client
// cannot send, and tokens signed with the project's secret for forged-JWT tests.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { serviceClient, stack } from '../../support/clients.ts';

export const uid = () => randomUUID().slice(0, 8);

export interface World {
  owner: { id: number; name: string };
  reviewer: { id: number; name: string };
  projects: { id: number; name: string; status: string }[];
}

/**
 * An owner with `n` projects (names p1…pn, newest last), 2 images each, and a reviewer on
 * the even ones. Made with the service role, outside any test's RLS.
 */
export async function makeWorld(n = 3): Promise<World> {
  const admin = serviceClient();
  const tag = uid();
  const { data: owners, error } = await admin
    .from('rest_owners')
    .insert([{ name: `owner-${tag}` }, { name: `reviewer-${tag}` }])
    .select('id,name')
    .order('id');
  if (error) throw error;
  const [owner, reviewer] = owners!;
  const rows = Array.from({ length: n }, (_, i) => ({
    owner_id: owner.id,
    reviewer_id: i % 2 === 1 ? reviewer.id : null,
    name: `p${i + 1}`,
    status: i === 0 ? 'ready' : 'draft',
    budget: (i + 1) * 10.5,
    tags: i === 0 ? ['red', 'blue'] : ['green'],
    meta: { rank: i + 1, color: i === 0 ? 'red' : null },
    due_at: i === 2 ? null : `2030-01-0${i + 1}T00:00:00+00:00`,
    created_at: new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString(),
  }));
  const { data: projects, error: e2 } = await admin
    .from('rest_projects')
    .insert(rows)
    .select('id,name,status')
    .order('id');
  if (e2) throw e2;
  const images = projects!.flatMap((p) =>
    [0, 1].map((k) => ({ project_id: p.id, url: `https://img.test/${p.name}-${k}.png`, position: k })),
  );
  const { error: e3 } = await admin.from('rest_images').insert(images);
  if (e3) throw e3;
  return { owner, reviewer, projects: projects! };
}

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

/** A request to /rest/v1 as the client would send it, with any headers overridden. */
export async function rest(
  path: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    token?: string | null;
    apikey?: string | null;
  } = {},
): Promise<RawResponse> {
  const apikey = init.apikey === undefined ? stack().anonKey : init.apikey;
  const token = init.token === undefined ? apikey : init.token;
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (apikey !== null) headers.apikey = apikey;
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['Content-Type'] ??= 'application/json';
  const res = await fetch(`${stack().url}/rest/v1${path}`, {
    method: init.method ?? 'GET',
    headers,
    body:
      init.body === undefined
        ? undefined
        : typeof init.body === 'string'
          ? init.body
          : JSON.stringify(init.body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A JWT signed with the project's secret (or another), with any claims and header. */
export async function signJwt(
  claims: Record<string, unknown>,
  opts: { secret?: string; expiresIn?: number } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ aud: 'authenticated', ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now - 10)
    .setExpirationTime(now + (opts.expiresIn ?? 3600))
    .sign(new TextEncoder().encode(opts.secret ?? stack().jwtSecret));
}

/**
 * Fragments of the SQL the service generates: none may ever reach a client. (Error messages
 * may quote the client's own query string back, as PostgREST's do; that reveals nothing.)
 */
export const SQL_MARKERS = [
  /json_agg/i,
  /row_to_json/i,
  /pgrst_/i,
  /set_config/i,
  /LATERAL/i,
  /"public"\."/,
  /\$\d+\b/,
  /::text AS/i,
];

export function expectNoSqlLeak(text: string) {
  for (const m of SQL_MARKERS) {
    if (m.test(text)) throw new Error(`response leaks SQL (${m}): ${text.slice(0, 300)}`);
  }
}
