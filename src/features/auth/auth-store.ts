// The signed-in state as the router and components see it: a session (and its user) or none.
// It follows supabase-js's auth events; `ready()` resolves once the client has read any
// stored session and any auth fragment in the URL (confirmation and recovery links).
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import type { AppAuthClient } from '../../lib/supabase-auth.ts';

export interface AuthSnapshot {
  status: 'loading' | 'authenticated' | 'anonymous';
  session: Session | null;
  user: User | null;
  lastEvent: AuthChangeEvent | null;
  /** set by a PASSWORD_RECOVERY event until the password is changed or the user leaves */
  recovering: boolean;
}

type Listener = (snapshot: AuthSnapshot, event: AuthChangeEvent | null) => void;

export function createAuthStore(auth: AppAuthClient) {
  let snapshot: AuthSnapshot = {
    status: 'loading',
    session: null,
    user: null,
    lastEvent: null,
    recovering: false,
  };
  const listeners = new Set<Listener>();

  const set = (session: Session | null, event: AuthChangeEvent | null) => {
    snapshot = {
      status: session ? 'authenticated' : 'anonymous',
      session,
      user: session?.user ?? null,
      lastEvent: event ?? snapshot.lastEvent,
      recovering: event === 'PASSWORD_RECOVERY' ? true : session ? snapshot.recovering : false,
    };
    for (const l of listeners) l(snapshot, event);
  };

  const readyPromise: Promise<AuthSnapshot> = auth
    .getSession()
    .then(({ data }) => {
      if (snapshot.status === 'loading') set(data.session, null);
      return snapshot;
    })
    .catch(() => {
      set(null, null);
      return snapshot;
    });

  auth.onAuthStateChange((event, session) => {
    // INITIAL_SESSION is handled by getSession above; everything else updates the snapshot.
    if (event === 'INITIAL_SESSION' && snapshot.status !== 'loading') return;
    set(session, event);
  });

  return {
    get: () => snapshot,
    ready: () => readyPromise.then(() => snapshot),
    subscribe(l: Listener) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    endRecovery() {
      snapshot = { ...snapshot, recovering: false };
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;
