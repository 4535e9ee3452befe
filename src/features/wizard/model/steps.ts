// The three wizards and their five steps (spec 2 §2 "Wizard routes"; mannequin: issue 36).
export const FLOWS = ['on-model', 'flat-lay', 'mannequin'] as const;
export type Flow = (typeof FLOWS)[number];

export const STEPS = ['upload', 'models', 'pose', 'background', 'summary'] as const;
export type Step = (typeof STEPS)[number];

/** The first path segment of each flow's routes: /onmodel/upload, /flatlay/summary, /mannequin/pose. */
export const FLOW_PATH = {
  'on-model': 'onmodel',
  'flat-lay': 'flatlay',
  mannequin: 'mannequin',
} as const satisfies Record<Flow, string>;
export type FlowPath = (typeof FLOW_PATH)[Flow];

/** Flat-lay and mannequin photos show a garment with no one in it: the seller says which kind. */
export const takesGarmentType = (flow: Flow) => flow === 'flat-lay' || flow === 'mannequin';

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
