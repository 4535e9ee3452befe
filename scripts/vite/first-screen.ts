// Build steps for the first screen over a slow link (see bench/app-first-screen.bench.ts).
//
// stylesheetsAfterSplash: Vite links the app's stylesheets in <head>, where they hold back the
// first paint until they arrive. After the static splash in <body> they hold back only what
// follows (the app, whose module script waits for them anyway), so the splash paints with the
// page.
//
// preloadFirstScreen: the app learns what its first screen needs only once its scripts have
// run: the language catalogues (src/lib/i18n.ts: the first screens' catalogue always, the rest
// for a screen behind sign-in) and the route's code (the router's lazy chunks), each a round
// trip late. The page itself knows the address, the language and
// whether a session is stored, so a small script in <head> asks for those files at once,
// alongside the app's scripts. It skips a route whose guard will redirect (routes/_app.tsx
// wants a session, routes/_public.tsx wants none). When a persisted query cache is stored,
// the module that restores it (loaded on demand, src/lib/query-persistence.ts) is asked for too,
// since the screen waits for the restore.
import type { Plugin, Rolldown } from 'vite';
import { APP_STARTED_EVENT } from '../../src/ui/app-started.ts';
import { FIRST_SCREEN_FACES, WEB_FONTS_ATTRIBUTE, WEB_FONTS_LATER } from '../../src/ui/web-fonts.ts';
import { type EarlyRead, THUMBNAIL, USER } from '../../src/lib/early-reads/reads.ts';
import { FIRST_SCREEN_ROOTS } from '../i18n/first-screen-files.ts';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

export const STYLESHEETS_MARKER =
  '<!-- app stylesheets: the build moves them here, so they do not hold back the splash -->';

export function stylesheetsAfterSplash(): Plugin {
  return {
    name: 'drape:stylesheets-after-splash',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const headEnd = html.indexOf('</head>');
        if (headEnd < 0 || !html.includes(STYLESHEETS_MARKER)) {
          throw new Error('index.html: the app stylesheets marker after the splash is missing');
        }
        const links: string[] = [];
        const head = html.slice(0, headEnd).replace(/\s*<link rel="stylesheet"[^>]*>/g, (tag) => {
          links.push(tag.trim());
          return '';
        });
        return head + html.slice(headEnd).replace(STYLESHEETS_MARKER, links.join('\n    '));
      },
    },
  };
}

export type RouteGuard = 'signedIn' | 'anonymous' | null;

export interface FirstScreenManifest {
  /** asset URLs, referred to by index below */
  files: string[];
  /** locale → its two catalogues: the first screens' messages and the rest */
  catalogues: Record<string, { first: number; rest: number }>;
  /** address → who may see it and the files (JS and CSS) its screen loads beyond the entry's,
   *  the rest of the catalogue included where its screen waits for it */
  routes: Record<string, { guard: RouteGuard; files: number[]; allMessages: boolean }>;
  /** where supabase-js keeps the session (localStorage or sessionStorage), if known */
  sessionKey: string | null;
  /** the localStorage key of a persisted cache, and the files that restore it */
  restore: { key: string; files: number[] } | null;
  /** the font files every first screen draws with, by unicode subset */
  fonts: { latin: number[]; greek: number[] };
  /** the signed-in screens' first reads, sent from the page (src/lib/early-reads/) */
  api: EarlyReadsManifest | null;
}

export interface EarlyReadsManifest {
  /** the Supabase URL, ending in / */
  url: string;
  anonKey: string;
  /** every screen behind sign-in */
  signedIn: EarlyRead[];
  /** a screen's own, by address */
  routes: Record<string, EarlyRead[]>;
  /** the source of cardThumbnails (src/features/projects/image-sources.ts), whose answer for
   *  this screen is a body's THUMBNAIL; null: reads that need it are not sent */
  thumbnail: string | null;
}

/** The files of the type faces the first screens lay out with (FIRST_SCREEN_FACES in
 *  src/ui/web-fonts.ts). Asked for together, they are there when the screen is first laid out:
 *  found by the screen's text, each arrived separately and the whole screen was laid out again,
 *  four to five times, 90–330 ms each on a phone (Chromium at 4× CPU). Inter's bold is not
 *  among them: only the pricing cards and the wizard's summary use it, and it loads when they
 *  show. */
