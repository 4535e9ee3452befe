// PLACEHOLDER until the storage service lands: answers 501 so a missing piece is obvious.
import { sendJson, type Service, type StackContext } from '../http.ts';

export async function createStorageService(_ctx: StackContext): Promise<Service> {
  return {
    async handle({ res }) {
      sendJson(res, 501, { message: 'storage is not implemented yet' });
    },
  };
}
