// The cleanup queue through its SQL functions and objects through Storage, with the service
// role (it removes objects in buckets the owner cannot write: generated, watermarked, videos).
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import type { CleanupItem, CleanupQueue, ObjectStorage } from './drain.ts';

export function sqlCleanupQueue(service: SupabaseClient): CleanupQueue {
  return {
    async claim(max, onlyUser) {
      const { data, error } = await service.rpc('claim_storage_cleanup', {
        max_items: max,
        only_user: onlyUser,
      });
      if (error) throw new Error(`claim_storage_cleanup: ${error.message}`);
      return (data ?? []) as CleanupItem[];
    },
    async finish(removed, failed) {
      const { error } = await service.rpc('finish_storage_cleanup', { removed, failed });
      if (error) throw new Error(`finish_storage_cleanup: ${error.message}`);
    },
  };
}

const PAGE = 1000;

export function serviceObjectStorage(service: SupabaseClient): ObjectStorage {
  return {
    async list(bucket, folder) {
      const files: string[] = [];
      const folders: string[] = [];
      for (let offset = 0; ; offset += PAGE) {
        const { data, error } = await service.storage.from(bucket).list(folder, { limit: PAGE, offset });
        if (error) throw new Error(`listing ${bucket}/${folder}: ${error.message}`);
        for (const entry of data ?? []) (entry.id ? files : folders).push(entry.name);
        if (!data || data.length < PAGE) break;
      }
      return { files, folders };
    },
    async remove(bucket, names) {
      if (names.length === 0) return;
      const { error } = await service.storage.from(bucket).remove(names);
      if (error) throw new Error(`removing from ${bucket}: ${error.message}`);
    },
  };
}
