// The subscription's data and facts. Its header widgets are in ./components.ts.
export { useSubscription, useSubscriptionLive } from './hooks/use-subscription.ts';
export { subscriptionKeys, subscriptionQueryOptions } from './api.ts';
export { creditsSummary, canCancel, canCreateVideo, showsUpgrade, planName, MONTHLY_CREDITS, MONTHLY_PRICE_EUR, type Subscription } from './plan.ts';
export { planBadge, planTitle } from './plan-labels.ts';
