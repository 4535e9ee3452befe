/** The app's IndexedDB database (its own file, so a check for it does not load Dexie). */
export const DB_NAME = 'drape';
