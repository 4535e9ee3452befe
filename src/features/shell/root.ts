// What the root route and the router need from the shell, without the signed-in frame.
export { NotFoundPage } from './components/not-found-page.tsx';
export { RouteError } from './components/route-error.tsx';
export { endSplashWhenReady } from './components/splash.ts';
export { FirstScreenGate, firstScreenMounted } from './components/first-screen-gate.tsx';
