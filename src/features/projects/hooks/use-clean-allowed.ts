import { usePlanFacts, useSubscription } from '../../subscription/index.ts';

/**
 * Whether the seller's plan shows and downloads images without the watermark (public.plans
 * watermark_free_download); undefined while not known. Storage enforces it either way.
 */
export function useCleanAllowed(): boolean | undefined {
  const subscription = useSubscription();
  const facts = usePlanFacts(subscription.data?.plan);
  const value = facts.data?.watermark_free_download;
  return typeof value === 'boolean' ? value : undefined;
}
