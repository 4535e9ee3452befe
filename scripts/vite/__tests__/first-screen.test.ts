// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rolldown } from 'vite';
import { announceAppStarted } from '../../../src/ui/app-started.ts';
import { WEB_FONTS_ATTRIBUTE } from '../../../src/ui/web-fonts.ts';
import { firstScreenManifest, firstScreenScript, routeAddress } from '../first-screen.ts';
import { type EarlyRead, THUMBNAIL, USER } from '../../../src/lib/early-reads/reads.ts';
import '../../../src/lib/early-reads/early-fetch.ts';

describe('route addresses', () => {
  it('maps route files to the addresses they serve and their guard', () => {
    expect(routeAddress('_app/home.tsx')).toEqual({ path: '/home', guard: 'signedIn' });
    expect(routeAddress('_public/login.tsx')).toEqual({ path: '/login', guard: 'anonymous' });
    expect(routeAddress('content-guidelines.tsx')).toEqual({ path: '/content-guidelines', guard: null });
    expect(routeAddress('_app/projects/index.tsx')).toEqual({ path: '/projects', guard: 'signedIn' });
    expect(routeAddress('_app/tools/photo-combiner.tsx')).toEqual({
      path: '/tools/photo-combiner',
      guard: 'signedIn',
    });
  });

  it('leaves out layouts, the root and addresses with parameters', () => {
    expect(routeAddress('_app.tsx')).toBeNull();
    expect(routeAddress('__root.tsx')).toBeNull();
    expect(routeAddress('_app/projects/$projectId.tsx')).toBeNull();
  });
});

const chunk = (fileName: string, o: Partial<Rolldown.OutputChunk> & { css?: string[] } = {}) =>
  ({
    type: 'chunk',
    fileName,
    imports: [],
    isEntry: false,
    facadeModuleId: null,
    viteMetadata: { importedCss: new Set(o.css ?? []), importedAssets: new Set() },
    ...o,
  }) as unknown as Rolldown.OutputChunk;

const asset = (fileName: string) => ({ type: 'asset', fileName }) as unknown as Rolldown.OutputAsset;

