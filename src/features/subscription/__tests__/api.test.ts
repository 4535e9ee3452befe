import { describe, expect, it } from 'vitest';
import type { AppSupabaseClient } from '../../../lib/supabase.ts';
import { fetchPlans } from '../api.ts';

/** A client whose plans read answers `answer` (what PostgREST would send). */
function plansClient(answer: { data: unknown; error: unknown }) {
  const calls: string[] = [];
  const client = {
    from: (table: string) => {
      calls.push(`from ${table}`);
      return {
        select: (columns: string) => {
          calls.push(`select ${columns}`);
          return {
            order: async (column: string) => {
              calls.push(`order ${column}`);
              return answer;
            },
          };
        },
      };
    },
  };
  return { client: client as unknown as AppSupabaseClient, calls };
}

describe('fetchPlans', () => {
  it('reads the facts from public.plans in rank order, numeric columns as numbers', async () => {
    const { client, calls } = plansClient({
      data: [
        {
          id: 'free',
          monthly_credits: 2,
          price_eur: 0,
          low_credit_alerts: false,
          low_credit_threshold: 3,
          video: false,
          custom_model: false,
          custom_background: false,
        },
        {
          id: 'advanced',
          monthly_credits: '30.00',
          price_eur: '60.00',
          low_credit_alerts: true,
          low_credit_threshold: '2.5',
          video: true,
          custom_model: true,
          custom_background: true,
        },
      ],
      error: null,
    });
    expect(await fetchPlans(client)).toEqual([
      {
        id: 'free',
        monthly_credits: 2,
        price_eur: 0,
        low_credit_alerts: false,
        low_credit_threshold: 3,
        video: false,
        custom_model: false,
        custom_background: false,
      },
      {
        id: 'advanced',
        monthly_credits: 30,
        price_eur: 60,
        low_credit_alerts: true,
        low_credit_threshold: 2.5,
        video: true,
        custom_model: true,
        custom_background: true,
      },
    ]);
    expect(calls).toEqual([
      'from plans',
      'select id, monthly_credits, price_eur, low_credit_alerts, low_credit_threshold, video, custom_model, custom_background, watermark_free_download',
      'order rank',
    ]);
  });

  it('leaves out a plan this version of the app does not know', async () => {
    const { client } = plansClient({
      data: [
        {
          id: 'enterprise',
          monthly_credits: 500,
          price_eur: 900,
          low_credit_alerts: true,
          low_credit_threshold: 3,
          video: true,
        },
      ],
      error: null,
    });
    expect(await fetchPlans(client)).toEqual([]);
  });

  it('surfaces an error', async () => {
    const { client } = plansClient({ data: null, error: { message: 'boom', code: 'PGRST000' } });
    await expect(fetchPlans(client)).rejects.toMatchObject({ message: 'boom' });
  });
});
