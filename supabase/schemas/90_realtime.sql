-- Tables whose changes stream to signed-in clients (Supabase Realtime), each client seeing
-- only the rows row-level security lets it read.
alter publication supabase_realtime add table
  public.fixes,
  public.images,
  public.notifications,
  public.projects,
  public.subscriptions,
  public.tool_jobs;
