// A webhook endpoint for the tests: records every JSON body posted to it, and can be made
// to fail (to show that a notice survives a webhook that is down).
import http from 'node:http';
import { E2E } from './env.ts';

export interface Catcher {
  received: unknown[];
  /** bodies answered with failWith (the attempts made while the webhook was "down") */
  refused: unknown[];
  failWith: number | null;
  waitFor(match: (body: any) => boolean, timeoutMs?: number): Promise<any>;
  close(): Promise<void>;
}

export async function startWebhookCatcher(): Promise<Catcher> {
  const catcher = {
    received: [] as unknown[],
    refused: [] as unknown[],
    failWith: null as number | null,
  };
  const parse = (data: string) => {
    try {
      return JSON.parse(data);
    } catch {
      return data;
    }
  };
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      if (catcher.failWith) {
        catcher.refused.push(parse(data));
        res.writeHead(catcher.failWith).end();
        return;
      }
      catcher.received.push(parse(data));
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(E2E.webhookPort, resolve));
  return Object.assign(catcher, {
    async waitFor(match: (body: any) => boolean, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = catcher.received.find(match);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(
            `no matching webhook call within ${timeoutMs} ms; got ${JSON.stringify(catcher.received)}`,
          );
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
