import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { plansQueryOptions } from '../api.ts';
import type { Plan, PlanFacts } from '../plan.ts';

/** Every plan's facts (public.plans), in display order. */
export function usePlans() {
  return useQuery(plansQueryOptions(useSupabase()));
}

/** One plan's facts — the user's, usually; null when the server has no such plan. */
export function usePlanFacts(plan: Plan | undefined) {
  const select = useCallback((plans: PlanFacts[]) => plans.find((p) => p.id === plan) ?? null, [plan]);
  return useQuery({ ...plansQueryOptions(useSupabase()), select, enabled: plan !== undefined });
}
