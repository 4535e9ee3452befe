// Paying: pricing (plans, credit packs, downgrades, enterprise), the return from checkout, and
// the history. Pages are in ./pages.ts.
export { billingKeys, creditQuoteQueryOptions, historyQueryOptions } from './api.ts';
export { HISTORY_TABS, type HistoryTab } from './history-tabs.ts';
// the history's rows and words, for the operator console's view of a seller's history
export {
  activityItems,
  type ActivityItem,
  type FixRow,
  type LedgerRow,
  type LogRow,
  type ProjectRow,
  purchaseItems,
  type PurchaseItem,
} from './history-items.ts';
export {
  activityAction,
  activityDetails,
  creditsText,
  purchaseAction,
  purchaseDetails,
  statusText,
} from './history-text.ts';
