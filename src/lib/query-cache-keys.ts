// The persisted query cache's name and age, apart from the query client so the build
// (vite.config.ts) can read them without loading the app's modules.
const DAY = 24 * 60 * 60 * 1000;

/** How long the last known server state is kept (in memory and in localStorage). */
export const QUERY_CACHE_MAX_AGE = DAY;
/** Where ./query-persistence.ts keeps it. */
export const PERSISTED_QUERIES_KEY = 'drape.queryCache';
