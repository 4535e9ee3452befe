// An error that already knows what to tell the person: data helpers throw it when they have
// turned a failure into words (or a code) of their own.
import type { MessageDescriptor } from '@lingui/core';

export class AppError extends Error {
  constructor(
    /** the words to show; null shows `message` as it is (a server's own text) */
    readonly descriptor: MessageDescriptor | null,
    message: string,
    readonly options: { code?: string; values?: Record<string, number | string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
  }

  get code(): string | undefined {
    return this.options.code;
  }
}
