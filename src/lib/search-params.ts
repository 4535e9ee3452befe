// Search-parameter readers for route files' `validateSearch`. The route tree is part of every
// first screen, so what it imports is paid for by /login too; zod (5 KiB gzip) stays with the
// screens that parse data with it. Each reader turns whatever the URL held into the type the
// route expects, never throwing: a bad parameter is dropped or falls back.

/** A string, or undefined for anything else (missing, number, object). */
export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Undefined when missing; one of `allowed` when it is one; `fallback` for anything else. */
export function optionalOneOf<const T extends string>(
  value: unknown,
  allowed: readonly T[],
  fallback: T,
): T | undefined {
  if (value === undefined) return undefined;
  return (allowed as readonly unknown[]).includes(value) ? (value as T) : fallback;
}
