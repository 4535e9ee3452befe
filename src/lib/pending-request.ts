// A press that moves money (Generate Video, sending a fix) is one request, named by an id the
// server serves once (request_id: a repeat answers the first outcome, never a second charge).
// The id lives until the server has answered: a press whose answer was lost (the connection
// dropped after the server committed) is asked again with the same id, so the seller gets what
// was made instead of paying twice. Any answer — the outcome or a refusal — ends the request;
// a press about something else (another key) is a new one. `state` carries what a repeat must
// send again unchanged (an uploaded drawing's path). The wizard keeps its id in its Dexie
// draft instead (lib/drafts/draft-request.ts), so it survives a reload.
import { isNetworkError } from './errors/index.ts';

export interface PendingRequest<S> {
  readonly key: string;
  readonly id: string;
  state: S;
}

export function pendingRequests<S>(initial: () => S, newId: () => string = () => crypto.randomUUID()) {
  let current: PendingRequest<S> | null = null;
  return {
    /** The request for a press about `key`: the unanswered one for the same key, else a new one. */
    begin(key: string): PendingRequest<S> {
      if (current === null || current.key !== key) current = { key, id: newId(), state: initial() };
      return current;
    },
    /** Sends under the request: an answer from the server ends it, a lost answer keeps it. */
    async send<T>(request: PendingRequest<S>, fn: (request: PendingRequest<S>) => Promise<T>): Promise<T> {
      try {
        const answer = await fn(request);
        if (current === request) current = null;
        return answer;
      } catch (error) {
        if (!isNetworkError(error) && current === request) current = null;
        throw error;
      }
    },
    /** The request still waiting for an answer, if any. */
    pending(): PendingRequest<S> | null {
      return current;
    },
  };
}
