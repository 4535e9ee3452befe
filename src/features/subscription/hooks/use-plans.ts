import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { plansQueryOptions } from '../api.ts';
import type { Plan, PlanFacts } from '../plan.ts';

/** Every plan's facts (public.plans), in display order. */
export function usePlans() {
  return useQuery(plansQueryOptions(supabase));
}

/** One plan's facts — the user's, usually; null when the server has no such plan. */
export function usePlanFacts(plan: Plan | undefined) {
  const select = useCallback((plans: PlanFacts[]) => plans.find((p) => p.id === plan) ?? null, [plan]);
  return useQuery({ ...plansQueryOptions(supabase), select, enabled: plan !== undefined });
}
