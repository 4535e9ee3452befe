// Projects being generated right now, for the header's processing indicator.
type Listener = () => void;
let ids: ReadonlySet<string> = new Set();
const listeners = new Set<Listener>();

export const processingStore = {
  get: () => ids,
  subscribe(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  set(id: string, processing: boolean) {
    const next = new Set(ids);
    if (processing) next.add(id);
    else next.delete(id);
    if (next.size === ids.size && [...next].every((x) => ids.has(x))) return;
    ids = next;
    for (const l of listeners) l();
  },
  clear() {
    ids = new Set();
    for (const l of listeners) l();
  },
};
