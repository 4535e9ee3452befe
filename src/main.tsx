import './lib/initial-url.ts';
import './ui/fonts.ts';
import './ui/global.css.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { supabase } from './lib/supabase.ts';
import { createQueryClient } from './lib/query-client.ts';
import { activateLocale, storedLocale } from './lib/i18n.ts';
import { createAuthStore } from './features/auth/auth-store.ts';
import { createAppRouter } from './router.tsx';
import { App } from './app.tsx';
import { registerServiceWorker } from './features/pwa/index.ts';
import { endSplashWhenReady } from './features/shell/root.ts';

const queryClient = createQueryClient();
const auth = createAuthStore(supabase);
const router = createAppRouter({ auth, queryClient });

// The splash in index.html stays until the first screen (after any redirect) has rendered.
const firstScreenRendered = new Promise<void>((resolve) => {
  const unsubscribe = router.subscribe('onRendered', () => {
    unsubscribe();
    resolve();
  });
});
void endSplashWhenReady(firstScreenRendered);

await activateLocale(storedLocale(), false);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} auth={auth} />
  </StrictMode>,
);

registerServiceWorker();
