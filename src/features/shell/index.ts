export { AppShell } from './components/app-shell.tsx';
export { ComingSoonPage } from './components/coming-soon-page.tsx';
export { prefetchShellData } from './shell-data.ts';
