// What a price check answers (quote_generation, quote_batch): the images it makes, their price in
// credits, and whether the seller's credits are enough on their plan.
export interface CreditQuote {
  images: number;
  creditsPerImage: number;
  creditsNeeded: number;
  creditsRemaining: number;
  enough: boolean;
  plan: string;
}

/** A quote function's JSON answer, typed. */
export function readCreditQuote(data: unknown): CreditQuote {
  const q = (data ?? {}) as Record<string, unknown>;
  return {
    images: Number(q.images),
    creditsPerImage: Number(q.creditsPerImage),
    creditsNeeded: Number(q.creditsNeeded),
    creditsRemaining: Number(q.creditsRemaining),
    enough: q.enough === true,
    plan: String(q.plan),
  };
}
