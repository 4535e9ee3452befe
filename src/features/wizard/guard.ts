// The wizard routes' guard: an unknown step is not found; the draft is loaded from Dexie
// (so the page renders with it at once) and a step whose earlier choices are missing sends
// the visit to the first incomplete one (spec 2 §2). Loaded by the routes on demand.
import { notFound, redirect } from '@tanstack/react-router';
import { storedGender } from './local-choices.ts';
import { redirectFor } from './model/rules.ts';
import { isStep, stepUrl, type Flow, type Step } from './model/steps.ts';
import { draftStore } from './store/draft-store.ts';

export async function wizardGuard(flow: Flow, step: string, userId: string): Promise<{ step: Step }> {
  if (!isStep(step)) throw notFound();
  const draft = await draftStore.load(userId, flow, storedGender());
  const target = redirectFor(draft, step);
  if (target) throw redirect({ href: stepUrl(flow, target), replace: true });
  return { step };
}
