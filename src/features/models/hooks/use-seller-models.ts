// The saved models' mutations: each invalidates exactly the models' keys.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentLocale } from '../../../lib/i18n.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { subscriptionKeys } from '../../subscription/index.ts';
import {
  createSellerModel,
  deleteSellerModel,
  keepSellerModel,
  type ModelDescription,
  renameSellerModel,
  sellerModelKeys,
} from '../api.ts';

export function useCreateSellerModel() {
  const client = useSupabase();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, description }: { requestId: string; description: ModelDescription }) =>
      createSellerModel(client, requestId, description, currentLocale()),
    onSettled: () => {
      qc.invalidateQueries({ queryKey: sellerModelKeys.all });
      qc.invalidateQueries({ queryKey: subscriptionKeys.all });
    },
  });
}

export function useKeepSellerModel() {
  const client = useSupabase();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name?: string }) => keepSellerModel(client, id, name),
    onSettled: () => qc.invalidateQueries({ queryKey: sellerModelKeys.all }),
  });
}

export function useRenameSellerModel() {
  const client = useSupabase();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renameSellerModel(client, id, name),
    onSettled: () => qc.invalidateQueries({ queryKey: sellerModelKeys.all }),
  });
}

export function useDeleteSellerModel() {
  const client = useSupabase();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSellerModel(client, id),
    onSettled: () => qc.invalidateQueries({ queryKey: sellerModelKeys.all }),
  });
}
