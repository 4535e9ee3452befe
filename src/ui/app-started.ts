// index.html's first-screen script asks for the type faces once the app's scripts are in
// (scripts/vite/first-screen.ts): this is how the app tells it. Modules run only once every
// module they import statically has arrived, so sending it as the entry starts is that moment.
export const APP_STARTED_EVENT = 'drape:app-started';

export function announceAppStarted() {
  dispatchEvent(new Event(APP_STARTED_EVENT));
}
