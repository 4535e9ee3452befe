// Names the server gives what a seller left unnamed, in the language the seller used then
// (private.untitled_base: 'Untitled Project' / 'Έργο χωρίς τίτλο', numbered; start_batch:
// 'Batch <date>' / 'Παρτίδα <date>'). They mean "no name", so a screen shows them in its own
// language: rows named before the server knew the seller's language, or in the other one,
// would otherwise show English on a Greek screen. Names a seller chose show as they are.
import { currentLocale, DEFAULT_LOCALE, isLocale, type Locale } from './i18n.ts';

const asLocale = (locale: string): Locale => (isLocale(locale) ? locale : DEFAULT_LOCALE);

const UNTITLED: Record<Locale, string> = { en: 'Untitled Project', el: 'Έργο χωρίς τίτλο' };
const BATCH: Record<Locale, string> = { en: 'Batch', el: 'Παρτίδα' };

const untitled = /^(?:Untitled Project|Έργο χωρίς τίτλο)(\s*[0-9]{1,18})?$/u;
const batch = /^(?:Batch|Παρτίδα) ([0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2})$/u;

/** A project's name as this screen shows it: a default name in the screen's language. */
export function shownProjectName(name: string, locale: string = currentLocale()): string {
  const m = untitled.exec(name);
  return m ? `${UNTITLED[asLocale(locale)]}${m[1] ?? ''}` : name;
}

/** A batch's name as this screen shows it: a default name in the screen's language. */
export function shownBatchName(name: string, locale: string = currentLocale()): string {
  const m = batch.exec(name);
  return m ? `${BATCH[asLocale(locale)]} ${m[1]}` : name;
}
