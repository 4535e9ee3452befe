/** /history's tabs (?tab=activity | purchases). */
export const HISTORY_TABS = ['activity', 'purchases'] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number];
