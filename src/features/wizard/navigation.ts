// Typed links to the wizards' steps (the two flows are two route files with a $step param).
import type { Flow, Step } from './model/steps.ts';

export function stepLink(flow: Flow, step: Step) {
  return flow === 'on-model'
    ? ({ to: '/onmodel/$step', params: { step } } as const)
    : ({ to: '/flatlay/$step', params: { step } } as const);
}
