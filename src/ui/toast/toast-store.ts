// The toast store: at most MAX_TOASTS kept (oldest dropped first); a toast without a duration
// stays until it is dismissed or updated (loading toasts). Toasts of one kind (`group`: five
// projects generating at once) show as one, the newest, with how many more there are
// (groupToasts); toasts whose news the bell also holds (`inBell`) go when the bell is opened.
export type ToastTone = 'info' | 'success' | 'error' | 'loading';

export interface Toast {
  id: string;
  tone: ToastTone;
  title: string;
  description?: string;
  /** milliseconds; null keeps the toast until dismissed */
  duration: number | null;
  createdAt: number;
  /** toasts of one kind show as one (the newest, "N more") */
  group?: string;
  /** its news is in the notification bell too */
  inBell?: boolean;
}

export interface ToastInput {
  id?: string;
  tone?: ToastTone;
  title: string;
  description?: string;
  duration?: number | null;
  group?: string;
  inBell?: boolean;
}

export const MAX_TOASTS = 20;
export const DEFAULT_DURATION = 5000;
/** How many toasts (after grouping) show at once: three stay under half of a phone's screen. */
export const MAX_VISIBLE_TOASTS = 3;

/** What the toaster shows: one toast per group, the newest, with the ids it stands for. */
export interface ToastGroup {
  toast: Toast;
  /** every toast it stands for (dismissing it dismisses them all) */
  ids: string[];
  /** how many others of its kind it stands for */
  more: number;
}

/**
 * One toast per group (toasts without a group are their own), the group's newest standing for
 * the others, in the order of their newest; only the newest `max` of those show.
 */
export function groupToasts(toasts: readonly Toast[], max = MAX_VISIBLE_TOASTS): ToastGroup[] {
  const byKey = new Map<string, Toast[]>();
  for (const t of toasts) {
    const key = t.group ? `group:${t.group}` : `id:${t.id}`;
    const members = byKey.get(key);
    if (members) members.push(t);
    else byKey.set(key, [t]);
  }
  // the store keeps toasts oldest first (a replaced one moves to the end): a group's last is its
  // newest, and decides where the group stands
  const order = new Map(toasts.map((t, i) => [t.id, i]));
  const groups = [...byKey.values()].map((members) => ({
    toast: members[members.length - 1],
    ids: members.map((m) => m.id),
    more: members.length - 1,
  }));
  groups.sort((a, b) => (order.get(a.toast.id) ?? 0) - (order.get(b.toast.id) ?? 0));
  return groups.slice(-max);
}

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
      ...(input.group ? { group: input.group } : {}),
      ...(input.inBell ? { inBell: true } : {}),
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

  /** Dismisses every toast the predicate picks (a group's, or those the bell now shows). */
  function dismissWhere(pick: (t: Toast) => boolean) {
    const gone = toasts.filter(pick);
    if (gone.length === 0) return;
    for (const t of gone) {
      clearTimeout(timers.get(t.id));
      timers.delete(t.id);
    }
    toasts = toasts.filter((t) => !pick(t));
    emit();
  }

  return {
    show,
    dismiss,
    dismissWhere,
    /** The bell opened: its news need no toast any more. */
    dismissInBell: () => dismissWhere((t) => t.inBell === true),
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
