// Downloading a project's images and video, with the spec's messages (spec 2 §8): one file,
// several files, or all of them as one ZIP named after the project — in the chosen format and
// size (the original, or framed for a marketplace).
import { useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useAppMutation } from '../../../lib/errors/index.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { toast } from '../../../ui/index.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { saveZip, type ZipEntry } from '../../../lib/zip.ts';
import { canShareFiles, downloadImage, isShareCancelled, storedFile } from '../download.ts';
import { type DownloadFormat, downloadFileName, MIME_OF, videoExtension } from '../download-name.ts';
import type { FrameSize } from '../frame/sizes.ts';
import type { ImageSource } from '../image-sources.ts';
import { MESSAGES } from '../labels.ts';
import { AppError } from '../../../lib/errors/index.ts';

export interface DownloadInput {
  projectName: string;
  /** the images to save, in order, each with its place in the project */
  images: { source: ImageSource; index: number; total: number }[];
  format: DownloadFormat;
  /** the original size, or a marketplace's frame */
  size?: FrameSize;
  /** all the images as one ZIP named after the project */
  zip?: boolean;
  /** hand the files to the share sheet instead of saving them */
  share?: boolean;
}

export interface DownloadProgress {
  done: number;
  total: number;
}

type Client = ReturnType<typeof useSupabase>;
type Wanted = Pick<DownloadInput, 'projectName' | 'format' | 'size'>;

/** One image of a download, converted (and framed) and named. */
async function makeFile(client: Client, input: Wanted, image: DownloadInput['images'][number]) {
  const blob = await downloadImage(
    await storedFile(client, image.source),
    input.format,
    input.size ?? 'original',
  );
  return new File([blob], downloadFileName(input.projectName, input.format, image), {
    type: MIME_OF[input.format],
  });
}

/** The files of a download, converted and named. */
export async function makeFiles(
  client: Client,
  input: Wanted & Pick<DownloadInput, 'images'>,
  onProgress?: (done: number, total: number) => void,
): Promise<File[]> {
  const files: File[] = [];
  onProgress?.(0, input.images.length);
  for (const image of input.images) {
    files.push(await makeFile(client, input, image));
    onProgress?.(files.length, input.images.length);
  }
  return files;
}

/**
 * A project's images as ZIP entries (src/lib/zip.ts), each fetched, converted and framed only
 * when the archive reaches it. A batch's ZIP concatenates the entries of its projects.
 */
export function zipEntries(client: Client, input: Wanted & Pick<DownloadInput, 'images'>): ZipEntry[] {
  return input.images.map((image) => ({
    name: downloadFileName(input.projectName, input.format, image),
    load: () => makeFile(client, input, image),
  }));
}

export function useDownloadImages() {
  const client = useSupabase();
  const { t } = useLingui();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const onProgress = (done: number, total: number) => setProgress({ done, total });
  const running = useRef<AbortController | null>(null);
  const mutation = useAppMutation({
    mutationFn: async (input: DownloadInput) => {
      if (input.images.length === 0) throw new AppError(MESSAGES.noImage, 'no image');
      if (input.zip) {
        const controller = new AbortController();
        running.current = controller;
        try {
          await saveZip(input.projectName, zipEntries(client, input), {
            onProgress,
            signal: controller.signal,
          });
        } catch (err) {
          // the seller stopped it (Cancel, or closed the dialog): nothing saved, nothing to say
          if (controller.signal.aborted) return { shared: false, cancelled: true };
          throw err;
        } finally {
          if (running.current === controller) running.current = null;
        }
        return { shared: false, cancelled: false };
      }
      const files = await makeFiles(client, input, onProgress);
      if (input.share && canShareFiles(files)) {
        try {
          await navigator.share({ files, title: input.projectName });
        } catch (err) {
          if (isShareCancelled(err)) return { shared: false, cancelled: true };
          throw err;
        }
        return { shared: true, cancelled: false };
      }
      for (const file of files) saveFile(file, file.name);
      return { shared: false, cancelled: false };
    },
    errorMessage: MESSAGES.downloadFailed,
    onMutate: () => setProgress(null),
    onSettled: () => setProgress(null),
    onSuccess: (result, input) => {
      if (result.cancelled || result.shared) return;
      const format = input.format.toUpperCase();
      const count = input.images.length;
      toast.show({
        tone: 'success',
        title: input.zip
          ? t`${count} images downloaded as ${format} in one ZIP`
          : t`Image downloaded as ${format}`,
        duration: 5000,
      });
    },
  });
  /** stops a ZIP being made (its remaining images are not fetched) */
  const cancel = () => running.current?.abort(new DOMException('cancelled', 'AbortError'));
  return { ...mutation, progress, cancel };
}

export function useDownloadVideo() {
  const client = useSupabase();
  const { i18n } = useLingui();
  return useAppMutation({
    mutationFn: async ({ projectName, path }: { projectName: string; path: string }) => {
      const blob = await storedFile(client, { bucket: 'videos', path });
      saveFile(blob, downloadFileName(projectName, await videoExtension(blob, path)));
    },
    errorMessage: MESSAGES.videoDownloadFailed,
    onSuccess: () => toast.show({ tone: 'success', title: i18n._(MESSAGES.videoDownloaded), duration: 5000 }),
  });
}
