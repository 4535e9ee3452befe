// The two wizards and their five steps (spec 2 §2 "Wizard routes").
export const FLOWS = ['on-model', 'flat-lay'] as const;
export type Flow = (typeof FLOWS)[number];

export const STEPS = ['upload', 'models', 'pose', 'background', 'summary'] as const;
export type Step = (typeof STEPS)[number];

/** The first path segment of each flow's routes: /onmodel/upload, /flatlay/summary. */
export const FLOW_PATH = { 'on-model': 'onmodel', 'flat-lay': 'flatlay' } as const satisfies Record<
  Flow,
  string
>;
export type FlowPath = (typeof FLOW_PATH)[Flow];

export const isStep = (v: unknown): v is Step =>
  typeof v === 'string' && (STEPS as readonly string[]).includes(v);
export const stepIndex = (step: Step) => STEPS.indexOf(step);
export const nextStep = (step: Step): Step | null => STEPS[stepIndex(step) + 1] ?? null;
export const previousStep = (step: Step): Step | null =>
  stepIndex(step) > 0 ? STEPS[stepIndex(step) - 1] : null;

export function flowOfPath(path: string): Flow | null {
  for (const flow of FLOWS) if (FLOW_PATH[flow] === path) return flow;
  return null;
}

export const stepUrl = (flow: Flow, step: Step) => `/${FLOW_PATH[flow]}/${step}`;

/** Creation routes: paths containing /onmodel/, /flatlay/ or /mannequin/ (spec 1 §2). */
export function isCreationPath(pathname: string): boolean {
  return /\/(onmodel|flatlay|mannequin)\//.test(pathname);
}
