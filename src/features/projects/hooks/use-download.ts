// Downloading a project's images and video, with the spec's messages (spec 2 §8).
import { useLingui } from '@lingui/react/macro';
import { useAppMutation } from '../../../lib/errors/index.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { toast } from '../../../ui/index.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { canShareFiles, convertImage, isShareCancelled, storedFile } from '../download.ts';
import { type DownloadFormat, downloadFileName, MIME_OF, videoExtension } from '../download-name.ts';
import type { ImageSource } from '../image-sources.ts';
import { MESSAGES } from '../labels.ts';
import { AppError } from '../../../lib/errors/index.ts';

export interface DownloadInput {
  projectName: string;
  /** the images to save, in order, each with its place in the project */
  images: { source: ImageSource; index: number; total: number }[];
  format: DownloadFormat;
  /** hand the files to the share sheet instead of saving them */
  share?: boolean;
}

/** The files of a download, converted and named. */
export async function makeFiles(
  client: ReturnType<typeof useSupabase>,
  { projectName, images, format }: Pick<DownloadInput, 'projectName' | 'images' | 'format'>,
): Promise<File[]> {
  const files: File[] = [];
  for (const image of images) {
    const blob = await convertImage(await storedFile(client, image.source), format);
    files.push(new File([blob], downloadFileName(projectName, format, image), { type: MIME_OF[format] }));
  }
  return files;
}

export function useDownloadImages() {
  const client = useSupabase();
  const { t } = useLingui();
  return useAppMutation({
    mutationFn: async (input: DownloadInput) => {
      if (input.images.length === 0) throw new AppError(MESSAGES.noImage, 'no image');
      const files = await makeFiles(client, input);
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
    onSuccess: (result, input) => {
      if (result.cancelled || result.shared) return;
      const format = input.format.toUpperCase();
      toast.show({ tone: 'success', title: t`Image downloaded as ${format}`, duration: 5000 });
    },
  });
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
