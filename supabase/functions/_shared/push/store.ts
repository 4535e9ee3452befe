// The push queue through the SQL functions claim_push_deliveries and report_push_delivery
// (service role).
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import type { DuePush, PushStore } from './deliver.ts';

export function sqlPushStore(service: SupabaseClient): PushStore {
  return {
    async claim(max) {
      const { data, error } = await service.rpc('claim_push_deliveries', {
        max_pushes: max,
        lease_seconds: 60,
      });
      if (error) throw new Error(`claim_push_deliveries: ${error.message}`);
      return (data ?? []) as DuePush[];
    },
    async report(id, outcome, err) {
      const { error } = await service.rpc('report_push_delivery', { delivery_id: id, outcome, error: err });
      if (error) throw new Error(`report_push_delivery: ${error.message}`);
    },
  };
}
