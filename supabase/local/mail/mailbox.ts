// PLACEHOLDER until the dev mailbox lands: keeps mails in memory only.
import { randomUUID } from 'node:crypto';
import { sendJson, type Mailer, type OutgoingMail, type Service, type StackContext } from '../http.ts';

export async function createMailbox(_ctx: StackContext): Promise<{ mailer: Mailer; service: Service }> {
  const mails: (OutgoingMail & { id: string })[] = [];
  return {
    mailer: {
      async send(mail) {
        const id = randomUUID();
        mails.push({ ...mail, id });
        return { id };
      },
    },
    service: {
      async handle({ res }) {
        sendJson(res, 200, mails);
      },
    },
  };
}
