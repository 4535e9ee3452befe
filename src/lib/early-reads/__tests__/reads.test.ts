// The early reads are the requests the routes' loaders make, word for word: this runs the
// loaders of the signed-in layout and of each screen listed, with a supabase-js client that
// records what it sends, and compares. When a query changes (a column, a filter), this fails
// until reads.ts follows; else the page would send reads the app never takes.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { EARLY_READS, type EarlyRead, THUMBNAIL, USER } from '../reads.ts';
import { windowFirstScreen } from '../../../features/projects/image-sources.ts';

const API = 'http://api.test/';
const USER_ID = '0a1b2c3d-0000-4000-8000-000000000001';
const sent = vi.hoisted(() => [] as { method: string; url: string; headers: Headers; body: unknown }[]);

vi.mock('../../supabase.ts', async () => {
  const { createClient } = await import('@supabase/supabase-js');
  return {
    supabase: createClient('http://api.test', 'anon', {
      accessToken: async () => 'token',
      realtime: { transport: class {} as never },
      global: {
        fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
          sent.push({
            method: init?.method ?? 'GET',
            url: String(input),
            headers: new Headers(init?.headers),
            body: init?.body ?? undefined,
          });
          // the projects' first read (a function) answers rows and pictures, else it reads again
          if (String(input).includes('/functions/v1/projects-first-screen'))
            return Response.json({ projects: [], thumbnail: {}, pictures: [] });
          return new Response('[]', {
            headers: { 'content-type': 'application/json', 'content-range': '*/0' },
          });
        },
      },
    }),
  };
});
vi.mock('../../i18n.ts', () => ({ loadAllMessages: async () => undefined, currentLocale: () => 'en' }));
vi.mock('../../format.ts', () => ({ prepareFormatters: async () => undefined }));

const SUPABASE_OWN = new Set(['apikey', 'authorization', 'x-client-info']);

/** a request as reads.ts words it */
function asRead(request: (typeof sent)[number]): EarlyRead {
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) if (!SUPABASE_OWN.has(name)) headers[name] = value;
  return {
    method: request.method as EarlyRead['method'],
    path: request.url.slice(API.length).replaceAll(USER_ID, USER),
    headers,
    ...(request.body === undefined ? {} : { body: request.body as string }),
  };
}

// the <head> script puts in the thumbnail the grid's CSS predicts for the screen (this one's)
const thumbnail = () => JSON.stringify(windowFirstScreen());
const key = (read: EarlyRead) =>
  `${read.method} ${read.path} ${(read.body ?? '').replace(THUMBNAIL, thumbnail())} ${JSON.stringify(read.headers)}`;
const keys = (reads: EarlyRead[]) => [...new Set(reads.map(key))].sort();

async function loaderReads(...routeFiles: (() => Promise<{ Route: unknown }>)[]): Promise<EarlyRead[]> {
  sent.length = 0;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const load of routeFiles) {
    const { Route } = (await load()) as { Route: { options: { loader: (o: unknown) => unknown } } };
    await Route.options.loader({ context: { queryClient, user: { id: USER_ID } } });
  }
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  for (const request of sent) expect(request.headers.get('authorization'), request.url).toBe('Bearer token');
  return sent.map(asRead);
}

const signedInLayout = () => import('../../../routes/_app.tsx');
const screens: Record<string, () => Promise<{ Route: unknown }>> = {
  '/home': () => import('../../../routes/_app/home.tsx'),
  '/projects': () => import('../../../routes/_app/projects/index.tsx'),
};

describe('the early reads', { timeout: 60_000 }, () => {
  it('list every screen whose reads they send', () => {
    expect(Object.keys(EARLY_READS.routes).sort()).toEqual(Object.keys(screens).sort());
  });

  it('are what the signed-in layout’s loader reads (the shell’s)', async () => {
    expect(keys(EARLY_READS.signedIn)).toEqual(keys(await loaderReads(signedInLayout)));
  });

  it.each(Object.keys(screens))('are what %s’s loaders read', async (address) => {
    const screen = screens[address]!;
    const expected = [...EARLY_READS.signedIn, ...(EARLY_READS.routes[address] ?? [])];
    expect(keys(expected)).toEqual(keys(await loaderReads(signedInLayout, screen)));
  });
});
