/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer a tap in
 * between. Starting the app is several steps of 10–50 ms each on a phone; run back to back they
 * are one long task that holds the main thread (Lighthouse counts each task's time beyond 50 ms
 * as blocking). `scheduler.yield()` resumes ahead of other queued tasks where the browser has it
 * (Chromium 129+); elsewhere a zero-delay timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
