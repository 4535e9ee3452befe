// The background remover's flow (spec 2 §4 "Tools flow", §7): one photo, prepared on the
// device by the wizard's pipeline → Remove Background → upload (byte progress) →
// start_background_removal (charges 0.40 credits, creates the job) → the engine's job,
// watched live → the transparent PNG shown on a checkerboard and, 500 ms later, downloaded.
// A job that fails is refunded by the server, once; the screen says so.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isNetworkError, serverCode } from '../../../lib/errors/index.ts';
import { useLiveRows } from '../../../lib/live-rows.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { dashboardKeys } from '../../dashboard/index.ts';
import { subscriptionKeys, useSubscription } from '../../subscription/index.ts';
import { PrepareError, preparePhoto } from '../../../lib/photos/prepare-photo.ts';
import { TOOL_BYTE_BUDGET } from '../../../lib/photos/limits.ts';
import { downloadToolImage, startBackgroundRemoval, toolJobQueryOptions, toolKeys } from '../api.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { cutOutFileName } from '../download.ts';
import { removerMessages } from '../messages.ts';
import { creditPricesQueryOptions, hasCreditsFor } from '../prices.ts';
import { removalRequests } from './removal-request.ts';
import { REMOVER_AUTO_DOWNLOAD_MS, type RemoverStage, isRemoverType } from './rules.ts';
import { type ByteProgress, uploadToolPhoto } from './upload-tool-photo.ts';

export interface RemoverPhoto {
  name: string;
  blob: Blob;
  mimeType: string;
  url: string;
  width: number;
  height: number;
}

export interface RemoverResult {
  blob: Blob;
  url: string;
  fileName: string;
}

export type RemoverProblem = {
  message: MessageDescriptor;
  insufficient?: boolean;
  refunded?: boolean;
  retry?: 'download';
};

/** Codes of start_background_removal that have words of their own (the rest: the charge failed). */
const PHOTO_CODES = new Set(['photo_required', 'photo_not_found', 'invalid_file_type']);

