import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { manifest } from './src/lib/pwa-manifest.ts';

const STYLESHEETS_MARKER =
  '<!-- app stylesheets: the build moves them here, so they do not hold back the splash -->';

/** Vite links the app's stylesheets in <head>, where they hold back the first paint until
 *  they arrive. Placed after the static splash in <body>, they hold back only what follows
 *  (the app, whose module script waits for them anyway), and the splash paints with the page. */
function stylesheetsAfterSplash(): Plugin {
  return {
    name: 'drape:stylesheets-after-splash',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const headEnd = html.indexOf('</head>');
        if (headEnd < 0 || !html.includes(STYLESHEETS_MARKER))
          throw new Error('index.html: the app stylesheets marker after the splash is missing');
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

export default defineConfig({
  plugins: [
    stylesheetsAfterSplash(),
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    vanillaExtractPlugin(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      workbox: {
        // The catalogue's card-size pictures (~0.4 MB) are precached so the create wizard works
        // offline from the first visit; larger sizes and clips are cached as they are seen.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}', 'catalogue/**/*.w480.webp'],
        // Latin and Greek fonts are precached; other scripts load on demand.
        globIgnores: ['**/*cyrillic*', '**/*vietnamese*', '**/*-ext-*'],
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.endsWith('.woff2'),
            handler: 'CacheFirst',
            options: { cacheName: 'fonts', expiration: { maxEntries: 40 } },
          },
          {
            // served from the cache at once, refreshed in the background (catalogue:import
            // replaces files under the same names)
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/catalogue/') && url.pathname.endsWith('.webp'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'catalogue-images', expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 30 } },
          },
          {
            // clips: <video> asks for byte ranges, answered from the cached file once it is there
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/catalogue/') && url.pathname.endsWith('.webm'),
            handler: 'CacheFirst',
            options: { cacheName: 'catalogue-clips', rangeRequests: true, cacheableResponse: { statuses: [200] }, expiration: { maxEntries: 30 } },
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
  },
});
