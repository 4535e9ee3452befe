// CORS for edge functions called from the browser app. Hosted Supabase does not answer
// preflights for a function: the function must, and every response it sends needs these
// headers too. The allowed headers are the ones supabase-js sends on functions.invoke
// (the same set as `@supabase/supabase-js/cors`, plus x-region for regional invokes).
//
//   Deno.serve(async (req) => {
//     const preflight = corsPreflight(req);
//     if (preflight) return preflight;
//     return Response.json(result, { headers: corsHeaders });
//   });

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, x-retry-count, x-region',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Expose-Headers': 'content-type, content-length, content-disposition',
};

/** The answer to a browser's preflight request, or null when `req` is not one. */
export function corsPreflight(req: Request): Response | null {
  if (req.method !== 'OPTIONS') return null;
  return new Response(null, { status: 204, headers: { ...corsHeaders, 'Access-Control-Max-Age': '86400' } });
}
