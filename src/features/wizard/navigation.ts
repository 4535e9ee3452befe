// Typed links to the wizards' steps (the three flows are three route files with a $step param).
import type { Flow, Step } from './model/steps.ts';

export function stepLink(flow: Flow, step: Step) {
  if (flow === 'on-model') return { to: '/onmodel/$step', params: { step } } as const;
  if (flow === 'flat-lay') return { to: '/flatlay/$step', params: { step } } as const;
  return { to: '/mannequin/$step', params: { step } } as const;
}
