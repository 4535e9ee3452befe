// The photo combiner off the main thread: decoding two camera photos and encoding a PNG of
// up to 16 megapixels takes a second or two, and the page keeps answering meanwhile.
import { combinePhotos } from './draw.ts';

export interface CombineRequest {
  id: number;
  files: Blob[];
}
export type CombineReply =
  | { id: number; ok: true; blob: Blob; width: number; height: number; scale: number }
  | { id: number; ok: false; message: string };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<CombineRequest>) => void) | null;
  postMessage: (reply: CombineReply) => void;
};

scope.onmessage = async (e) => {
  const { id, files } = e.data;
  try {
    const image = await combinePhotos(files);
    scope.postMessage({ id, ok: true, ...image });
  } catch (err) {
    scope.postMessage({ id, ok: false, message: err instanceof Error ? err.message : String(err) });
  }
};
