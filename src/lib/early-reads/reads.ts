// What a signed-in first screen reads, written out as requests, so that index.html's <head>
// script can send them as the page starts (scripts/vite/first-screen.ts), beside the app's
// scripts instead of after them. The app's own requests then take those answers
// (./early-fetch.ts). Without them, a phone's first screen waited for its scripts to download
// and run before its reads even left, and then for two round trips (the CORS preflight and the
// read).
//
// These are the requests the routes' loaders make (routes/_app.tsx, the shell's; the screens'
// own below), as supabase-js words them: __tests__/reads.test.ts runs the loaders and compares.
// A request that no longer matches is only sent for nothing; the app reads for itself.
//
// Plain data: the build imports this file.

export interface EarlyRead {
  method: 'GET' | 'HEAD' | 'POST';
  /** relative to the Supabase URL; USER stands for the signed-in user's id */
  path: string;
  /** what supabase-js sends beside apikey, Authorization and X-Client-Info */
  headers: Record<string, string>;
  body?: string;
  /** its answer's `pictures[0].url` (relative to the Storage API) is preloaded once it is in */
  firstPicture?: boolean;
}

export const USER = '{user}';
/** a body: what the projects' first read asks to sign on this screen, as JSON (the <head> script
 *  puts it in, from cardThumbnails in src/features/projects/image-sources.ts) */
export const THUMBNAIL = '{first-screen}';

const rows = (path: string, headers: Record<string, string> = {}): EarlyRead => ({
  method: 'GET',
  path: `rest/v1/${path}`,
  headers: { 'accept-profile': 'public', ...headers },
});

const rpc = (name: string, args: Record<string, unknown> = {}): EarlyRead => ({
  method: 'POST',
  path: `rest/v1/rpc/${name}`,
  headers: { 'content-profile': 'public', 'content-type': 'application/json' },
  body: JSON.stringify(args),
});

/** an edge function called as supabase-js's functions.invoke words a JSON body */
const invoke = (name: string, body: string): EarlyRead => ({
  method: 'POST',
  path: `functions/v1/${name}`,
  headers: { 'content-type': 'application/json' },
  body,
});

/** PostgREST's select, encoded as supabase-js does (URLSearchParams) */
const select = (columns: string) => new URLSearchParams({ select: columns }).toString();

const subscription = rows(
  `subscriptions?${select('plan,credits_remaining,credits_used,rollover_credits,current_period_end,cancel_at_period_end,scheduled_plan')}&user_id=eq.${USER}`,
);
const plans = rows(
  `plans?${select('id,monthly_credits,price_eur,low_credit_alerts,low_credit_threshold,video,custom_model,custom_background,watermark_free_download')}&order=rank.asc`,
);

export const EARLY_READS: {
  /** every screen behind sign-in: the shell's (features/shell/shell-data.ts) */
  signedIn: EarlyRead[];
  /** a screen's own, by address */
  routes: Record<string, EarlyRead[]>;
} = {
  signedIn: [
    subscription,
    plans,
    rows(
      `notifications?${select('id,type,title,message,read,project_id,data,created_at')}&user_id=eq.${USER}&order=created_at.desc&limit=10`,
    ),
    {
      ...rows(`notifications?select=id&user_id=eq.${USER}&read=eq.false`, { prefer: 'count=exact' }),
      method: 'HEAD',
    },
    rows(`profiles?${select('id,full_name,phone_number,language')}&id=eq.${USER}`),
  ],
  routes: {
    '/home': [rpc('get_project_stats'), rpc('get_recent_activity')],
    // the list with the first cards' pictures signed (features/projects/api.ts)
    '/projects': [{ ...invoke('projects-first-screen', THUMBNAIL), firstPicture: true }],
  },
};
