import { useSyncExternalStore } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import type { User } from '@supabase/supabase-js';

export function useAuthStore() {
  return useRouteContext({ from: '__root__', select: (c) => c.auth });
}

export function useAuth() {
  const auth = useAuthStore();
  return useSyncExternalStore(auth.subscribe, auth.get, auth.get);
}

/** The signed-in user; only inside the guarded app routes. */
export function useUser(): User {
  const { user } = useAuth();
  if (!user) throw new Error('useUser is used outside the signed-in app');
  return user;
}
