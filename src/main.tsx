import './lib/initial-url.ts';
import './ui/fonts.ts';
import './ui/global.css.ts';
import './ui/web-fonts.css.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { supabaseAuth } from './lib/supabase-auth.ts';
import { createQueryClient } from './lib/query-client.ts';
import { whenIdle } from './lib/when-idle.ts';
import { afterFirstPictures } from './lib/first-pictures.ts';
import { activateLocale, currentLocale, loadAllMessages, storedLocale } from './lib/i18n.ts';
import { createAuthStore } from './features/auth/auth-store.ts';
import { createAppRouter } from './router.tsx';
import { App } from './app.tsx';
import { registerServiceWorker } from './features/pwa/index.ts';
import { endSplashWhenReady, firstScreenMounted } from './features/shell/root.ts';
import { announceAppStarted } from './ui/app-started.ts';
import { allowWebFonts, allowWebFontsUnlessHeld, nextScreen, webFontsAllowed } from './ui/web-fonts.ts';
import { yieldToMain } from './lib/yield-to-main.ts';

// Starting is done in steps, each a task of its own, so that a phone's main thread is never held
// for long (evaluating the scripts, then the fonts' requests, then the router, then the
// language, then the first render in slices).
await yieldToMain();
// the first screen's faces are asked for now (index.html), once the scripts no longer need the link
announceAppStarted();
allowWebFontsUnlessHeld();
await yieldToMain();

const queryClient = createQueryClient();
const auth = createAuthStore(supabaseAuth);
const router = createAppRouter({ auth, queryClient });

// The splash in index.html stays until the first screen (after any redirect) has rendered.
const firstScreenRendered = Promise.all([
  new Promise<void>((resolve) => {
    const unsubscribe = router.subscribe('onRendered', () => {
      unsubscribe();
      resolve();
    });
  }),
  firstScreenMounted,
]);
void endSplashWhenReady(firstScreenRendered);

// What the first screen did not need comes after it: the database/realtime/storage client
// (the signed-in screens' chunks import it too; this only fetches it sooner), the rest of the
// language's messages, and once the screen's first pictures have shown, the app's type faces
// where the screen drew without them (ui/web-fonts.ts), then the service worker (its precache
// would share a phone's link with them: lib/first-pictures.ts).
void firstScreenRendered.then(() =>
  whenIdle(() => {
    void import('./lib/supabase.ts');
    void loadAllMessages();
    afterFirstPictures(() =>
      whenIdle(() => {
        if (!webFontsAllowed()) void allowWebFonts(currentLocale(), { switchWhen: nextScreen(router) });
        void registerServiceWorker();
      }),
    );
  }),
);

await yieldToMain();
await activateLocale(storedLocale(), false);

// The first render as a transition: React works in slices of a few milliseconds and lets the
// browser in between, instead of one long task that holds a phone's main thread.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App router={router} queryClient={queryClient} auth={auth} />
    </StrictMode>,
  );
});
