// An operator answers a fix request with a picture (POST /functions/v1/operator-answer-fix,
// multipart: fix_id, note?, file = a PNG). Nothing is stored before the SQL says the caller is
// an operator and the fix is open (operator_fix_target, with the operator's JWT). The clean
// picture goes to bucket 'generated' and the engine's watermarked copy to 'watermarked', both
// at {userId}/{projectId}/fix-{fixId}.png, where complete_fix expects them; then
// operator_answer_fix completes the fix (the seller's notification follows from the status)
// and records the action. If that refuses, the stored files are removed again.
import { decodePng, encodePng, isPng, PngError } from '../engine/png.ts';
import { applyWatermark } from '../engine/watermark.ts';
import { WATERMARK_COMMENT } from '../engine/watermark-copies.ts';

/** The most a picture may weigh (the local stack's body limit is 8 MiB too). */
export const ANSWER_LIMIT = 8 * 1024 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SqlRefusal {
  code?: string;
  message: string;
  hint?: string | null;
}

export interface AnswerFixDeps {
  /** An RPC with the operator's JWT. */
  rpc(fn: string, args: Record<string, unknown>): Promise<{ data: unknown; error: SqlRefusal | null }>;
  /** Storage with the service role. */
  upload(bucket: string, name: string, bytes: Uint8Array): Promise<void>;
  remove(bucket: string, names: string[]): Promise<void>;
}

export interface AnswerFixInput {
  fixId: unknown;
  note: unknown;
  picture: Uint8Array | null;
}

export type AnswerFixResult = { status: number; body: Record<string, unknown> };

const STATUS_BY_CODE: Record<string, number> = {
  operator_only: 403,
  not_authenticated: 401,
  fix_not_found: 404,
  fix_finished: 409,
};

const refusal = (error: SqlRefusal): AnswerFixResult | null =>
  error.code === 'P0001' && error.hint
    ? { status: STATUS_BY_CODE[error.hint] ?? 400, body: { error: error.message, code: error.hint } }
    : null;

export async function answerFix(input: AnswerFixInput, deps: AnswerFixDeps): Promise<AnswerFixResult> {
  if (typeof input.fixId !== 'string' || !UUID.test(input.fixId)) {
    return { status: 404, body: { error: 'Fix request not found', code: 'fix_not_found' } };
  }
  const note = typeof input.note === 'string' ? input.note.trim() : '';
  const target = await deps.rpc('operator_fix_target', { fix_id: input.fixId });
  if (target.error) {
    const r = refusal(target.error);
    if (r) return r;
    throw new Error(`operator_fix_target: ${target.error.message}`);
  }
  if (!input.picture || !isPng(input.picture)) {
    return { status: 400, body: { error: 'The picture must be a PNG image', code: 'fix_picture_invalid' } };
  }
  let marked: Uint8Array;
  try {
    marked = await encodePng(applyWatermark(await decodePng(input.picture)), { Comment: WATERMARK_COMMENT });
  } catch (err) {
    if (err instanceof PngError) {
      return { status: 400, body: { error: 'The picture must be a PNG image', code: 'fix_picture_invalid' } };
    }
    throw err;
  }
  const { user_id: userId, project_id: projectId } = target.data as { user_id: string; project_id: string };
  // A name of its own for each answer: a refused answer (two operators at once, or the fix
  // finished meanwhile) removes only its own files, never the ones a completed answer stored.
  const name = `${userId}/${projectId}/fix-${input.fixId}-${crypto.randomUUID().slice(0, 8)}.png`;
  await deps.upload('generated', name, input.picture);
  await deps.upload('watermarked', name, marked);
  const done = await deps.rpc('operator_answer_fix', {
    fix_id: input.fixId,
    result_path: name,
    watermarked_path: name,
    note: note || null,
  });
  if (done.error) {
    await Promise.all([deps.remove('generated', [name]), deps.remove('watermarked', [name])]).catch(() => {});
    const r = refusal(done.error);
    if (r) return r;
    throw new Error(`operator_answer_fix: ${done.error.message}`);
  }
  return { status: 200, body: { fix: done.data } };
}
