// One press of Generate is one request to the server, named by an id start_generation serves
// once (its request_id). The id is kept in the draft, in Dexie, with the fingerprint of the
// choices it was made for, before the request leaves the device; it stays there until the
// server answers. A press whose answer was lost (the connection dropped after the server had
// created the project) is asked again with the same id — by the next press, even after a
// reload — and the server answers the project it made instead of making and charging a second
// one. A refusal (not enough credits, …) is an answer too: it ends the request. New choices
// make a new request.
import { isNetworkError } from '../../../lib/errors/index.ts';
import type { Draft } from '../model/draft.ts';
import type { Flow } from '../model/steps.ts';
import type { DraftStore } from './draft-store.ts';

/** What makes two presses the same request: the choices sent, not the language on screen. */
export function generationFingerprint(args: Record<string, unknown>): string {
  const { locale: _language, ...choices } = args;
  return JSON.stringify(choices);
}

export interface GenerationPress<A extends Record<string, unknown>, T> {
  store: DraftStore;
  userId: string;
  flow: Flow;
  /** start_generation's arguments for this draft (without the request id) */
  args: (draft: Draft) => A;
  send: (args: A, requestId: string) => Promise<T>;
  newId?: () => string;
}

/** Sends the draft's generation under its pending request id, or a new one for new choices. */
export async function pressGenerate<A extends Record<string, unknown>, T>(
  press: GenerationPress<A, T>,
): Promise<T> {
  const { store, userId, flow } = press;
  const draft = store.peek(userId, flow);
  if (!draft) throw new Error('The draft is not loaded');
  const args = press.args(draft);
  const fingerprint = generationFingerprint(args);
  let request = draft.request;
  if (request === null || request.fingerprint !== fingerprint) {
    request = { id: (press.newId ?? (() => crypto.randomUUID()))(), fingerprint };
    store.dispatch(userId, flow, { type: 'setRequest', request });
    // on the device before the request leaves it: a reload after a lost answer still has it
    await store.flushed();
  }
  try {
    return await press.send(args, request.id);
  } catch (error) {
    // the server answered (a refusal): the next press is a new request
    if (!isNetworkError(error)) store.dispatch(userId, flow, { type: 'setRequest', request: null });
    throw error;
  }
}
