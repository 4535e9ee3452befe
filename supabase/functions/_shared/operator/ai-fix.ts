// An operator tries a fix with AI first (POST /functions/v1/operator-ai-fix, JSON {action, …},
// an operator's JWT). Every step is asked of the operator_ai_fix_… SQL functions with that JWT,
// so the role is checked in SQL as for every operator action; storage is written with the
// service role.
//
//   state   {fix_id}               whether an editor is set up, and the fix's latest attempt —
//                                  a running one is read from FASHN once and, when done, its
//                                  picture stored in 'fix-ai' (private: operators only)
//   try     {fix_id}               the drawing becomes the mask, the description the prompt;
//                                  the attempt is recorded, FASHN's edit model is started and
//                                  the answer comes at once (running): the console reads the
//                                  state until the picture is there, and an attempt left by a
//                                  closed page is finished by the next read
//   send    {attempt_id, note?}    the AI's picture answers the fix through the answer path
//                                  (answer-fix.ts: stored where complete_fix expects, the
//                                  engine's watermarked copy, the seller notified)
//   discard {attempt_id}           the attempt is dropped and its picture removed
import { decodePng, encodePng, isPng, PngError, type Rgba } from '../engine/png.ts';
import { EDIT_MAX_SECONDS, editPrompt, editRequest, type FashnEditor } from '../providers/fashn-edit.ts';
import { ProviderError } from '../providers/types.ts';
import { type AnswerFixDeps, answerFix, type SqlRefusal } from './answer-fix.ts';
import { maskFromDrawing } from './fix-mask.ts';

export const AI_BUCKET = 'fix-ai';
/** The most an output of FASHN may weigh. */
export const AI_OUTPUT_LIMIT = 50 * 1024 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Attempt {
  id: string;
  fix_id: string;
  seller_id: string;
  project_id: string;
  provider: string;
  prediction_id: string | null;
  status: 'running' | 'ready' | 'failed' | 'sending' | 'sent' | 'discarded';
  result_path: string | null;
  error_code: string | null;
  error: string | null;
  created_at: string;
}

export interface AiFixDeps extends AnswerFixDeps {
  /** Storage with the service role; null when the object is not there. */
  download(bucket: string, name: string): Promise<Uint8Array | null>;
  signedUrl(bucket: string, name: string, seconds: number): Promise<string>;
  /** An output of FASHN. */
  fetchOutput(url: string): Promise<Uint8Array>;
  editor: FashnEditor | null;
  /** why there is no editor */
  unavailableReason: string | null;
  now?: () => number;
}

export type AiFixResult = { status: number; body: Record<string, unknown> };

const STATUS_BY_CODE: Record<string, number> = {
  not_authenticated: 401,
  operator_only: 403,
  fix_not_found: 404,
  ai_attempt_not_found: 404,
  fix_finished: 409,
  ai_attempt_open: 409,
  ai_attempt_not_ready: 409,
  ai_unavailable: 409,
};

const refusal = (error: SqlRefusal): AiFixResult | null =>
  error.code === 'P0001' && error.hint
    ? { status: STATUS_BY_CODE[error.hint] ?? 400, body: { error: error.message, code: error.hint } }
    : null;

class Refused extends Error {
  constructor(readonly result: AiFixResult) {
    super(String(result.body.error));
  }
}

async function call<T>(deps: AiFixDeps, fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await deps.rpc(fn, args);
  if (error) {
    const r = refusal(error);
    if (r) throw new Refused(r);
    throw new Error(`${fn}: ${error.message}`);
  }
  return data as T;
}

/** Where the AI's picture of an attempt is kept (operator_ai_fix_finish names it the same). */
export const attemptPath = (a: Pick<Attempt, 'seller_id' | 'project_id' | 'id'>) =>
  `${a.seller_id}/${a.project_id}/ai-${a.id}.png`;

function base64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(s);
}

/** A running attempt read from FASHN once: stored and ready, failed, or still running. */
async function advance(attempt: Attempt, deps: AiFixDeps): Promise<Attempt> {
  const now = deps.now?.() ?? Date.now();
  const age = (now - Date.parse(attempt.created_at)) / 1000;
  const finish = (ok: boolean, code?: string, message?: string) =>
    call<Attempt>(deps, 'operator_ai_fix_finish', {
      attempt_id: attempt.id,
      ok,
      error_code: code ?? null,
      error: message ?? null,
    });
  if (!attempt.prediction_id) {
    // begun but never taken by FASHN (the function stopped in between)
    return age > 120 ? finish(false, 'NotSubmitted', 'FASHN never received the request') : attempt;
  }
  if (!deps.editor) return attempt;
  const progress = await deps.editor.status(attempt.prediction_id);
  if (progress.state === 'running') {
    // FASHN's longest edit is EDIT_MAX_SECONDS; well past it, the attempt is given up
    return age > EDIT_MAX_SECONDS * 5
      ? finish(false, 'time_out', `FASHN did not finish in ${EDIT_MAX_SECONDS * 5} s`)
      : attempt;
  }
  if (progress.state === 'failed') return finish(false, progress.failure.code, progress.failure.message);
  let bytes: Uint8Array;
  try {
    bytes = await deps.fetchOutput(progress.outputs[0]);
  } catch (err) {
    return finish(false, 'OutputUnreadable', err instanceof Error ? err.message : String(err));
  }
  if (!isPng(bytes)) return finish(false, 'BadOutput', 'FASHN answered with a picture that is not a PNG');
  await deps.upload(AI_BUCKET, attemptPath(attempt), bytes);
  return finish(true);
}

