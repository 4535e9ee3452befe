import type { Plan, PlanFacts } from '../plan.ts';

/** The facts of a plan as public.plans holds them (reference data migration); override any. */
export function buildPlanFacts(id: Plan = 'lite', overrides: Partial<PlanFacts> = {}): PlanFacts {
  const paid = id !== 'free';
  return {
    id,
    monthly_credits: { free: 2, lite: 20, pro: 25, advanced: 30 }[id],
    price_eur: { free: 0, lite: 40, pro: 50, advanced: 60 }[id],
    low_credit_alerts: paid,
    low_credit_threshold: 3,
    video: id === 'advanced',
    custom_model: id === 'advanced',
    custom_background: id === 'advanced',
    watermark_free_download: paid,
    ...overrides,
  };
}
