// Answers of the hosted pages: HTML with a strict policy, 303 redirects, posted forms.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../../http.ts';
import { decodeForm, type FormObject } from '../form.ts';

export function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
    // no form-action: a paid checkout redirects to the app's success_url on another origin
    'Content-Security-Policy':
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { Location: location, 'Cache-Control': 'no-store', 'Content-Length': '0' });
  res.end();
}

export async function readForm(req: IncomingMessage): Promise<FormObject> {
  return decodeForm((await readBody(req, 64 * 1024)).toString('utf8'));
}

export const field = (form: FormObject, key: string) =>
  typeof form[key] === 'string' ? (form[key] as string) : '';

/** What a hosted page handler gets. */
export interface PageRequest {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  /** the path after /checkout, /portal or /invoices */
  parts: string[];
  url: URL;
}
