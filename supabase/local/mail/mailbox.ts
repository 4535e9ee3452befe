// The dev mailbox: every mail the stack sends (auth confirmations, resets, magic links...)
// lands here instead of an SMTP server. People read it at /_dev/mail; tests and scripts
// use the JSON API:
//   GET    /_dev/mail/api/messages?to=<email>&kind=<kind>   newest first
//   GET    /_dev/mail/api/messages/:id
//   DELETE /_dev/mail/api/messages[?to=<email>]             → {deleted}
//   DELETE /_dev/mail/api/messages/:id
// Mails are files under {dataDir}/mail/, so they survive a restart.
// The mailbox holds every password-reset link, so it answers only callers on this machine,
// and only while the stack listens on loopback (behind a reverse proxy on the same machine
// every visitor looks local: http.ts trustedAsThisMachine), unless DEV_MAILBOX_REMOTE=1
// opens it to everyone who reaches the stack, e.g. inside a dev container.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { sendJson, trustedAsThisMachine, type Mailer, type Service, type StackContext } from '../http.ts';
import { listPage, mailPage, notFoundPage } from './page.ts';
import { MailStore } from './store.ts';

const MOUNT = '/_dev/mail';

export async function createMailbox(ctx: StackContext): Promise<{ mailer: Mailer; service: Service }> {
  const store = new MailStore(path.join(ctx.config.dataDir, 'mail'));
  const allowRemote = /^(1|true|yes|on)$/i.test(process.env.DEV_MAILBOX_REMOTE ?? '');

  const mailer: Mailer = {
    async send(mail) {
      const stored = store.add(mail);
      ctx.log(
        'mail',
        `${stored.kind} to ${stored.to}: ${stored.subject} — ${ctx.url}${MOUNT}/messages/${stored.id}`,
      );
      return { id: stored.id };
    },
  };

  const service: Service = {
    async handle({ method, path: p, url, req, res }) {
      if (!allowRemote && !trustedAsThisMachine(req, ctx.config.host)) {
        return sendJson(res, 403, {
          message:
            'the dev mailbox answers only on this machine while the stack listens on loopback (set DEV_MAILBOX_REMOTE=1)',
        });
      }
      const parts = p.split('/').filter(Boolean).map(safeDecode);
      const filter = { to: url.searchParams.get('to'), kind: url.searchParams.get('kind') };

      if (parts[0] === 'api' && parts[1] === 'messages' && parts.length <= 3) {
        const id = parts[2];
        if (method === 'GET' && !id) return sendJson(res, 200, store.list(filter));
        if (method === 'GET' && id) {
          const mail = store.get(id);
          return mail ? sendJson(res, 200, mail) : sendJson(res, 404, { message: 'mail not found' });
        }
        if (method === 'DELETE' && !id) return sendJson(res, 200, { deleted: store.delete(filter) });
        if (method === 'DELETE' && id) {
          const deleted = store.remove(new Set([id]));
          return deleted
            ? sendJson(res, 200, { deleted })
            : sendJson(res, 404, { message: 'mail not found' });
        }
        return sendJson(res, 405, { message: 'method not allowed' });
      }

      if (method !== 'GET' && method !== 'HEAD') return sendJson(res, 405, { message: 'method not allowed' });
      const nonce = randomBytes(12).toString('base64');
      if (parts.length === 0)
        return sendHtml(res, 200, listPage(store.list(filter), MOUNT, filter.to, nonce), nonce);
      if (parts[0] === 'messages' && parts.length === 2) {
        const mail = store.get(parts[1]);
        if (mail) return sendHtml(res, 200, mailPage(mail, MOUNT, nonce), nonce);
      }
      return sendHtml(res, 404, notFoundPage(MOUNT, nonce), nonce);
    },
  };

  return { mailer, service };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function sendHtml(res: ServerResponse, status: number, html: string, nonce: string) {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; connect-src 'self'; img-src * data:; frame-src 'self'; base-uri 'none'; form-action 'self'`,
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(html);
}
