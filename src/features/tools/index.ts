// The tools' light entry: what other features may use (prices of tool uses and of a video).
export { creditPricesQueryOptions, hasCreditsFor, priceKeys, type PricedItem } from './prices.ts';
export { TOOLS, isLocked, type ToolEntry } from './tool-list.ts';
