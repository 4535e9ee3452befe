export {
  AppDb,
  appDb,
  setAppDbForTests,
  type BatchDraftRow,
  type DraftRow,
  type OutboxRow,
  type PhotoRow,
  type SharedRow,
} from './app-db.ts';
export { askPersistentStorage } from './persist.ts';
export { DB_NAME } from './name.ts';