function bundle(chunks: (Rolldown.OutputChunk | Rolldown.OutputAsset)[]): Rolldown.OutputBundle {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

const options = {
  sessionKey: 'sb-localhost-auth-token',
  restore: { key: 'drape.queryCache', module: /[\\/]src[\\/]lib[\\/]query-persistence\.ts$/ },
};

const built = bundle([
  chunk('assets/index.js', { isEntry: true, imports: ['assets/framework.js', 'assets/app.js'] }),
  chunk('assets/framework.js'),
  chunk('assets/app.js', { css: ['assets/app.css'] }),
  chunk('assets/first-en.js', { facadeModuleId: '/r/src/locales/en/first.po' }),
  chunk('assets/messages-en.js', { facadeModuleId: '/r/src/locales/en/messages.po' }),
  chunk('assets/first-el.js', { facadeModuleId: '/r/src/locales/el/first.po' }),
  chunk('assets/messages-el.js', { facadeModuleId: '/r/src/locales/el/messages.po' }),
  chunk('assets/_app.js', {
    facadeModuleId: '/r/src/routes/_app.tsx?tsr-split=component---loader',
    imports: ['assets/framework.js', 'assets/supabase.js'],
    css: ['assets/_app.css'],
  }),
  chunk('assets/supabase.js', { imports: ['assets/app.js'] }),
  chunk('assets/home.js', {
    facadeModuleId: '/r/src/routes/_app/home.tsx?tsr-split=component---loader',
    imports: ['assets/supabase.js'],
    css: ['assets/home.css'],
  }),
  chunk('assets/query-persistence.js', {
    facadeModuleId: '/r/src/lib/query-persistence.ts',
    imports: ['assets/app.js'],
  }),
  chunk('assets/login.js', {
    facadeModuleId: '/r/src/routes/_public/login.tsx?tsr-split=component---loader',
  }),
  chunk('assets/history.js', {
    facadeModuleId: '/r/src/routes/_app/history.tsx?tsr-split=component---loader',
  }),
  chunk('assets/guidelines.js', {
    facadeModuleId: '/r/src/routes/content-guidelines.tsx?tsr-split=component',
  }),
  asset('assets/inter-latin-400-normal-C38f.woff2'),
  asset('assets/inter-greek-600-normal-plRa.woff2'),
  asset('assets/inter-latin-300-normal-Xx1.woff2'),
  asset('assets/inter-latin-700-normal-Yt3a.woff2'),
  asset('assets/noto-serif-display-latin-600-normal-v6OK.woff2'),
  asset('assets/noto-serif-display-latin-400-normal-USF2.woff2'),
  asset('assets/inter-cyrillic-400-normal-Ab1.woff2'),
]);

describe('first-screen manifest', () => {
  const m = firstScreenManifest(built, options);
  const filesOf = (path: string) => m.routes[path].files.map((i) => m.files[i]).sort();

  it('lists a screen’s chunks with its layouts’ and their styles, leaving out what the entry loads', () => {
    expect(filesOf('/home')).toEqual([
      '/assets/_app.css',
      '/assets/_app.js',
      '/assets/home.css',
      '/assets/home.js',
      '/assets/supabase.js',
    ]);
    expect(filesOf('/login')).toEqual(['/assets/login.js']);
    expect(m.routes['/home'].guard).toBe('signedIn');
  });

  it('knows each language’s two catalogues', () => {
    expect(m.files[m.catalogues.en.first]).toBe('/assets/first-en.js');
    expect(m.files[m.catalogues.en.rest]).toBe('/assets/messages-en.js');
    expect(m.files[m.catalogues.el.first]).toBe('/assets/first-el.js');
    expect(m.files[m.catalogues.el.rest]).toBe('/assets/messages-el.js');
  });

  it('lists the first screens’ type faces by subset, not other weights or subsets', () => {
    const names = (is: number[]) => is.map((i) => m.files[i]);
    expect(names(m.fonts.latin)).toEqual([
      '/assets/inter-latin-400-normal-C38f.woff2',
      '/assets/noto-serif-display-latin-600-normal-v6OK.woff2',
    ]);
    expect(names(m.fonts.greek)).toEqual(['/assets/inter-greek-600-normal-plRa.woff2']);
  });

  it('marks the screens that wait for the whole catalogue: all but the sign-in screens', () => {
    expect(m.routes['/login'].allMessages).toBe(false);
    expect(m.routes['/home'].allMessages).toBe(true);
    expect(m.routes['/content-guidelines'].allMessages).toBe(true);
  });
});

describe('the first-screen script in index.html', () => {
  const m = firstScreenManifest(built, options);
  const preloaded = (url: string) => {
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
    document.head.innerHTML = '';
    new Function(firstScreenScript(m))();
    return [...document.head.querySelectorAll('link')].map(
      (l) =>
        `${l.rel}${l.as ? `:${l.as}` : ''}${l.as === 'style' && l.crossOrigin === '' ? ':cors' : ''} ${new URL(l.href).pathname}`,
    );
  };
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('asks for both catalogues and, with a session, the signed-in screen’s code and styles', () => {
    sessionStorage.setItem('sb-localhost-auth-token', '{}');
    expect(preloaded('http://localhost/home/').sort()).toEqual([
      'modulepreload /assets/_app.js',
      'modulepreload /assets/first-en.js',
      'modulepreload /assets/home.js',
      'modulepreload /assets/messages-en.js',
      'modulepreload /assets/supabase.js',
      'preload:style:cors /assets/_app.css',
      'preload:style:cors /assets/home.css',
    ]);
  });

  it('skips a screen its guard will redirect away from', () => {
    expect(preloaded('http://localhost/home')).toEqual(['modulepreload /assets/first-en.js']);
    // signed in, /login sends the visitor on to a screen behind sign-in: the whole catalogue
    localStorage.setItem('sb-localhost-auth-token', '{}');
    expect(preloaded('http://localhost/login')).toEqual([
      'modulepreload /assets/first-en.js',
      'modulepreload /assets/messages-en.js',
    ]);
  });

  it('asks for the whole catalogue for an open screen beyond the sign-in ones', () => {
    expect(preloaded('http://localhost/content-guidelines')).toEqual([
      'modulepreload /assets/first-en.js',
      'modulepreload /assets/guidelines.js',
      'modulepreload /assets/messages-en.js',
    ]);
  });

  it('takes the chosen language’s catalogue, English for an unknown one', () => {
    localStorage.setItem('language', 'el');
    expect(preloaded('http://localhost/login')).toEqual([
      'modulepreload /assets/first-el.js',
      'modulepreload /assets/login.js',
    ]);
    localStorage.setItem('language', 'xx');
    expect(preloaded('http://localhost/nowhere')).toEqual(['modulepreload /assets/first-en.js']);
  });

  it('takes Greek for a Greek browser before any choice; a choice wins', () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['el-GR', 'en-US']);
    try {
      expect(preloaded('http://localhost/nowhere')).toEqual(['modulepreload /assets/first-el.js']);
      localStorage.setItem('language', 'en');
      expect(preloaded('http://localhost/nowhere')).toEqual(['modulepreload /assets/first-en.js']);
    } finally {
      languages.mockRestore();
    }
  });

  it('asks for the type faces once the app has started, the Greek ones for Greek', async () => {
    announceAppStarted(); // what the scripts of earlier tests still wait for
    const fonts = async (url: string) => {
      const before = preloaded(url);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 5)));
      expect(document.head.querySelector('link[as="font"]')).toBeNull();
      announceAppStarted();
      const links = [...document.head.querySelectorAll('link[as="font"]')] as HTMLLinkElement[];
      expect(links.every((l) => l.crossOrigin === '' && l.type === 'font/woff2')).toBe(true);
      return { before, after: links.map((l) => new URL(l.href).pathname) };
    };
    document.documentElement.removeAttribute(WEB_FONTS_ATTRIBUTE);
    const en = await fonts('http://localhost/login');
    // a screen that is not judged by a picture draws with them from its first paint
    expect(document.documentElement.getAttribute(WEB_FONTS_ATTRIBUTE)).toBe('');
    expect(en.before.some((l) => l.includes('woff2'))).toBe(false);
    expect(en.after).toEqual([
      '/assets/inter-latin-400-normal-C38f.woff2',
      '/assets/noto-serif-display-latin-600-normal-v6OK.woff2',
    ]);
    localStorage.setItem('language', 'el');
    expect((await fonts('http://localhost/login')).after).toContain(
      '/assets/inter-greek-600-normal-plRa.woff2',
    );
  });

  it('asks for the module that restores the persisted cache when one is stored', () => {
    localStorage.setItem('drape.queryCache', '{}');
    expect(preloaded('http://localhost/login')).toEqual([
      'modulepreload /assets/first-en.js',
      'modulepreload /assets/login.js',
      'modulepreload /assets/query-persistence.js',
    ]);
  });
});

