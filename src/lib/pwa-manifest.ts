// The web app manifest, kept beside the app so the theme colour matches the design tokens.
import type { ManifestOptions } from 'vite-plugin-pwa';
import { SHARE_FIELD, SHARE_TARGET_PATH } from './share-target-paths.ts';

export const THEME_COLOR = '#1f1b16';
export const BACKGROUND_COLOR = '#faf8f5';

export const manifest: Partial<ManifestOptions> = {
  // the app's identity for the browser: stays the same if start_url ever changes
  id: '/',
  name: 'Drape — fashion imagery for sellers',
  short_name: 'Drape',
  description: 'Turn product photos into on-model and flat-lay images.',
  lang: 'en',
  start_url: '/home',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  categories: ['business', 'productivity', 'photo'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  // the install dialog's pictures of the app (remade by scripts/pwa-screenshots.ts)
  screenshots: [
    {
      src: '/screenshots/home-narrow.webp',
      sizes: '390x844',
      type: 'image/webp',
      form_factor: 'narrow',
      label: 'Home: credits, projects and recent activity at a glance',
    },
    {
      src: '/screenshots/project-narrow.webp',
      sizes: '390x844',
      type: 'image/webp',
      form_factor: 'narrow',
      label: 'A finished on-model shoot, ready to download',
    },
    {
      src: '/screenshots/home-wide.webp',
      sizes: '1440x900',
      type: 'image/webp',
      form_factor: 'wide',
      label: 'Home: credits, projects and recent activity at a glance',
    },
    {
      src: '/screenshots/project-wide.webp',
      sizes: '1440x900',
      type: 'image/webp',
      form_factor: 'wide',
      label: 'A finished on-model shoot beside the original product photo',
    },
  ],
  // Drape in the phone's share sheet for photos: the service worker keeps them (src/sw/share-target.ts)
  share_target: {
    action: SHARE_TARGET_PATH,
    method: 'POST',
    enctype: 'multipart/form-data',
    params: {
      files: [{ name: SHARE_FIELD, accept: ['image/*', '.jpg', '.jpeg', '.png', '.webp', '.heic', '.heif'] }],
    },
  },
  // the installed icon's long-press menu
  shortcuts: [
    {
      name: 'New on-model shoot',
      short_name: 'On-model',
      url: '/onmodel/upload',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'New flat-lay shoot',
      short_name: 'Flat-lay',
      url: '/flatlay/upload',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'New mannequin shoot',
      short_name: 'Mannequin',
      url: '/mannequin/upload',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'Projects',
      url: '/projects',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
  ],
};
