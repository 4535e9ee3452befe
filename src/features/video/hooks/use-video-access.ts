import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useSubscription } from '../../subscription/index.ts';
import { creditPricesQueryOptions, hasCreditsFor } from '../../tools/index.ts';
import { videoPlanQueryOptions } from '../api.ts';

/** What the seller's plan allows for video, what a video costs and whether they have it. */
export function useVideoAccess() {
  const client = useSupabase();
  const { data: subscription } = useSubscription();
  const plan = subscription?.plan;
  const facts = useQuery({ ...videoPlanQueryOptions(client, plan ?? 'free'), enabled: plan !== undefined });
  const { data: prices } = useQuery(creditPricesQueryOptions(client));
  const price = prices?.video;
  const remaining = subscription ? Number(subscription.credits_remaining) : undefined;
  return {
    plan,
    known: facts.data !== undefined,
    video: facts.data?.video === true,
    customStyle: facts.data?.custom_video_style === true,
    price,
    remaining,
    enoughCredits: hasCreditsFor(price, remaining),
  };
}