describe('the signed-in screens’ first reads, sent by the first-screen script', () => {
  const read = (path: string, extra: Partial<EarlyRead> = {}): EarlyRead => ({
    method: 'GET',
    path,
    headers: { 'accept-profile': 'public' },
    ...extra,
  });
  const m = firstScreenManifest(built, {
    ...options,
    api: {
      url: 'http://api.test/',
      anonKey: 'anon-key',
      signedIn: [read(`rest/v1/profiles?id=eq.${USER}`)],
      routes: { '/home': [read('rest/v1/rpc/stats', { method: 'POST', body: '{}' })] },
      thumbnail: null,
    },
  });
  const sent: { url: string; method: string; headers: Record<string, string>; body: unknown }[] = [];
  const realFetch = globalThis.fetch;
  const visit = (url: string) => {
    sent.length = 0;
    delete window.__drapeEarlyReads;
    globalThis.fetch = (async (input: string, init: RequestInit) => {
      sent.push({
        url: input,
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        body: init.body,
      });
      return new Response('[]');
    }) as typeof fetch;
    try {
      (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
      new Function(firstScreenScript(m))();
    } finally {
      globalThis.fetch = realFetch;
    }
  };
  const session = (expiresInS: number, user = '0a1b2c3d-0000-4000-8000-000000000001') =>
    JSON.stringify({
      access_token: 'token-1',
      expires_at: Math.floor(Date.now() / 1000) + expiresInS,
      user: { id: user },
    });
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('sends the shell’s and the screen’s reads with the stored session’s token, and leaves them for the app', () => {
    localStorage.setItem('sb-localhost-auth-token', session(3600));
    visit('http://localhost/home');
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET http://api.test/rest/v1/profiles?id=eq.0a1b2c3d-0000-4000-8000-000000000001',
      'POST http://api.test/rest/v1/rpc/stats',
    ]);
    expect(sent[1]?.body).toBe('{}');
    expect(sent[0]?.headers).toMatchObject({
      'accept-profile': 'public',
      apikey: 'anon-key',
      authorization: 'Bearer token-1',
    });
    expect(window.__drapeEarlyReads?.map((r) => r.url)).toEqual(sent.map((r) => r.url));
    // another screen behind sign-in: the shell's reads only
    visit('http://localhost/history');
    expect(sent.map((r) => r.url)).toEqual([
      'http://api.test/rest/v1/profiles?id=eq.0a1b2c3d-0000-4000-8000-000000000001',
    ]);
  });

  it('puts the predicted card thumbnail in a body that asks for it, and preloads the first picture', async () => {
    const withThumbnail = firstScreenManifest(built, {
      ...options,
      api: {
        url: 'http://api.test/',
        anonKey: 'anon-key',
        signedIn: [],
        routes: {
          '/home': [
            {
              method: 'POST',
              path: 'functions/v1/first',
              headers: {},
              body: `{"screen":${THUMBNAIL}}`,
              firstPicture: true,
            },
          ],
        },
        thumbnail: String((_css: number | null, width: number, dpr: number) => ({ width, dpr })),
      },
    });
    localStorage.setItem('sb-localhost-auth-token', session(3600));
    sent.length = 0;
    document.documentElement.removeAttribute(WEB_FONTS_ATTRIBUTE);
    announceAppStarted(); // what the scripts of earlier tests still wait for
    for (const link of document.head.querySelectorAll('link[as="font"]')) link.remove();
    globalThis.fetch = (async (input: string, init: RequestInit) => {
      sent.push({ url: input, method: init.method ?? 'GET', headers: {}, body: init.body });
      return Response.json({ pictures: [{ url: '/render/image/sign/generated/a.png?token=t' }] });
    }) as typeof fetch;
    try {
      (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
        'http://localhost/home',
      );
      new Function(firstScreenScript(withThumbnail))();
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(sent[0]?.body).toBe(
      `{"screen":${JSON.stringify({ width: window.innerWidth, dpr: window.devicePixelRatio || 1 })}}`,
    );
    await vi.waitFor(() =>
      expect(document.head.querySelector('link[rel="preload"][as="image"]')?.getAttribute('href')).toBe(
        'http://api.test/storage/v1/render/image/sign/generated/a.png?token=t',
      ),
    );
    // Such a screen draws with the system's type faces, and asks for none of the app's, until its
    // pictures have shown (the app then allows them: src/ui/web-fonts.ts).
    expect(document.documentElement.getAttribute(WEB_FONTS_ATTRIBUTE)).toBe('later');
    announceAppStarted();
    expect(document.head.querySelector('link[as="font"]')).toBeNull();
  });

  it('sends nothing for a session in sessionStorage that is about to be refreshed', () => {
    sessionStorage.setItem('sb-localhost-auth-token', session(60));
    visit('http://localhost/home');
    expect(sent).toEqual([]);
    sessionStorage.setItem('sb-localhost-auth-token', session(600));
    visit('http://localhost/home');
    expect(sent).toHaveLength(2);
    expect(window.__drapeEarlyReads).toHaveLength(2);
  });

  it('sends nothing when signed out, on a public screen, or with a session it cannot read', () => {
    visit('http://localhost/home');
    expect(sent).toEqual([]);
    localStorage.setItem('sb-localhost-auth-token', session(3600));
    visit('http://localhost/login');
    expect(sent).toEqual([]);
    localStorage.setItem('sb-localhost-auth-token', '{"access_token":"t"}');
    visit('http://localhost/home');
    expect(sent).toEqual([]);
    localStorage.setItem('sb-localhost-auth-token', session(3600, 'x&select=*'));
    visit('http://localhost/home');
    expect(sent).toEqual([]);
  });
});
