-- Tables the app watches live (postgres_changes): projects and images (generation
-- progress), notifications (the bell), subscriptions (credits) and fixes (the fixes list).
-- Realtime applies each subscriber's row-level security, so a user only receives their
-- own rows. Replica identity stays the default (primary key): DELETE events carry only
-- the id, which is all the app needs and leaks nothing.
alter publication supabase_realtime add table
  public.projects, public.images, public.notifications, public.subscriptions, public.fixes;
