// One press that starts paid work from a draft (Generate in a wizard, Start in the Batch
// Processor) is one request to the server, named by an id the server serves once (its
// request_id). The id is kept in the draft, in Dexie, with the fingerprint of the choices it was
// made for, before the request leaves the device; it stays there until the server answers. A
// press whose answer was lost (the connection dropped after the server had created the work) is
// asked again with the same id — by the next press, even after a reload — and the server answers
// what it made instead of making and charging it twice. A refusal (not enough credits, …) is an
// answer too: it ends the request. New choices make a new request.
import { isNetworkError } from '../errors/index.ts';
import type { DraftStore } from './draft-store.ts';

export interface StoredRequest {
  id: string;
  fingerprint: string;
}

/** What makes two presses the same request: the choices sent, not the language on screen. */
export function generationFingerprint(args: Record<string, unknown>): string {
  const { locale: _language, ...choices } = args;
  return JSON.stringify(choices);
}

type Requesting = { updatedAt: number; request: StoredRequest | null };
/** The action every such draft has: keep (or end) its pending request. */
type RequestAction = { type: 'setRequest'; request: StoredRequest | null };

export interface DraftPress<
  D extends Requesting,
  A,
  S extends string,
  Args extends Record<string, unknown>,
  T,
> {
  store: DraftStore<D, A | RequestAction, S>;
  userId: string;
  slot: S;
  /** the server's arguments for this draft (without the request id) */
  args: (draft: D) => Args;
  send: (args: Args, requestId: string) => Promise<T>;
  newId?: () => string;
}

/** Sends the draft's work under its pending request id, or a new one for new choices. */
export async function pressDraft<
  D extends Requesting,
  A,
  S extends string,
  Args extends Record<string, unknown>,
  T,
>(press: DraftPress<D, A, S, Args, T>): Promise<T> {
  const { store, userId, slot } = press;
  const draft = store.peek(userId, slot);
  if (!draft) throw new Error('The draft is not loaded');
  const args = press.args(draft);
  const fingerprint = generationFingerprint(args);
  let request = draft.request;
  if (request === null || request.fingerprint !== fingerprint) {
    request = { id: (press.newId ?? (() => crypto.randomUUID()))(), fingerprint };
    store.dispatch(userId, slot, { type: 'setRequest', request });
    // on the device before the request leaves it: a reload after a lost answer still has it
    await store.flushed();
  }
  try {
    return await press.send(args, request.id);
  } catch (error) {
    // the server answered (a refusal): the next press is a new request
    if (!isNetworkError(error)) store.dispatch(userId, slot, { type: 'setRequest', request: null });
    throw error;
  }
}
