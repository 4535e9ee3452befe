/** Where supabase-js keeps the session for a project URL: `sb-<first label of the host>-auth-token`.
 *  (The build reads it too: index.html checks for a session before the app runs.) */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}
