import { createFileRoute } from '@tanstack/react-router';
import { supabase } from '../../lib/supabase.ts';
import { PricingPage } from '../../features/billing/pages.ts';
import { plansQueryOptions, subscriptionQueryOptions } from '../../features/subscription/index.ts';

export const Route = createFileRoute('/_app/pricing')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(subscriptionQueryOptions(supabase, context.user.id));
    void context.queryClient.prefetchQuery(plansQueryOptions(supabase));
  },
  component: PricingPage,
});
