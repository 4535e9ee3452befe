// When the app draws with its own type faces (Inter, Noto Serif Display; src/ui/fonts.ts) rather
// than the system's. The faces are allowed by <html data-web-fonts="">; until then the theme's
// font stacks are the system's (web-fonts.css.ts).
//
// Most screens allow them at once: index.html's first-screen script sets the attribute before the
// first paint and asks for the faces as the app's scripts arrive (scripts/vite/first-screen.ts);
// without that script (the dev server) the app sets it as it starts.
// A screen whose first paint is a picture (/projects' first card) does not: on a phone's slow
// link the four faces (~90 KB) would come before the picture the screen is judged by. There the
// script writes data-web-fonts="later": the system's faces draw the first screen, and the app
// asks for its own once the first pictures have
// shown (lib/first-pictures.ts). It switches to them with the next screen, which is laid out anew
// anyway: switching as they arrive laid the whole list out again (71 ms unthrottled, ~140 ms of a
// phone's main thread) and moved its words under the seller's eyes. (A screen is only in this
// state when signed in without the service worker in control, rare after the first visit.)
export const WEB_FONTS_ATTRIBUTE = 'data-web-fonts';

/** The faces the first screens draw with: Inter's regular, medium and semibold and the display
 *  serif's semibold. `file` is how @fontsource names their files: scripts/vite/first-screen.ts
 *  preloads these. */
export const FIRST_SCREEN_FACES = [
  { family: 'Inter', file: 'inter', weight: 400 },
  { family: 'Inter', file: 'inter', weight: 500 },
  { family: 'Inter', file: 'inter', weight: 600 },
  { family: 'Noto Serif Display', file: 'noto-serif-display', weight: 600 },
] as const;

/** The attribute's value while the first-screen script holds the faces back. */
export const WEB_FONTS_LATER = 'later';

export function webFontsAllowed(root: Element = document.documentElement): boolean {
  return root.getAttribute(WEB_FONTS_ATTRIBUTE) === '';
}

/** As the app starts: the faces at once, unless the first-screen script held them back. */
export function allowWebFontsUnlessHeld(root: Element = document.documentElement) {
  if (!root.hasAttribute(WEB_FONTS_ATTRIBUTE)) root.setAttribute(WEB_FONTS_ATTRIBUTE, '');
}

/** Loads the first screens' faces (Latin, and Greek for a Greek screen), then lets the theme use
 *  them once `switchWhen` has settled too. A face that fails to load is no reason to wait: the
 *  stacks fall back per letter. */
export async function allowWebFonts(
  language: string,
  {
    switchWhen = Promise.resolve(),
    fonts = document.fonts,
    root = document.documentElement,
  }: { switchWhen?: Promise<unknown>; fonts?: Pick<FontFaceSet, 'load'>; root?: Element } = {},
): Promise<void> {
  if (webFontsAllowed(root)) return;
  const sample = language === 'el' ? 'Aa Αα' : 'Aa';
  await Promise.allSettled([
    ...FIRST_SCREEN_FACES.map(({ family, weight }) => fonts.load(`${weight} 1em "${family}"`, sample)),
    switchWhen,
  ]);
  root.setAttribute(WEB_FONTS_ATTRIBUTE, '');
}

/** Settles as the next screen is about to be put on the page, or as this page is hidden. */
export function nextScreen(router: {
  subscribe(event: 'onBeforeRouteMount', fn: () => void): () => void;
}): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe('onBeforeRouteMount', done);
    const onHidden = () => document.visibilityState === 'hidden' && done();
    document.addEventListener('visibilitychange', onHidden);
    function done() {
      unsubscribe();
      document.removeEventListener('visibilitychange', onHidden);
      resolve();
    }
  });
}