const FIRST_SCREEN_FONT = new RegExp(
  `^assets/(?:${FIRST_SCREEN_FACES.map((f) => `${f.file}-(latin|greek)-${f.weight}`).join('|')})-normal-[\\w-]+\\.woff2$`,
);

/** Route files (relative to src/routes) whose screens need only the first screens' catalogue. */
const FIRST_SCREEN_ROUTES = new Set(
  FIRST_SCREEN_ROOTS.filter((f) => f.startsWith('src/routes/')).map((f) => f.slice('src/routes/'.length)),
);

export interface FirstScreenOptions {
  /** where supabase-js keeps the session */
  sessionKey: string | null;
  /** the persisted query cache: its localStorage key and the module that restores it */
  restore?: { key: string; module: RegExp };
  api?: EarlyReadsManifest | null;
}

/** The address a route file (relative to src/routes) serves and its guard; null for layouts,
 *  addresses with parameters and the root. */
export function routeAddress(file: string): { path: string; guard: RouteGuard } | null {
  const parts = file.replace(/\.tsx$/, '').split('/');
  if (parts.some((p) => p.startsWith('$') || p === '__root')) return null;
  const guard: RouteGuard = parts[0] === '_app' ? 'signedIn' : parts[0] === '_public' ? 'anonymous' : null;
  const segments = parts.filter((p) => !p.startsWith('_'));
  if (segments.length === 0) return null;
  if (segments[segments.length - 1] === 'index') segments.pop();
  return { path: `/${segments.join('/')}`, guard };
}

/** The layout route files above a route file: _app/tools/index.tsx → [_app.tsx, _app/tools.tsx]. */
function layoutsOf(file: string): string[] {
  const dirs = file.split('/').slice(0, -1);
  return dirs.map((_, i) => `${dirs.slice(0, i + 1).join('/')}.tsx`);
}

export function firstScreenManifest(bundle: OutputBundle, opts: FirstScreenOptions): FirstScreenManifest {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: OutputChunk[], into = new Set<string>()) => {
    const visit = (c: OutputChunk) => {
      if (into.has(c.fileName)) return;
      into.add(c.fileName);
      for (const css of c.viteMetadata?.importedCss ?? []) into.add(css);
      for (const name of c.imports) {
        const next = byName.get(name);
        if (next) visit(next);
      }
    };
    for (const c of start) visit(c);
    return into;
  };
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('no entry chunk');
  const initial = closure([entry]);

  const files: string[] = [];
  const indexOf = (name: string) => {
    const url = `/${name}`;
    const i = files.indexOf(url);
    return i >= 0 ? i : files.push(url) - 1;
  };

  const found: Record<string, { first?: number; rest?: number }> = {};
  const routeChunks = new Map<string, OutputChunk[]>();
  for (const c of chunks) {
    const po = c.facadeModuleId?.match(/[\\/]src[\\/]locales[\\/](\w+)[\\/](first|messages)\.po$/);
    if (po) found[po[1]] = { ...found[po[1]], [po[2] === 'first' ? 'first' : 'rest']: indexOf(c.fileName) };
    const route = c.facadeModuleId?.match(/[\\/]src[\\/]routes[\\/](.+\.tsx)\?tsr-split=/)?.[1];
    if (route) routeChunks.set(route.replaceAll('\\', '/'), [...(routeChunks.get(route) ?? []), c]);
  }
  const catalogues: FirstScreenManifest['catalogues'] = {};
  for (const [locale, { first, rest }] of Object.entries(found)) {
    if (first === undefined || rest === undefined)
      throw new Error(`the ${locale} catalogues were not both found`);
    catalogues[locale] = { first, rest };
  }
  if (!catalogues.en) throw new Error('the English catalogue chunks were not found');

  const routes: FirstScreenManifest['routes'] = {};
  for (const [file, own] of routeChunks) {
    const address = routeAddress(file);
    if (!address) continue;
    const chain = [...layoutsOf(file).flatMap((l) => routeChunks.get(l) ?? []), ...own];
    const needed = [...closure(chain)].filter((name) => !initial.has(name));
    routes[address.path] = {
      guard: address.guard,
      files: needed.map(indexOf),
      allMessages: !FIRST_SCREEN_ROUTES.has(file),
    };
  }
  let restore: FirstScreenManifest['restore'] = null;
  if (opts.restore) {
    const { key, module } = opts.restore;
    const chunk = chunks.find((c) => c.facadeModuleId && module.test(c.facadeModuleId));
    if (!chunk) throw new Error(`no chunk for ${module}`);
    restore = { key, files: [...closure([chunk])].filter((name) => !initial.has(name)).map(indexOf) };
  }
  const fonts: FirstScreenManifest['fonts'] = { latin: [], greek: [] };
  for (const name of Object.keys(bundle).sort()) {
    const font = name.match(FIRST_SCREEN_FONT);
    if (font) fonts[font.slice(1).find(Boolean) as 'latin' | 'greek'].push(indexOf(name));
  }
  return { files, catalogues, routes, sessionKey: opts.sessionKey, restore, fonts, api: opts.api ?? null };
}