export function useBackgroundRemover() {
  const client = useSupabase();
  const user = useUser();
  const queryClient = useQueryClient();
  const { data: subscription } = useSubscription();
  const { data: prices } = useQuery(creditPricesQueryOptions(client));
  const price = prices?.['background-remover'];
  const remaining = subscription ? Number(subscription.credits_remaining) : undefined;
  const enoughCredits = hasCreditsFor(price, remaining);

  const [photo, setPhoto] = useState<RemoverPhoto | null>(null);
  const [preparing, setPreparing] = useState<string | null>(null);
  const [stage, setStage] = useState<RemoverStage | null>(null);
  const [upload, setUpload] = useState<ByteProgress | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [result, setResult] = useState<RemoverResult | null>(null);
  const [problem, setProblem] = useState<RemoverProblem | null>(null);
  const [serverError, setServerError] = useState<unknown>(null);

  const photoRef = useRef(photo);
  photoRef.current = photo;
  const resultRef = useRef(result);
  resultRef.current = result;
  const abort = useRef<AbortController | null>(null);
  const finished = useRef<string | null>(null);
  const downloaded = useRef<RemoverResult | null>(null);
  // one request per click, kept (with its upload) until the server answers it
  const requests = useRef(removalRequests());

  const refreshCredits = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.detail(user.id) });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.activity(user.id) });
  }, [queryClient, user.id]);

  const job = useQuery({
    ...toolJobQueryOptions(client, jobId ?? ''),
    enabled: jobId !== null,
    // live updates do the work; a slow poll covers a dropped connection
    refetchInterval: (q) =>
      q.state.data && ['completed', 'failed'].includes(q.state.data.status) ? false : 4000,
  });
  useLiveRows({
    channel: `tool-job:${jobId}`,
    table: 'tool_jobs',
    filter: `id=eq.${jobId}`,
    refetch: jobId ? [toolKeys.job(jobId)] : [],
    enabled: jobId !== null,
  });

  const clearResult = useCallback(() => {
    if (resultRef.current) URL.revokeObjectURL(resultRef.current.url);
    setResult(null);
  }, []);

  const reset = useCallback(() => {
    abort.current?.abort();
    requests.current.forget();
    if (photoRef.current) URL.revokeObjectURL(photoRef.current.url);
    clearResult();
    setPhoto(null);
    setStage(null);
    setUpload(null);
    setJobId(null);
    setProblem(null);
    setServerError(null);
  }, [clearResult]);

  const choose = useCallback(
    async (files: File[]) => {
      const [file] = files;
      if (!file || stage !== null) return;
      if (!isRemoverType(file)) {
        setProblem({ message: removerMessages.wrongType });
        return;
      }
      reset();
      setPreparing(file.name);
      try {
        const prepared = await preparePhoto(file, TOOL_BYTE_BUDGET);
        setPhoto({
          name: file.name,
          blob: prepared.blob,
          mimeType: prepared.mimeType,
          url: URL.createObjectURL(prepared.blob),
          width: prepared.width,
          height: prepared.height,
        });
      } catch (err) {
        const problem = err instanceof PrepareError ? err.problem : 'unreadable';
        setProblem({
          message:
            problem === 'not-image'
              ? removerMessages.wrongType
              : problem === 'file-too-large'
                ? removerMessages.tooLarge
                : removerMessages.unreadable,
        });
      } finally {
        setPreparing(null);
      }
    },
    [stage, reset],
  );

  const removeBackground = useCallback(async () => {
    const current = photoRef.current;
    if (!current || stage !== null) return;
    if (!hasCreditsFor(price, remaining)) {
      setProblem({ message: removerMessages.insufficient, insufficient: true });
      return;
    }
    setProblem(null);
    setServerError(null);
    clearResult();
    setJobId(null);
    const controller = new AbortController();
    abort.current = controller;
    // a click after one that got no answer is the same request (same id, same upload)
    const request = requests.current.begin(current);
    let path = request.path;
    if (path === null) {
      setStage('uploading');
      setUpload({ loaded: 0, total: current.blob.size });
      try {
        path = await uploadToolPhoto(
          client,
          { userId: user.id, blob: current.blob, mimeType: current.mimeType },
          setUpload,
          controller.signal,
        );
        request.path = path;
      } catch (err) {
        if (controller.signal.aborted) return;
        setStage(null);
        setProblem({ message: removerMessages.uploadFailed });
        console.warn('background remover: upload failed', err);
        return;
      }
    }
    setStage('queued');
    try {
      const started = await startBackgroundRemoval(client, path, request.id);
      requests.current.answered(request);
      finished.current = null;
      queryClient.setQueryData(toolKeys.job(started.id), started);
      setJobId(started.id);
    } catch (err) {
      setStage(null);
      // refused by the server (not lost on the way): the next click is a new request
      if (!isNetworkError(err)) requests.current.answered(request);
      const code = serverCode(err)?.code;
      if (code === 'insufficient_credits')
        setProblem({ message: removerMessages.insufficient, insufficient: true });
      else if (code && PHOTO_CODES.has(code)) setServerError(err);
      else setProblem({ message: removerMessages.chargeFailed });
    } finally {
      refreshCredits();
    }
  }, [client, user.id, stage, price, remaining, clearResult, queryClient, refreshCredits]);

  const fetchResult = useCallback(
    async (resultPath: string) => {
      setStage('fetching');
      setProblem(null);
      try {
        const blob = await downloadToolImage(client, resultPath);
        const name = photoRef.current?.name ?? 'photo';
        setResult({ blob, url: URL.createObjectURL(blob), fileName: cutOutFileName(name) });
        setStage(null);
      } catch {
        setStage(null);
        setProblem({ message: removerMessages.downloadFailed, retry: 'download' });
      }
    },
    [client],
  );

  // The job's progress, as it arrives.
  const status = job.data?.status;
  const resultPath = job.data?.result_path ?? null;
  useEffect(() => {
    if (!jobId || !status || finished.current === jobId) return;
    if (status === 'processing') setStage((s) => (s === 'queued' ? 'processing' : s));
    if (status === 'completed' && resultPath) {
      finished.current = jobId;
      void fetchResult(resultPath);
    }
    if (status === 'failed') {
      finished.current = jobId;
      setStage(null);
      setProblem({ message: removerMessages.processingFailed, refunded: true });
      refreshCredits();
    }
  }, [jobId, status, resultPath, fetchResult, refreshCredits]);

  // The result downloads by itself 500 ms after it is shown.
  useEffect(() => {
    if (!result || downloaded.current === result) return;
    const timer = setTimeout(() => {
      downloaded.current = result;
      saveFile(result.blob, result.fileName);
    }, REMOVER_AUTO_DOWNLOAD_MS);
    return () => clearTimeout(timer);
  }, [result]);

  useEffect(
    () => () => {
      abort.current?.abort();
      if (photoRef.current) URL.revokeObjectURL(photoRef.current.url);
      if (resultRef.current) URL.revokeObjectURL(resultRef.current.url);
    },
    [],
  );

  return {
    photo,
    preparing,
    stage,
    upload,
    result,
    problem,
    serverError,
    price,
    remaining,
    enoughCredits,
    working: stage !== null,
    choose,
    removeBackground,
    reset,
    retryDownload: () => resultPath && void fetchResult(resultPath),
    download: () => {
      if (!result) return;
      try {
        saveFile(result.blob, result.fileName);
      } catch {
        setProblem({ message: removerMessages.downloadFailed });
      }
    },
  };
}
