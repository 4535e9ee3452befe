export { AppShell } from './components/app-shell.tsx';
export { Splash } from './components/splash.tsx';
export { NotFoundPage } from './components/not-found-page.tsx';
export { RouteError } from './components/route-error.tsx';
export { ComingSoonPage } from './components/coming-soon-page.tsx';
export { Placeholder } from './components/placeholder.tsx';
