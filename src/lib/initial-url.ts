// The address the app was opened with, read before supabase-js consumes and clears an auth
// fragment (#access_token=…&type=recovery). The reset-password screen needs to know what the
// link said.
export const initialUrl =
  typeof window === 'undefined' ? new URL('http://localhost/') : new URL(window.location.href);

export function initialAuthParams(): URLSearchParams {
  const params = new URLSearchParams(initialUrl.hash.replace(/^#/, ''));
  for (const [k, v] of initialUrl.searchParams) params.set(k, v);
  return params;
}