/** The <head> script: link preloads for what this address, language and session will need. */
export function firstScreenScript(m: FirstScreenManifest): string {
  return `(() => {
  const m = ${JSON.stringify(m)};
  const cardThumbnails = ${m.api?.thumbnail ?? 'null'};
  let language = null;
  let stored = null;
  let restoring = false;
  try {
    language = localStorage.getItem('language');
    stored = m.sessionKey && (localStorage.getItem(m.sessionKey) || sessionStorage.getItem(m.sessionKey));
    restoring = !!m.restore && localStorage.getItem(m.restore.key) !== null;
  } catch {}
  // no choice yet: the browser's first preferred language the app speaks (browserLocale, src/lib/i18n.ts)
  if (!m.catalogues[language]) {
    language = 'en';
    for (const tag of navigator.languages || [navigator.language || '']) {
      const base = String(tag).trim().toLowerCase().split(/[-_]/)[0];
      if (base === 'en' || base === 'el') {
        language = base;
        break;
      }
    }
  }
  const signedIn = !!stored;
  const catalogue = m.catalogues[language] ?? m.catalogues.en;
  const wanted = [catalogue.first];
  const path = location.pathname.replace(/\\/+$/, '') || '/';
  const route = m.routes[path];
  const shown = route && (route.guard === null || (route.guard === 'signedIn') === signedIn);
  if (shown) wanted.push(...route.files);
  // a signed-in visitor ends on a screen behind sign-in, whatever the address
  if (signedIn || (shown && route.allMessages)) wanted.push(catalogue.rest);
  if (restoring) wanted.push(...m.restore.files);
  // A signed-in screen's first reads, sent now rather than once the app's scripts have arrived
  // and run: the app's requests take their answers (src/lib/early-reads/early-fetch.ts). Only
  // with a token that the app will not refresh first (auth-js refreshes within 90 s of expiry).
  const api = m.api;
  // a screen judged by a picture (/projects' first card) draws with the system's faces until it
  // has shown (src/ui/web-fonts.ts)
  let picturesFirst = false;
  // Not while the browser is offline: each would only fail, a console error apiece.
  if (api && shown && route.guard === 'signedIn' && navigator.onLine !== false) {
    try {
      const session = JSON.parse(stored);
      const user = session.user.id;
      if (/^[0-9a-f-]+$/i.test(user) && session.expires_at * 1000 - Date.now() > 120000) {
        const thumbnail = cardThumbnails && JSON.stringify(cardThumbnails(null, innerWidth, devicePixelRatio || 1));
        const reads = [...api.signedIn, ...(api.routes[path] || [])].filter(
          (read) => thumbnail || !(read.body || '').includes(${JSON.stringify(THUMBNAIL)}),
        );
        picturesFirst = !navigator.serviceWorker?.controller && reads.some((read) => read.firstPicture);
        window.__drapeEarlyReads = reads.map((read) => {
          // X-Client-Info as supabase-js sends it, so that the preflight allows its requests too
          const headers = { ...read.headers, apikey: api.anonKey, authorization: 'Bearer ' + session.access_token, 'x-client-info': 'drape-early-read' };
          const url = api.url + read.path.replaceAll(${JSON.stringify(USER)}, user);
          const body = read.body == null ? null : read.body.replace(${JSON.stringify(THUMBNAIL)}, thumbnail);
          const response = fetch(url, { method: read.method, headers, body });
          response.catch(() => {});
          // a HEAD answer's empty body is read, or Chromium cancels the request (src/lib/head-reads.ts)
          if (read.method === 'HEAD') response.then((r) => r.clone().arrayBuffer()).catch(() => {});
          // The first card's picture, signed with the list, is asked for as soon as the answer is
          // in, while the app's scripts still run (not where the worker has its own copies).
          if (read.firstPicture && !navigator.serviceWorker?.controller) {
            response
              .then((r) => (r.ok ? r.clone().json() : null))
              .then((answer) => {
                const first = answer && answer.pictures && answer.pictures[0];
                if (!first || typeof first.url !== 'string') return;
                const link = document.createElement('link');
                link.rel = 'preload';
                link.as = 'image';
                link.crossOrigin = 'anonymous';
                link.fetchPriority = 'high';
                link.href = api.url + 'storage/v1' + first.url;
                document.head.append(link);
              })
              .catch(() => {});
          }
          return { method: read.method, url, headers, body, response };
        });
      }
    } catch {}
  }
  for (const i of wanted) {
    const link = document.createElement('link');
    const href = m.files[i];
    if (href.endsWith('.css')) {
      // Vite links stylesheets with crossorigin (a CORS request); a preload without it is a
      // different request, so the browser would fetch the file twice
      link.rel = 'preload';
      link.as = 'style';
      link.crossOrigin = '';
    } else {
      link.rel = 'modulepreload';
    }
    link.href = href;
    document.head.append(link);
  }
  // The type faces, once the app's own scripts are in (the entry sends APP_STARTED_EVENT as it
  // starts): on a slow link they would otherwise share it with the scripts and hold them back,
  // while from then on the link is mostly idle (the page runs its scripts, asks for its data
  // and renders). Latin always, Greek for Greek. A page the service worker serves has them at
  // hand (it precaches them): asking there too made a repeat visit of /home later to be usable
  // (bench/app-first-screen, median of 3 at load 1.9–2.9: 1167 and 1190 ms against 950 and
  // 1002 ms).
  // Such a screen asks for them once its pictures have shown, and then allows them (src/main.tsx).
  const controlled = !!navigator.serviceWorker?.controller;
  document.documentElement.setAttribute(${JSON.stringify(WEB_FONTS_ATTRIBUTE)}, picturesFirst ? ${JSON.stringify(WEB_FONTS_LATER)} : '');
  const fonts = controlled || picturesFirst ? [] : [...m.fonts.latin, ...(language === 'el' ? m.fonts.greek : [])];
  addEventListener(${JSON.stringify(APP_STARTED_EVENT)}, () => {
    for (const i of fonts) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'font';
      link.type = 'font/woff2';
      link.crossOrigin = '';
      link.href = m.files[i];
      document.head.append(link);
    }
  }, { once: true });
})();`;
}

