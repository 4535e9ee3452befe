import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { manifest } from './src/lib/pwa-manifest.ts';
import { authStorageKey } from './src/lib/auth-storage-key.ts';
import { PERSISTED_QUERIES_KEY } from './src/lib/query-cache-keys.ts';
import { EARLY_READS } from './src/lib/early-reads/reads.ts';
import { cardThumbnails } from './src/features/projects/image-sources.ts';
import { preloadFirstScreen, stylesheetsAfterSplash } from './scripts/vite/first-screen.ts';
import { reexportsWithoutSideEffects } from './scripts/vite/reexports.ts';
import { linguiMacro } from './scripts/vite/lingui-macro.ts';
import { serviceWorkerAddon } from './scripts/vite/service-worker-addon.ts';
import { signedInShellChunk } from './scripts/vite/shell-chunk.ts';
import { compileHints } from './scripts/vite/compile-hints.ts';
import { enhancerModels } from './scripts/vite/enhancer-models.ts';

const SERVICE_WORKER_ADDON = 'sw-addon.js';
const shellChunk = signedInShellChunk();
// What every first screen runs comes in two files instead of dozens: fewer round trips on a
// slow link, and one gzip stream compresses better than many small ones. `$initial` keeps code
// that only later screens use (zod, the database client, most of React Query's hooks) out of
// them. With the signed-in shell's file, these are the files run whole as the app starts.
const startUpChunks = [
  {
    name: 'framework',
    test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|@lingui|use-sync-external-store)[\\/]/,
    tags: ['$initial' as const],
  },
  { name: 'app', test: /[\\/]src[\\/]/, tags: ['$initial' as const] },
  shellChunk.group,
];

export default defineConfig({
  plugins: [
    stylesheetsAfterSplash(),
    preloadFirstScreen({
      sessionKey: (env) => (env.VITE_SUPABASE_URL ? authStorageKey(env.VITE_SUPABASE_URL) : null),
      api: (env) =>
        env.VITE_SUPABASE_URL && env.VITE_SUPABASE_ANON_KEY
          ? { url: env.VITE_SUPABASE_URL, anonKey: env.VITE_SUPABASE_ANON_KEY }
          : null,
      reads: EARLY_READS,
      thumbnail: cardThumbnails,
      restore: { key: PERSISTED_QUERIES_KEY, module: /[\\/]src[\\/]lib[\\/]query-persistence\.ts$/ },
    }),
    reexportsWithoutSideEffects(),
    shellChunk.plugin,
    compileHints(startUpChunks.map((group) => group.name)),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader travels with its component: what it imports (the database client,
      // query options) is fetched with the screen that needs it, not with the first screen.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    linguiMacro(),
    lingui(),
    vanillaExtractPlugin(),
    // the Image Enhancer's model files (@upscalerjs/esrgan-slim), served as /models/esrgan-slim/…
    enhancerModels(),
    // the share target (and what else the generated service worker cannot say), src/sw/
    serviceWorkerAddon({ entry: 'src/sw/index.ts', fileName: SERVICE_WORKER_ADDON }),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      workbox: {
        importScripts: [`/${SERVICE_WORKER_ADDON}`],
        // The catalogue's two card sizes (480 px ~0.4 MB, 768 px for 3x phone screens ~0.7 MB)
        // are precached so the create wizard's cards work offline from the first visit on any
        // screen (docs/catalogue.md states the budget); full sizes and clips are cached as seen.
        globPatterns: [
          '**/*.{js,css,html,svg,png,woff2,webmanifest}',
          'catalogue/**/*.w480.webp',
          'catalogue/**/*.w768.webp',
        ],
        // Latin and Greek fonts are precached; other scripts load on demand. The HEIC worker
        // (libheif, ~2 MB) loads only when an iPhone photo is chosen, and is cached then; so do
        // the Image Enhancer's worker (TensorFlow.js) and model, when a seller opens it.
        globIgnores: [
          '**/*cyrillic*',
          '**/*vietnamese*',
          '**/*-ext-*',
          '**/heic-worker-*.js',
          '**/enhance-worker-*.js',
          'models/**',
        ],
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.endsWith('.woff2'),
            handler: 'CacheFirst',
            options: { cacheName: 'fonts', expiration: { maxEntries: 40 } },
          },
          {
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && /\/assets\/heic-worker-[^/]+\.js$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'heic-worker', expiration: { maxEntries: 2 } },
          },
          {
            // the enhancer works offline once opened: its worker (hashed name) and its model
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && /\/assets\/enhance-worker-[^/]+\.js$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'enhancer-worker', expiration: { maxEntries: 2 } },
          },
          {
            // model files keep their names across versions: served from the cache, checked behind
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/models/'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'enhancer-model', expiration: { maxEntries: 8 } },
          },
          {
            // served from the cache at once, refreshed in the background (catalogue:import
            // replaces files under the same names)
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && url.pathname.startsWith('/catalogue/') && url.pathname.endsWith('.webp'),
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'catalogue-images',
              expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 30 },
            },
          },
          {
            // clips: <video> asks for byte ranges, answered from the cached file once it is there
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && url.pathname.startsWith('/catalogue/') && url.pathname.endsWith('.webm'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'catalogue-clips',
              rangeRequests: true,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 30 },
            },
          },
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/(auth|rest|realtime|storage|functions|_dev)\//],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: startUpChunks },
      },
    },
  },
});
