// The seller's own words in a provider prompt (a custom model, a custom background). Drape's
// parts of a prompt come first; the seller's follow, each labelled and in double quotes, made
// one line without quotes or semicolons, so a description can add detail but cannot end its
// part and restate the server's ("; background: …" stays inside the quotes). The local
// renderer reads the parts back (supabase/local/fashn/render/product-to-model.ts).

/** The most a description may hold: start_generation refuses more, the app's field stops there. */
export const SELLER_WORDS_MAX = 500;

export const SELLER_MODEL_LABEL = 'the model, as the seller describes them';
export const SELLER_BACKGROUND_LABEL = 'the background, as the seller describes it';

/** One line (control characters and runs of white space become one space), no double quotes
 *  or semicolons, at most SELLER_WORDS_MAX characters. */
export function sellerWords(text: string): string {
  return text
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .replace(/"/g, "'")
    .replace(/;/g, ',')
    .trim()
    .slice(0, SELLER_WORDS_MAX);
}

/** `label: "words"`, the seller's part of a prompt. */
export function sellerPart(label: string, text: string): string {
  return `${label}: "${sellerWords(text)}"`;
}

export interface PromptParts {
  /** Drape's own parts, in order */
  server: string[];
  /** the seller's description of the model, if the prompt has one */
  model: string | null;
  /** the seller's description of the background, if the prompt has one */
  background: string | null;
}

/** A prompt split back into Drape's parts and the seller's. */
export function promptParts(prompt: string): PromptParts {
  const parts: PromptParts = { server: [], model: null, background: null };
  for (const raw of prompt.split(';')) {
    const part = raw.trim();
    if (!part) continue;
    const quoted = /^(.+?):\s*"([^"]*)"$/.exec(part);
    if (quoted?.[1] === SELLER_MODEL_LABEL) parts.model = quoted[2];
    else if (quoted?.[1] === SELLER_BACKGROUND_LABEL) parts.background = quoted[2];
    else parts.server.push(part);
  }
  return parts;
}
