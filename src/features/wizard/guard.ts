// The wizard routes' guard: an unknown step is not found; the draft is loaded from Dexie
// (so the page renders with it at once) and a step whose earlier choices are missing sends
// the visit to the first incomplete one (spec 2 §2). Loaded by the routes on demand.
import type { QueryClient } from '@tanstack/react-query';
import { notFound, redirect } from '@tanstack/react-router';
import { supabase } from '../../lib/supabase.ts';
import { backgroundsQueryOptions, modelsQueryOptions, posesQueryOptions } from './api.ts';
import { storedGender } from './local-choices.ts';
import { redirectFor } from './model/rules.ts';
import { emptyDraft } from './model/draft.ts';
import { isStep, stepUrl, type Flow, type Step } from './model/steps.ts';
import { draftStore } from './store/draft-store.ts';

export async function wizardGuard(
  flow: Flow,
  step: string,
  userId: string,
  queryClient: QueryClient,
): Promise<{ step: Step }> {
  if (!isStep(step)) throw notFound();
  // the whole catalogue is read (and kept for offline use) as soon as a wizard opens, so a
  // seller who loses the connection after the upload can still choose model, pose and background
  void queryClient.prefetchQuery(modelsQueryOptions(supabase));
  void queryClient.prefetchQuery(posesQueryOptions(supabase));
  void queryClient.prefetchQuery(backgroundsQueryOptions(supabase));
  const draft = await draftStore.load(userId, flow, () => emptyDraft(flow, storedGender()));
  const target = redirectFor(draft, step);
  if (target) throw redirect({ href: stepUrl(flow, target), replace: true });
  return { step };
}
