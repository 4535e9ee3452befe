// Runs inside the page (as an init script, before the app's own scripts) and notes, against
// the navigation start:
//   readyAt  — the first frame in which the screen's first usable thing exists (the login
//              form's e-mail field; the dashboard's credits card with its number), even if
//              something (the splash) still covers it;
//   usableAt — the first frame in which that thing is also what a tap at its centre reaches;
//   fcp, lcp — first and largest contentful paint, and what the largest paint was;
//   longTasks — the main thread's tasks over 50 ms, from which the bench works out the blocking
//              time after the first paint (Lighthouse's total blocking time, as observed
//              under the bench's own CPU slowdown rather than simulated).
export type FirstScreen = 'login' | 'home';

export interface ProbeResult {
  readyAt: number | null;
  usableAt: number | null;
  fcp: number | null;
  lcp: number | null;
  lcpElement: string | null;
  longTasks: { start: number; duration: number }[];
}

declare global {
  interface Window {
    __firstScreenProbe?: ProbeResult;
  }
}

export function installFirstScreenProbe(screen: FirstScreen) {
  const probe: ProbeResult = {
    readyAt: null,
    usableAt: null,
    fcp: null,
    lcp: null,
    lcpElement: null,
    longTasks: [],
  };
  window.__firstScreenProbe = probe;

  const describe = (el: Element | null | undefined) => {
    if (!el) return null;
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}>${text ? ` "${text}"` : ''}`;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
      probe.lcp = e.startTime;
      probe.lcpElement = describe(e.element);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') probe.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });

  const target = (): Element | null | undefined => {
    if (screen === 'login') return document.querySelector('input[type="email"]');
    return [...document.querySelectorAll('section')].find(
      (s) =>
        /Available credits/.test(s.textContent ?? '') && /\d/.test(s.querySelector('p')?.textContent ?? ''),
    );
  };
  const reachable = (el: Element) => {
    const r = el.getBoundingClientRect();
    const x = Math.min(Math.max(r.left + r.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(r.top + Math.min(r.height, 40) / 2, 0), window.innerHeight - 1);
    if (r.width === 0 || r.height === 0) return false;
    const hit = document.elementFromPoint(x, y);
    return !!hit && (hit === el || el.contains(hit));
  };
  const tick = () => {
    const el = target();
    if (el) {
      const now = performance.now();
      probe.readyAt ??= now;
      if (reachable(el)) probe.usableAt = now;
    }
    if (probe.usableAt === null) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** Total blocking time as Lighthouse defines it: each task's time beyond 50 ms, counted from the
 *  first contentful paint (to whenever the probe was read). */
export function blockingTime(probe: ProbeResult): number | null {
  if (probe.fcp === null) return null;
  const fcp = probe.fcp;
  return probe.longTasks
    .filter((t) => t.start + t.duration > fcp)
    .reduce((sum, t) => sum + Math.max(0, t.start + t.duration - Math.max(t.start, fcp) - 50), 0);
}

/** The probe as init-script source (tsx's name-keeping helper is defined for it: the
 *  function's source may call `__name`, which the page does not have). */
export function firstScreenProbeScript(screen: FirstScreen): string {
  return `var __name = (f) => f;\n(${installFirstScreenProbe.toString()})(${JSON.stringify(screen)});`;
}
