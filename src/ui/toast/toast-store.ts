// The toast store: at most MAX_TOASTS kept (oldest dropped first); a toast without a duration
// stays until it is dismissed or updated (loading toasts).
export type ToastTone = 'info' | 'success' | 'error' | 'loading';

export interface Toast {
  id: string;
  tone: ToastTone;
  title: string;
  description?: string;
  /** milliseconds; null keeps the toast until dismissed */
  duration: number | null;
  createdAt: number;
}

export interface ToastInput {
  id?: string;
  tone?: ToastTone;
  title: string;
  description?: string;
  duration?: number | null;
}

export const MAX_TOASTS = 20;
export const DEFAULT_DURATION = 5000;

type Listener = () => void;

export function createToastStore() {
  let toasts: Toast[] = [];
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const listeners = new Set<Listener>();
  let seq = 0;

  const emit = () => {
    for (const l of listeners) l();
  };

  const schedule = (t: Toast) => {
    clearTimeout(timers.get(t.id));
    timers.delete(t.id);
    if (t.duration !== null)
      timers.set(
        t.id,
        setTimeout(() => dismiss(t.id), t.duration),
      );
  };

  function dismiss(id: string) {
    clearTimeout(timers.get(id));
    timers.delete(id);
    const next = toasts.filter((t) => t.id !== id);
    if (next.length !== toasts.length) {
      toasts = next;
      emit();
    }
  }

  /** Adds a toast, or replaces the one with the same id (a loading toast turning into a result). */
  function show(input: ToastInput): string {
    const tone = input.tone ?? 'info';
    const toast: Toast = {
      id: input.id ?? `toast-${++seq}`,
      tone,
      title: input.title,
      description: input.description,
      duration: input.duration !== undefined ? input.duration : tone === 'loading' ? null : DEFAULT_DURATION,
      createdAt: Date.now(),
    };
    const rest = toasts.filter((t) => t.id !== toast.id);
    const next = [...rest, toast];
    const dropped = next.slice(0, Math.max(0, next.length - MAX_TOASTS));
    dropped.forEach((t) => {
      clearTimeout(timers.get(t.id));
      timers.delete(t.id);
    });
    toasts = next.slice(-MAX_TOASTS);
    schedule(toast);
    emit();
    return toast.id;
  }

  return {
    show,
    dismiss,
    clear() {
      timers.forEach(clearTimeout);
      timers.clear();
      toasts = [];
      emit();
    },
    getSnapshot: () => toasts,
    subscribe(l: Listener) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The app's one toast store. */
export const toast = createToastStore();
