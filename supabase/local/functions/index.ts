// PLACEHOLDER until the functions service lands: answers 501 so a missing piece is obvious.
import { sendJson, type Service, type StackContext } from '../http.ts';

export async function createFunctionsService(_ctx: StackContext): Promise<Service> {
  return {
    async handle({ res }) {
      sendJson(res, 501, { message: 'functions is not implemented yet' });
    },
  };
}
