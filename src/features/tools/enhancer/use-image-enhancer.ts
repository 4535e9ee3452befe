// The Image Enhancer's flow: one photo, prepared by the wizard's pipeline (HEIC, the camera's
// rotation, at most 2048 px) → 2× or 4× (the factor that keeps it within 4096 px) → the model
// in a worker on this device, tile by tile with progress, cancellable → the result beside the
// photo → download as PNG, JPG or WebP. Nothing leaves the device and nothing is charged.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { saveFile } from '../../../lib/save-file.ts';
import { convertImage, type DownloadFormat } from '../../projects/downloads.ts';
import { useSubscription } from '../../subscription/index.ts';
import { PrepareError, preparePhoto } from '../../../lib/photos/prepare-photo.ts';
import { TOOL_BYTE_BUDGET } from '../../../lib/photos/limits.ts';
import { enhancedFileName } from '../download.ts';
import { enhancerMessages } from '../messages.ts';
import { isLocked, TOOLS } from '../tool-list.ts';
import { createEnhancerClient, EnhanceFailed, enhancerWorker } from './client.ts';
import type { EnhanceProblem, EnhanceStage } from './protocol.ts';
import { chooseFactor, type EnhanceFactor } from './rules.ts';

export interface EnhancerPhoto {
  name: string;
  blob: Blob;
  url: string;
  width: number;
  height: number;
}

export interface EnhancedResult {
  blob: Blob;
  url: string;
  width: number;
  height: number;
  factor: EnhanceFactor;
  backend: string;
  ms: number;
}

export type EnhancerProblem = { message: MessageDescriptor; values?: Record<string, string | number> };

const PROBLEM_WORDS: Record<EnhanceProblem, MessageDescriptor> = {
  'model-unavailable': enhancerMessages.modelUnavailable,
  unsupported: enhancerMessages.unsupported,
  'too-large': enhancerMessages.tooLargeToEnhance,
  unreadable: enhancerMessages.unreadable,
  'out-of-memory': enhancerMessages.outOfMemory,
  failed: enhancerMessages.failed,
};

const ENHANCER = TOOLS.find((t) => t.id === 'image-enhancer');

export function useImageEnhancer() {
  const { data: subscription, isPending: planPending } = useSubscription();
  const plan = subscription?.plan;
  const locked = !planPending && ENHANCER !== undefined && isLocked(ENHANCER, plan);

  const [photo, setPhoto] = useState<EnhancerPhoto | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [factor, setFactor] = useState<EnhanceFactor>(2);
  const [format, setFormat] = useState<DownloadFormat>('png');
  const [stage, setStage] = useState<EnhanceStage | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<EnhancedResult | null>(null);
  const [problem, setProblem] = useState<EnhancerProblem | null>(null);
  const [saving, setSaving] = useState(false);

  const client = useRef<ReturnType<typeof createEnhancerClient> | null>(null);
  const running = useRef<AbortController | null>(null);
  const photoRef = useRef(photo);
  photoRef.current = photo;
  const resultRef = useRef(result);
  resultRef.current = result;

  const choice = photo ? chooseFactor(photo, factor) : null;

  const clearResult = useCallback(() => {
    if (resultRef.current) URL.revokeObjectURL(resultRef.current.url);
    setResult(null);
  }, []);

  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = null;
  }, []);

  const reset = useCallback(() => {
    cancel();
    if (photoRef.current) URL.revokeObjectURL(photoRef.current.url);
    clearResult();
    setPhoto(null);
    setStage(null);
    setProgress(null);
    setProblem(null);
  }, [cancel, clearResult]);

  const choose = useCallback(
    async (files: File[]) => {
      const [file] = files;
      if (!file) return;
      reset();
      setPreparing(true);
      try {
        const prepared = await preparePhoto(file, TOOL_BYTE_BUDGET);
        setPhoto({
          name: file.name,
          blob: prepared.blob,
          url: URL.createObjectURL(prepared.blob),
          width: prepared.width,
          height: prepared.height,
        });
      } catch (err) {
        const reason = err instanceof PrepareError ? err.problem : 'unreadable';
        setProblem({
          message:
            reason === 'not-image'
              ? enhancerMessages.wrongType
              : reason === 'file-too-large'
                ? enhancerMessages.fileTooLarge
                : enhancerMessages.unreadable,
        });
      } finally {
        setPreparing(false);
      }
    },
    [reset],
  );

  const enhance = useCallback(async () => {
    const current = photoRef.current;
    if (!current || running.current) return;
    const chosen = chooseFactor(current, factor);
    if (!chosen.ok) {
      setProblem({ message: enhancerMessages.tooLargeToEnhance });
      return;
    }
    clearResult();
    setProblem(null);
    const controller = new AbortController();
    running.current = controller;
    setStage('loading-model');
    setProgress(null);
    client.current ??= createEnhancerClient(enhancerWorker);
    try {
      const out = await client.current.enhance(current.blob, chosen.factor, {
        signal: controller.signal,
        onStage: setStage,
        onProgress: (done, total) => setProgress({ done, total }),
      });
      if (photoRef.current !== current) return;
      setResult({ ...out, url: URL.createObjectURL(out.blob), factor: chosen.factor });
    } catch (err) {
      if (err instanceof EnhanceFailed) setProblem({ message: PROBLEM_WORDS[err.problem] });
      else if (!(err instanceof DOMException && err.name === 'AbortError'))
        setProblem({ message: enhancerMessages.failed });
    } finally {
      if (running.current === controller) running.current = null;
      setStage(null);
      setProgress(null);
    }
  }, [factor, clearResult]);

  const download = useCallback(async () => {
    const current = resultRef.current;
    const source = photoRef.current;
    if (!current || !source) return;
    setSaving(true);
    setProblem(null);
    try {
      const file = await convertImage(current.blob, format);
      saveFile(file, enhancedFileName(source.name, current.factor, format));
    } catch {
      setProblem({
        message: format === 'png' ? enhancerMessages.failed : enhancerMessages.formatUnsupported,
        values: { format: format === 'webp' ? 'WebP' : format.toUpperCase() },
      });
    } finally {
      setSaving(false);
    }
  }, [format]);

  // The worker and the object URLs go with the page.
  useEffect(
    () => () => {
      running.current?.abort();
      client.current?.close();
      if (photoRef.current) URL.revokeObjectURL(photoRef.current.url);
      if (resultRef.current) URL.revokeObjectURL(resultRef.current.url);
    },
    [],
  );

  return {
    locked,
    planPending,
    photo,
    preparing,
    factor,
    setFactor: (f: EnhanceFactor) => {
      if (f !== factor) clearResult();
      setFactor(f);
    },
    choice,
    format,
    setFormat,
    stage,
    progress,
    working: stage !== null,
    result,
    problem,
    saving,
    choose,
    enhance,
    cancel,
    reset,
    download,
  };
}
