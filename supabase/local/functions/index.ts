// Edge Functions at /functions/v1/{name}: runs supabase/functions/{name}/index.ts, the same
// web-standard handler hosted Supabase runs under Deno. Like the hosted gateway it checks
// the JWT first (unless `[functions.<name>] verify_jwt = false`), hands the handler the
// request as `{origin}/{name}/{rest}`, passes status, headers and body through untouched,
// and marks only its own failures with `x-relay-error: true`.
//
// Locally supported imports: npm: specifiers (resolved from node_modules), node: built-ins
// and relative files. jsr: and URL imports are not (see npm-specifier-hooks.mjs).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { header, sendJson, type Service, type StackContext } from '../http.ts';
import {
  type BodyReading,
  closeAfterAnswer,
  FUNCTION_BODY_LIMIT,
  sendWebResponse,
  toWebRequest,
} from './bridge.ts';
import { runInScope } from './deno-shim.ts';
import { dotenvPath, functionEnv } from './env.ts';
import { createFunctionLoader, FunctionLoadError } from './loader.ts';

const RELAY = { 'x-relay-error': 'true' };

const tooLarge = (req: IncomingMessage, res: ServerResponse) => {
  // what is left of the body is not read: the connection ends with the answer
  closeAfterAnswer(req, res);
  sendJson(
    res,
    413,
    {
      code: 'PAYLOAD_TOO_LARGE',
      message: `The request body is too large (the limit is ${FUNCTION_BODY_LIMIT} bytes)`,
    },
    RELAY,
  );
};

export async function createFunctionsService(ctx: StackContext): Promise<Service> {
  const log = (m: string) => ctx.log('functions', m);
  const loader = createFunctionLoader({
    dirs: [ctx.config.functionsDir, ...ctx.config.extraFunctionsDirs],
    env: () => functionEnv(ctx),
    sharedFiles: [dotenvPath(ctx)],
    log,
  });

  /** The gateway's check: a Bearer JWT signed with the project secret (anon, user or service). */
  async function rejectUnverified(authorization: string | undefined): Promise<string | null> {
    if (!authorization) return 'Missing authorization header';
    const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    if (!token) return "Auth header is not 'Bearer {token}'";
    try {
      await ctx.jwt.verify(token);
      return null;
    } catch {
      return 'Invalid JWT';
    }
  }

  return {
    async handle({ req, res, method, path, search }) {
      const m = /^\/([^/]+)(\/.*)?$/.exec(path);
      const name = m ? decodeURIComponent(m[1]) : '';
      const found = name ? loader.get(name) : null;
      if (!found) {
        sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
        return;
      }

      if (ctx.config.functions[name]?.verifyJwt ?? true) {
        const problem = await rejectUnverified(header(req, 'authorization'));
        if (problem) {
          sendJson(res, 401, { code: 401, message: problem });
          return;
        }
      }

      // a body the stack will never hand over is refused unread
      const declared = header(req, 'content-length');
      if (declared && /^\d+$/.test(declared) && Number(declared) > FUNCTION_BODY_LIMIT) {
        tooLarge(req, res);
        return;
      }

      let fn: Awaited<typeof found>;
      try {
        fn = await found;
      } catch (err) {
        log(err instanceof FunctionLoadError ? err.message : `function ${name} failed to load: ${err}`);
        sendJson(
          res,
          503,
          { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' },
          RELAY,
        );
        return;
      }

      const aborted = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) aborted.abort();
      });
      const host = header(req, 'x-forwarded-host') ?? header(req, 'host') ?? new URL(ctx.url).host;
      const proto = header(req, 'x-forwarded-proto') ?? 'http';
      const url = `${proto}://${host}/${m![1]}${m![2] ?? ''}${search ? `?${search}` : ''}`;
      const reading: BodyReading = { bytes: 0, overLimit: false };
      const request = toWebRequest(req, url, aborted.signal, reading);
      const info = {
        remoteAddr: {
          transport: 'tcp' as const,
          hostname: req.socket.remoteAddress ?? '',
          port: req.socket.remotePort ?? 0,
        },
        completed: new Promise<void>((resolve) => res.on('close', () => resolve())),
      };

      let response: Response;
      try {
        response = await runInScope(fn.scope, () => fn.handler(request, info));
        if (!(response instanceof Response))
          throw new TypeError(`handler returned ${typeof response}, not a Response`);
      } catch (err) {
        if (reading.overLimit) {
          if (!res.headersSent) tooLarge(req, res);
          return;
        }
        log(`${name} threw: ${(err instanceof Error && err.stack) || err}`);
        if (!res.headersSent) {
          sendJson(
            res,
            500,
            { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
            RELAY,
          );
        }
        return;
      }
      // a body the function left unread in part (its own limit, or none needed) is not read to
      // its end: the connection closes with the answer
      if (!req.complete) closeAfterAnswer(req, res);
      await runInScope(fn.scope, () => sendWebResponse(res, response, method));
    },
    async close() {
      await loader.close();
    },
  };
}
