// The seller's saved models in the model steps (Advanced): the models feature's list, only the
// usable ones (kept and ready), and the check that a resumed draft's saved model still exists.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSupabase } from '../../../lib/use-supabase.ts';
import {
  modelPicturesQueryOptions,
  type SellerModel,
  sellerModelsQueryOptions,
  usableSellerModels,
} from '../../models/index.ts';
import type { Draft } from '../model/draft.ts';
import type { WizardAction } from '../model/reducer.ts';
import { useCustomAccess } from './use-catalogue.ts';

/** The usable saved models, read only for a plan that may use them. */
export function useSavedModels() {
  const access = useCustomAccess();
  const query = useQuery({ ...sellerModelsQueryOptions(useSupabase()), enabled: access.customModel });
  return {
    allowed: access.customModel,
    /** the plan is known (a Lite seller sees the lock, not an empty list) */
    known: !access.loading,
    models: usableSellerModels(query.data ?? []),
    query,
  };
}

/** A saved model's three pictures (signed URLs); none for a model not given. */
export const useSavedModelPictures = (model: SellerModel | undefined) =>
  useQuery(modelPicturesQueryOptions(useSupabase(), model));

/**
 * The draft's saved model as read from the server now: when the seller's list, read since this
 * screen opened, no longer holds it (deleted, or the plan no longer allows saved models), the
 * draft drops it and says so, and the seller chooses again.
 */
export function useSavedModelCheck(draft: Draft, dispatch: (a: WizardAction) => void) {
  const { allowed, known, models, query } = useSavedModels();
  const id = draft.sellerModelId;
  const checked = known && (!allowed || (query.isSuccess && query.isFetchedAfterMount));
  const gone = id !== null && checked && !models.some((m) => m.id === id);
  useEffect(() => {
    if (gone && id) dispatch({ type: 'sellerModelGone', sellerModelId: id });
  }, [gone, id, dispatch]);
  return models.find((m) => m.id === id);
}
