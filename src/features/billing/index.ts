// Paying: pricing (plans, credit packs, downgrades, enterprise), the return from checkout, and
// the history. Pages are in ./pages.ts.
export { billingKeys, creditQuoteQueryOptions, historyQueryOptions } from './api.ts';
export { HISTORY_TABS, type HistoryTab } from './history-tabs.ts';
