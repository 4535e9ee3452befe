// Everything decided about a chosen file before it is decoded: its real kind, its size in
// bytes and pixels, and whether it is whole. A refused file is never stored anywhere.
import { readSize } from './header.ts';
import { isComplete } from './integrity.ts';
import { MAX_INPUT_BYTES, sizeProblem, type Size } from './limits.ts';
import { sniffKind, type SourceKind } from './sniff.ts';

/** Why a file cannot be used; the upload screen has words for each. */
export type PhotoProblem =
  | 'not-image' // not a PNG, JPEG, WebP or HEIC image
  | 'file-too-large' // more than MAX_INPUT_BYTES
  | 'too-many-pixels' // more than MAX_PIXELS or MAX_SIDE
  | 'truncated' // the file ends before the image does
  | 'unreadable'; // looks right but does not decode

export type Inspection =
  | { ok: true; kind: SourceKind; size: Size }
  | { ok: false; problem: PhotoProblem; size?: Size };

export async function inspectPhoto(file: Blob): Promise<Inspection> {
  if (file.size > MAX_INPUT_BYTES) return { ok: false, problem: 'file-too-large' };
  if (file.size < 16) return { ok: false, problem: 'not-image' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  return inspectBytes(bytes);
}

export function inspectBytes(bytes: Uint8Array): Inspection {
  if (bytes.length > MAX_INPUT_BYTES) return { ok: false, problem: 'file-too-large' };
  const kind = sniffKind(bytes.subarray(0, 4096));
  if (!kind) return { ok: false, problem: 'not-image' };
  const size = readSize(kind, kind === 'heic' ? bytes.subarray(0, 1 << 20) : bytes.subarray(0, 1 << 18));
  if (!size) return { ok: false, problem: isComplete(kind, bytes) ? 'unreadable' : 'truncated' };
  if (sizeProblem(size)) return { ok: false, problem: 'too-many-pixels', size };
  if (!isComplete(kind, bytes)) return { ok: false, problem: 'truncated', size };
  return { ok: true, kind, size };
}