export function preloadFirstScreen(opts: {
  sessionKey: (env: Record<string, string>) => string | null;
  /** the backend: connected to while the scripts download, and the signed-in screens' first
   *  reads sent to it (a first screen's data comes from it) */
  api?: (env: Record<string, string>) => { url: string; anonKey: string } | null;
  reads?: { signedIn: EarlyRead[]; routes: Record<string, EarlyRead[]> };
  /** cardThumbnails (src/features/projects/image-sources.ts): self-contained, its source goes in */
  thumbnail?: (cssWidth: number | null, viewportWidth: number, dpr: number) => unknown;
  restore?: FirstScreenOptions['restore'];
}): Plugin {
  let sessionKey: string | null = null;
  let api: EarlyReadsManifest | null = null;
  return {
    name: 'drape:preload-first-screen',
    apply: 'build',
    configResolved(config) {
      sessionKey = opts.sessionKey(config.env);
      const backend = opts.api?.(config.env) ?? null;
      api = backend && {
        url: backend.url.endsWith('/') ? backend.url : `${backend.url}/`,
        anonKey: backend.anonKey,
        signedIn: opts.reads?.signedIn ?? [],
        routes: opts.reads?.routes ?? {},
        thumbnail: opts.thumbnail ? String(opts.thumbnail) : null,
      };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const script = firstScreenScript(
          firstScreenManifest(ctx.bundle, { sessionKey, restore: opts.restore, api }),
        );
        // supabase-js fetches without credentials: the anonymous (crossorigin) connection pool
        const preconnect = api
          ? [
              {
                tag: 'link',
                attrs: { rel: 'preconnect', href: new URL(api.url).origin, crossorigin: '' },
                injectTo: 'head' as const,
              },
            ]
          : [];
        return { html, tags: [...preconnect, { tag: 'script', children: script, injectTo: 'head' }] };
      },
    },
  };
}
