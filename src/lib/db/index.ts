export {
  AppDb,
  appDb,
  setAppDbForTests,
  DB_NAME,
  type DraftRow,
  type OutboxRow,
  type PhotoRow,
  type SharedRow,
} from './app-db.ts';
export { askPersistentStorage } from './persist.ts';
