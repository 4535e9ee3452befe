// "Download all (ZIP)": every finished image of the batch's projects in one ZIP named after the
// batch, streamed (src/lib/zip.ts: each image is fetched and converted only when the archive
// reaches it), in the chosen format. A plan without watermark-free downloads gets the
// watermarked files only, as a project's download does.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useAppMutation } from '../../../lib/errors/index.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { saveZip } from '../../../lib/zip.ts';
import { toast } from '../../../ui/index.ts';
import { type Project, completedImages, resultSource } from '../../projects/index.ts';
import { zipEntries } from '../../projects/downloads.ts';

export type ZipFormat = 'png' | 'jpg' | 'webp';

export function useDownloadBatch() {
  const client = useSupabase();
  const { t } = useLingui();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const mutation = useAppMutation({
    mutationFn: async (input: {
      batchName: string;
      projects: Project[];
      format: ZipFormat;
      cleanAllowed: boolean | undefined;
    }) => {
      const entries = input.projects.flatMap((p) => {
        const images = completedImages(p).flatMap((image) => {
          const source = resultSource(image, input.cleanAllowed);
          return source ? [source] : [];
        });
        return zipEntries(client, {
          projectName: p.name,
          format: input.format,
          images: images.map((source, index) => ({ source, index, total: images.length })),
        });
      });
      await saveZip(input.batchName, entries, { onProgress: (done, total) => setProgress({ done, total }) });
      return entries.length;
    },
    errorMessage: msg`Failed to download image`,
    onMutate: () => setProgress(null),
    onSettled: () => setProgress(null),
    onSuccess: (count, input) => {
      const format = input.format.toUpperCase();
      toast.show({
        tone: 'success',
        title: t`${count} images downloaded as ${format} in one ZIP`,
        duration: 5000,
      });
    },
  });
  return { ...mutation, progress };
}
