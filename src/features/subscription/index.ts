// The subscription's data and facts. Its header widgets are in ./components.ts.
export { useSubscription, useSubscriptionLive } from './hooks/use-subscription.ts';
export { usePlanFacts, usePlans } from './hooks/use-plans.ts';
export { planKeys, plansQueryOptions, subscriptionKeys, subscriptionQueryOptions } from './api.ts';
export {
  creditsSummary,
  canCancel,
  canCreateVideo,
  showsUpgrade,
  planName,
  watermarkFree,
  normalisePlan,
  type Plan,
  type PlanFacts,
  type Subscription,
} from './plan.ts';
export { planBadge, planTitle } from './plan-labels.ts';
