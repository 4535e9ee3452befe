// Watermarked copies of images made on a plan without a watermark, for a seller now on one
// (a paid plan that became free: 20261123002400). The free plan only ever sees watermarked
// results, and its storage policies refuse the clean ones, so without a copy an old project
// would show nothing. The copy is drawn exactly as a new free-plan result's
// (outputs.ts → watermark.ts) from the clean image, and stored under the same name in
// 'watermarked'; then images.watermarked_path names it and the seller's screens follow live.
import { type EngineConfig, retryDelaySeconds } from './config.ts';
import type { EngineContext } from './context.ts';
import { objectUrl } from './outputs.ts';
import { decodePng, encodePng, isPng } from './png.ts';
import type { DispatchReport } from './report.ts';
import type { EngineStore, WatermarkJob, WatermarkOutcome } from './store.ts';
import { applyWatermark } from './watermark.ts';

export const WATERMARK_COMMENT = 'Drape preview: watermarked (free plan)';

/** Makes and stores the copy; its object name and authenticated URL. */
export async function makeWatermarkCopy(
  job: WatermarkJob,
  deps: { store: EngineStore; config: EngineConfig },
): Promise<{ path: string; url: string }> {
  const clean = await deps.store.download('generated', job.generated_path);
  if (!isPng(clean)) throw new Error(`generated/${job.generated_path} is not a PNG`);
  const marked = await encodePng(applyWatermark(await decodePng(clean)), { Comment: WATERMARK_COMMENT });
  await deps.store.upload('watermarked', job.generated_path, marked, 'image/png');
  return { path: job.generated_path, url: objectUrl(deps.config, 'watermarked', job.generated_path) };
}

/**
 * The dispatch step for one claimed copy (no provider: drawn here from the clean image): the
 * copy is made and recorded, or this attempt's error is (retried with the engine's backoff,
 * then failed). A database error is reported; the row's lease brings it back later.
 */
export async function copyWatermark(
  ctx: EngineContext,
  job: WatermarkJob,
  report: DispatchReport,
): Promise<void> {
  try {
    let outcome: WatermarkOutcome;
    try {
      outcome = await ctx.timed('watermark-copy', job.image_id, () => makeWatermarkCopy(job, ctx));
    } catch (err) {
      outcome = { error: err instanceof Error ? err.message : String(err) };
    }
    const r = await ctx.store.finishWatermark(
      job,
      outcome,
      retryDelaySeconds(ctx.config, job.attempt),
      ctx.config.maxAttempts,
    );
    if (r === 'completed') report.watermarked++;
    else if (r === 'retrying') report.retried++;
    else if (r === 'failed') report.failed++;
    else report.stale++;
    if ('error' in outcome)
      ctx.log(`watermark copy ${job.image_id} attempt ${job.attempt}: ${outcome.error} → ${r}`);
  } catch (err) {
    const message = `watermark ${job.image_id}: ${err instanceof Error ? err.message : String(err)}`;
    report.errors.push(message);
    ctx.log(message);
  }
}
