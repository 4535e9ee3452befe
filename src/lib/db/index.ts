export {
  AppDb,
  appDb,
  setAppDbForTests,
  DB_NAME,
  type DraftRow,
  type OutboxRow,
  type PhotoRow,
} from './app-db.ts';
