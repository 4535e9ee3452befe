// A video request's rules (spec 2 §5 "Video", §4 "Video request", §9): a style must be chosen,
// a custom style needs a description (trimmed, not empty) and the Advanced plan, and the
// project page follows 1.5 s after the request went through.
export const CUSTOM_STYLE = 'custom';
export const REDIRECT_AFTER_MS = 1500;
/** What the server keeps of a custom description. */
export const CUSTOM_DESCRIPTION_MAX = 500;

export type StyleChoice = { style: string | null; custom: string };

export type VideoProblem = 'style-required' | 'custom-required' | 'custom-locked' | 'credits' | null;

export const cleanDescription = (text: string) => text.trim().slice(0, CUSTOM_DESCRIPTION_MAX);

/** Whether the custom card's Save may commit the text. */
export const canSaveCustom = (text: string) => cleanDescription(text).length > 0;

/** Why the request cannot go, checked in the order the seller meets them. */
export function videoProblem(
  choice: StyleChoice,
  opts: { customAllowed: boolean; enoughCredits: boolean },
): VideoProblem {
  if (!choice.style) return 'style-required';
  if (choice.style === CUSTOM_STYLE) {
    if (!opts.customAllowed) return 'custom-locked';
    if (!canSaveCustom(choice.custom)) return 'custom-required';
  }
  if (!opts.enoughCredits) return 'credits';
  return null;
}

/** Generate is disabled while a custom style has no description (spec 2 §5). */
export const generateDisabled = (choice: StyleChoice) =>
  choice.style === CUSTOM_STYLE && !canSaveCustom(choice.custom);
