// Framing results for marketplaces off the main thread: decoding a 4K result, sampling its
// border and encoding a 2048 px PNG takes a second, and the page keeps answering meanwhile.
import { frameImage, UnsupportedFormatError } from './draw.ts';
import type { MarketplaceFrame } from './sizes.ts';

export interface FrameRequest {
  id: number;
  file: Blob;
  frame: MarketplaceFrame;
  mime: string;
  quality: number;
}
export type FrameReply =
  | { id: number; ok: true; blob: Blob; width: number; height: number }
  | { id: number; ok: false; unsupported: boolean; message: string };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<FrameRequest>) => void) | null;
  postMessage: (reply: FrameReply) => void;
};

scope.onmessage = async (e) => {
  const { id, file, frame, mime, quality } = e.data;
  try {
    scope.postMessage({ id, ok: true, ...(await frameImage(file, frame, mime, quality)) });
  } catch (err) {
    scope.postMessage({
      id,
      ok: false,
      unsupported: err instanceof UnsupportedFormatError,
      message: err instanceof Error ? err.message : String(err),
    });
  }
};