async function state(fixId: string, deps: AiFixDeps): Promise<AiFixResult> {
  let attempt = await call<Attempt | null>(deps, 'operator_ai_fix_state', { fix_id: fixId });
  if (attempt?.status === 'running') attempt = await advance(attempt, deps);
  return {
    status: 200,
    body: {
      available: deps.editor !== null,
      provider: deps.editor?.name ?? null,
      reason: deps.editor ? null : deps.unavailableReason,
      attempt,
    },
  };
}

interface Target {
  fix_id: string;
  user_id: string;
  project_id: string;
  original_path: string;
  drawing_path: string;
  description: string;
}

async function decoded(bytes: Uint8Array | null): Promise<Rgba | null> {
  if (!bytes) return null;
  try {
    return await decodePng(bytes);
  } catch (err) {
    if (err instanceof PngError) return null;
    throw err;
  }
}

async function start(fixId: string, deps: AiFixDeps): Promise<AiFixResult> {
  const editor = deps.editor;
  if (!editor) {
    return {
      status: 409,
      body: {
        error: 'No AI that can edit pictures is set up',
        code: 'ai_unavailable',
        reason: deps.unavailableReason,
      },
    };
  }
  const target = await call<Target>(deps, 'operator_ai_fix_target', { fix_id: fixId });
  const [drawing, original] = await Promise.all([
    deps.download('fix-drawings', target.drawing_path).then(decoded),
    deps.download('generated', target.original_path).then(decoded),
  ]);
  if (!original) {
    return {
      status: 400,
      body: { error: 'This fix request has no picture to edit', code: 'fix_no_original' },
    };
  }
  if (!drawing) {
    return {
      status: 400,
      body: { error: 'This fix request has no drawing to use as the mask', code: 'fix_no_drawing' },
    };
  }
  const mask = maskFromDrawing(drawing, original, original);
  if (mask.painted === 0) {
    return {
      status: 400,
      body: { error: "The seller's drawing has no marks to use as the mask", code: 'fix_drawing_empty' },
    };
  }
  const maskUrl = `data:image/png;base64,${base64(await encodePng(mask.mask))}`;
  const imageUrl = await deps.signedUrl('generated', target.original_path, 3600);
  const prompt = editPrompt(target.description);
  const attempt = await call<Attempt>(deps, 'operator_ai_fix_begin', {
    fix_id: fixId,
    provider: editor.name,
    prompt,
  });
  let predictionId: string;
  try {
    predictionId = await editor.start(editRequest(imageUrl, maskUrl, target.description));
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    const failed = await call<Attempt>(deps, 'operator_ai_fix_finish', {
      attempt_id: attempt.id,
      ok: false,
      error_code: err.failure.code,
      error: err.failure.message,
    });
    return {
      status: 502,
      body: {
        error: 'The AI could not edit the picture. Try again, or answer with a picture.',
        code: 'ai_failed',
        attempt: failed,
      },
    };
  }
  const running = await call<Attempt>(deps, 'operator_ai_fix_submitted', {
    attempt_id: attempt.id,
    prediction_id: predictionId,
  });
  return { status: 200, body: { attempt: running, coverage: Math.round(mask.coverage * 1000) / 1000 } };
}

async function send(attemptId: string, note: unknown, deps: AiFixDeps): Promise<AiFixResult> {
  const attempt = await call<Attempt>(deps, 'operator_ai_fix_claim_send', { attempt_id: attemptId });
  const settle = (sent: boolean) =>
    call<Attempt>(deps, 'operator_ai_fix_settle_send', { attempt_id: attemptId, sent });
  let answered: AiFixResult;
  try {
    const picture = attempt.result_path ? await deps.download(AI_BUCKET, attempt.result_path) : null;
    answered = await answerFix({ fixId: attempt.fix_id, note, picture }, deps);
  } catch (err) {
    await settle(false).catch(() => {});
    throw err;
  }
  if (answered.status !== 200) {
    await settle(false);
    return answered;
  }
  const sent = await settle(true);
  if (attempt.result_path) await deps.remove(AI_BUCKET, [attempt.result_path]).catch(() => {});
  return { status: 200, body: { fix: answered.body.fix, attempt: sent } };
}

async function discard(attemptId: string, deps: AiFixDeps): Promise<AiFixResult> {
  const attempt = await call<Attempt>(deps, 'operator_ai_fix_discard', { attempt_id: attemptId });
  await deps.remove(AI_BUCKET, [attemptPath(attempt)]).catch(() => {});
  return { status: 200, body: { attempt } };
}

export async function aiFix(body: unknown, deps: AiFixDeps): Promise<AiFixResult> {
  const b = (body ?? {}) as Record<string, unknown>;
  const fixId = typeof b.fix_id === 'string' && UUID.test(b.fix_id) ? b.fix_id : null;
  const attemptId = typeof b.attempt_id === 'string' && UUID.test(b.attempt_id) ? b.attempt_id : null;
  try {
    switch (b.action) {
      case 'state':
        if (!fixId) break;
        return await state(fixId, deps);
      case 'try':
        if (!fixId) break;
        return await start(fixId, deps);
      case 'send':
        if (!attemptId) break;
        return await send(attemptId, b.note, deps);
      case 'discard':
        if (!attemptId) break;
        return await discard(attemptId, deps);
    }
  } catch (err) {
    if (err instanceof Refused) return err.result;
    throw err;
  }
  return { status: 400, body: { error: 'Invalid request', code: 'invalid_request' } };
}
