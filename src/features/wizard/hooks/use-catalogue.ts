import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { usePlanFacts, useSubscription } from '../../subscription/index.ts';
import {
  backgroundsQueryOptions,
  modelMediaQueryOptions,
  modelsQueryOptions,
  posesQueryOptions,
} from '../api.ts';

export const useModels = () => useQuery(modelsQueryOptions(useSupabase()));
export const usePoses = () => useQuery(posesQueryOptions(useSupabase()));
export const useBackgrounds = () => useQuery(backgroundsQueryOptions(useSupabase()));
export const useModelMedia = (modelId: number | null) =>
  useQuery({ ...modelMediaQueryOptions(useSupabase(), modelId ?? 0), enabled: modelId !== null });

/** Whether the seller's plan may describe a custom model and background (Advanced). */
export function useCustomAccess() {
  useUser();
  const subscription = useSubscription();
  const facts = usePlanFacts(subscription.data?.plan);
  return {
    customModel: facts.data?.custom_model === true,
    customBackground: facts.data?.custom_background === true,
    loading: facts.isPending,
  };
}
