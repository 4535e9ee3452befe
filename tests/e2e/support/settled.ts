// After an action the page answers on its own (a refusal, a panel that must stay open), the
// events it causes are handled and painted within two animation frames: wait for those rather
// than for a fixed time, then assert that nothing else happened.
import type { Page } from '@playwright/test';

export async function afterNextPaint(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Every finite animation and transition on the page has finished (spinners loop for ever and
 *  are not waited for), then the page has painted: what a screenshot waits for. */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  await afterNextPaint(page);
}
