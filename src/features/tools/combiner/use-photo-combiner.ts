// The photo combiner's flow (spec 2 §4 "Tools flow"): two photos in → after 500 ms they are
// combined in the browser → the combination is charged (0.15 credits, once per pair of
// photos) → only then is the file shown and, 500 ms later, downloaded. The charge and the
// file never disagree: a photo that cannot be combined is not charged, and a charge that
// fails releases no file.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { serverCode } from '../../../lib/errors/index.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { dashboardKeys } from '../../dashboard/index.ts';
import { subscriptionKeys, useSubscription } from '../../subscription/index.ts';
import { chargeCombination } from '../api.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { combinedFileName } from '../download.ts';
import { combinerMessages } from '../messages.ts';
import { creditPricesQueryOptions, hasCreditsFor } from '../prices.ts';
import { renderCombination } from './render.ts';
import { AUTO_COMBINE_MS, AUTO_DOWNLOAD_MS, addToSelection, canCombine } from './rules.ts';

export interface CombinerPhoto {
  id: string;
  file: File;
  url: string;
  width: number;
  height: number;
}

export interface CombinedResult {
  id: string;
  blob: Blob;
  url: string;
  width: number;
  height: number;
  fileName: string;
}

export type CombinerPhase = 'idle' | 'combining' | 'charging' | 'ready';

export type CombinerProblem = { message: MessageDescriptor; insufficient?: boolean };

async function readPhoto(file: File): Promise<CombinerPhoto> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const { width, height } = bitmap;
  bitmap.close();
  return { id: crypto.randomUUID(), file, url: URL.createObjectURL(file), width, height };
}

export function usePhotoCombiner() {
  const client = useSupabase();
  const user = useUser();
  const queryClient = useQueryClient();
  const { data: subscription } = useSubscription();
  const { data: prices } = useQuery(creditPricesQueryOptions(client));
  const price = prices?.['photo-combiner'];
  const remaining = subscription ? Number(subscription.credits_remaining) : undefined;
  const enoughCredits = hasCreditsFor(price, remaining);

  const [photos, setPhotos] = useState<CombinerPhoto[]>([]);
  const [phase, setPhase] = useState<CombinerPhase>('idle');
  const [result, setResult] = useState<CombinedResult | null>(null);
  const [problem, setProblem] = useState<CombinerProblem | null>(null);
  const [adding, setAdding] = useState(false);

  const photosRef = useRef(photos);
  photosRef.current = photos;
  const creditsRef = useRef({ price, remaining });
  creditsRef.current = { price, remaining };
  const busyRef = useRef(false);
  /** one request id per pair of photos: asking again for the same pair is never charged twice */
  const requestIds = useRef(new Map<string, string>());
  const autoCombined = useRef<string | null>(null);
  const downloaded = useRef<string | null>(null);
  const resultRef = useRef(result);
  resultRef.current = result;

  const pairKey = photos.map((p) => p.id).join('+');
  const busy = phase === 'combining' || phase === 'charging';

  const dropResult = useCallback(() => {
    const current = resultRef.current;
    if (current) URL.revokeObjectURL(current.url);
    setResult(null);
    setPhase('idle');
  }, []);

  const addFiles = useCallback(
    async (offered: File[]) => {
      if (offered.length === 0 || busyRef.current) return;
      const { accepted, wrongType, overLimit } = addToSelection(photosRef.current.length, offered);
      setProblem(
        overLimit
          ? { message: combinerMessages.tooMany }
          : wrongType.length > 0
            ? { message: combinerMessages.wrongType }
            : null,
      );
      if (accepted.length === 0) return;
      setAdding(true);
      try {
        const read = await Promise.all(accepted.map(readPhoto));
        dropResult();
        setPhotos((current) => [...current, ...read].slice(0, 2));
      } catch {
        setProblem({ message: combinerMessages.uploadFailed });
      } finally {
        setAdding(false);
      }
    },
    [dropResult],
  );

  const remove = useCallback(
    (id: string) => {
      if (busyRef.current) return;
      setPhotos((current) => {
        const gone = current.find((p) => p.id === id);
        if (gone) URL.revokeObjectURL(gone.url);
        return current.filter((p) => p.id !== id);
      });
      dropResult();
      setProblem(null);
    },
    [dropResult],
  );

  const clearAll = useCallback(() => {
    if (busyRef.current) return;
    for (const p of photosRef.current) URL.revokeObjectURL(p.url);
    setPhotos([]);
    dropResult();
    setProblem(null);
  }, [dropResult]);

  const combine = useCallback(async () => {
    if (busyRef.current) return;
    const pair = photosRef.current;
    if (!canCombine(pair.length)) {
      setProblem({ message: combinerMessages.needTwo });
      return;
    }
    if (!hasCreditsFor(creditsRef.current.price, creditsRef.current.remaining)) {
      setProblem({ message: combinerMessages.insufficient, insufficient: true });
      return;
    }
    const key = pair.map((p) => p.id).join('+');
    let requestId = requestIds.current.get(key);
    if (!requestId) {
      requestId = crypto.randomUUID();
      requestIds.current.set(key, requestId);
    }
    busyRef.current = true;
    setProblem(null);
    dropResult();
    setPhase('combining');
    try {
      let image: Awaited<ReturnType<typeof renderCombination>>;
      try {
        image = await renderCombination(pair.map((p) => p.file));
      } catch {
        // nothing was made, so nothing is charged
        setProblem({ message: combinerMessages.failed });
        setPhase('idle');
        return;
      }
      setPhase('charging');
      try {
        await chargeCombination(client, requestId);
      } catch (err) {
        // no charge, no file
        const insufficient = serverCode(err)?.code === 'insufficient_credits';
        setProblem(
          insufficient
            ? { message: combinerMessages.insufficient, insufficient: true }
            : { message: combinerMessages.failed },
        );
        setPhase('idle');
        return;
      } finally {
        void queryClient.invalidateQueries({ queryKey: subscriptionKeys.detail(user.id) });
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.activity(user.id) });
      }
      setResult({
        id: requestId,
        blob: image.blob,
        url: URL.createObjectURL(image.blob),
        width: image.width,
        height: image.height,
        fileName: combinedFileName(),
      });
      setPhase('ready');
    } finally {
      busyRef.current = false;
    }
  }, [client, queryClient, user.id, dropResult]);

  // Two photos in: combine after 500 ms, once per pair.
  useEffect(() => {
    if (!canCombine(photos.length) || autoCombined.current === pairKey) return;
    const timer = setTimeout(() => {
      autoCombined.current = pairKey;
      void combine();
    }, AUTO_COMBINE_MS);
    return () => clearTimeout(timer);
  }, [pairKey, photos.length, combine]);

  // A new result downloads by itself after 500 ms.
  useEffect(() => {
    if (!result || downloaded.current === result.id) return;
    const timer = setTimeout(() => {
      downloaded.current = result.id;
      saveFile(result.blob, result.fileName);
    }, AUTO_DOWNLOAD_MS);
    return () => clearTimeout(timer);
  }, [result]);

  // Object URLs go with the page.
  useEffect(
    () => () => {
      for (const p of photosRef.current) URL.revokeObjectURL(p.url);
      if (resultRef.current) URL.revokeObjectURL(resultRef.current.url);
    },
    [],
  );

  return {
    photos,
    phase,
    busy,
    adding,
    result,
    problem,
    price,
    remaining,
    enoughCredits,
    addFiles,
    remove,
    clearAll,
    combine,
    download: () => result && saveFile(result.blob, result.fileName),
  };
}
