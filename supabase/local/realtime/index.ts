// PLACEHOLDER until the realtime service lands: answers 501 so a missing piece is obvious.
import { sendJson, type Service, type StackContext } from '../http.ts';

export async function createRealtimeService(_ctx: StackContext): Promise<Service> {
  return {
    async handle({ res }) {
      sendJson(res, 501, { message: 'realtime is not implemented yet' });
    },
  };
}
