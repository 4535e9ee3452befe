// One click on "Remove Background" is one request to the server, named by an id the server
// charges and queues once (start_background_removal's request_id). The id and the uploaded
// photo's path live until the server has answered: a click that got no answer (the
// connection dropped) is asked again with the same id — by the api's retries, and by the
// seller's next click on the same photo — so a charge made whose answer was lost is answered
// with its job instead of being made twice. A new photo, or an answer, starts a new request.

export interface RemovalRequest {
  readonly id: string;
  /** the photo's object name once uploaded (a retry does not upload again) */
  path: string | null;
}

export function removalRequests(newId: () => string = () => crypto.randomUUID()) {
  let current: { photo: unknown; request: RemovalRequest } | null = null;
  return {
    /** The request for a click on this photo: the unanswered one for the same photo, else a new one. */
    begin(photo: unknown): RemovalRequest {
      if (current === null || current.photo !== photo) {
        current = { photo, request: { id: newId(), path: null } };
      }
      return current.request;
    },
    /** The server answered (a job, or a refusal): the next click is a new request. */
    answered(request: RemovalRequest) {
      if (current?.request === request) current = null;
    },
    /** The photo was changed or removed. */
    forget() {
      current = null;
    },
  };
}
