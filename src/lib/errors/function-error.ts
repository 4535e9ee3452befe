// An edge function's failure as an AppError: FunctionsHttpError keeps the response, whose
// body is { error, code } (supabase/functions/*); the code picks the words.
import { AppError } from './app-error.ts';
import { functionErrorMessages } from './messages.ts';

export async function functionError(error: unknown): Promise<unknown> {
  const context = (error as { name?: string; context?: unknown }).context;
  if ((error as { name?: string }).name !== 'FunctionsHttpError' || !(context instanceof Response))
    return error;
  let body: { error?: unknown; code?: unknown } = {};
  try {
    body = await context.clone().json();
  } catch {
    return error;
  }
  const code = typeof body.code === 'string' ? body.code : undefined;
  const message = typeof body.error === 'string' ? body.error : String((error as Error).message ?? '');
  const descriptor =
    code && code in functionErrorMessages
      ? functionErrorMessages[code as keyof typeof functionErrorMessages]
      : null;
  return new AppError(descriptor, message, { code: code ?? `http_${context.status}`, cause: error });
}
