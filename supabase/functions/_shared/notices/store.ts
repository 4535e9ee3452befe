// The outbound-notice queue through the SQL functions claim_outbound_notices and
// report_outbound_notice (service role).
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import type { DueNotice, NoticeStore } from './deliver.ts';

export function sqlNoticeStore(service: SupabaseClient): NoticeStore {
  return {
    async claim(max) {
      const { data, error } = await service.rpc('claim_outbound_notices', {
        max_notices: max,
        lease_seconds: 60,
      });
      if (error) throw new Error(`claim_outbound_notices: ${error.message}`);
      return (data ?? []) as DueNotice[];
    },
    async report(id, delivered, err) {
      const { error } = await service.rpc('report_outbound_notice', { notice_id: id, delivered, error: err });
      if (error) throw new Error(`report_outbound_notice: ${error.message}`);
    },
  };
}
