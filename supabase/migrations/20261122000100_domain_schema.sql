-- Drape domain schema: reference data (plans, prices, catalogue) and everything a seller
-- owns. Row-level security, grants and policies are in ..._rls.sql; every rule that moves
-- credits or changes a status lives in SQL functions and triggers in the later files.
--
-- Conventions
-- - Credits are numeric(12,2): tools cost 0.15 and 0.40 credits.
-- - Timestamps are timestamptz. Time-dependent rules read private.app_now(), which tests
--   (and only trusted sessions) can move with `set local drape.now = '...'`.
-- - Internal helpers live in schema `private`, which the API does not expose.

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to service_role;

-- The one clock every time-dependent rule reads. A session that is not an API request of a
-- client (no JWT role, or service_role) may move it with the `drape.now` setting; a client
-- request always gets the real time.
create or replace function private.app_now() returns timestamptz
language sql stable
set search_path = ''
as $$
  select case
    when nullif(current_setting('drape.now', true), '') is not null
     and coalesce(auth.role(), 'service_role') = 'service_role'
    then current_setting('drape.now', true)::timestamptz
    else now()
  end
$$;

create or replace function private.tg_set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- Credits shown to people: whole numbers without decimals, otherwise two decimals.
create or replace function private.format_credits(n numeric) returns text
language sql immutable
set search_path = ''
as $$
  select case when n = trunc(n) then trunc(n)::text else to_char(n, 'FM999999990.00') end
$$;

-- Two decimals, as the insufficient-credits message has them.
create or replace function private.money2(n numeric) returns text
language sql immutable
set search_path = ''
as $$ select to_char(coalesce(n, 0), 'FM999999990.00') $$;

-- Reference data -----------------------------------------------------------------------

-- The plans (spec 2 §9, spec 1 §6). Enterprise is a contact-sales tier, not a plan a
-- subscription can hold.
create table public.plans (
  id text primary key check (id in ('free', 'lite', 'pro', 'advanced')),
  rank smallint not null unique,
  name text not null,
  monthly_credits numeric(12,2) not null check (monthly_credits >= 0),
  price_eur numeric(10,2) not null check (price_eur >= 0),
  extra_credit_unit_price_eur numeric(10,2) not null check (extra_credit_unit_price_eur > 0),
  free_fixes_per_project integer not null check (free_fixes_per_project >= 0),
  revisions integer not null check (revisions >= 0),
  fix_turnaround_days integer check (fix_turnaround_days > 0),
  resolution text not null,
  watermark boolean not null,
  watermark_free_download boolean not null,
  can_buy_credit_packs boolean not null,
  low_credit_alerts boolean not null,
  video boolean not null,
  custom_model boolean not null,
  custom_background boolean not null,
  custom_video_style boolean not null,
  all_models_and_backgrounds boolean not null,
  white_glove_quality_control boolean not null default false,
  -- the card payment provider's recurring price for this plan (set per deployment)
  stripe_price_id text unique,
  updated_at timestamptz not null default now()
);

-- What each chargeable thing costs, in credits (spec 2 §9).
create table public.credit_prices (
  item text primary key,
  kind text not null check (kind in ('generation', 'fix', 'tool', 'video')),
  credits numeric(12,2) not null check (credits > 0),
  name text not null
);

-- Volume discount on credit packs (spec 2 §9): 5% from 100, 10% from 200, 20% from 400.
create table public.credit_volume_discounts (
  min_credits integer primary key check (min_credits > 0),
  discount_percent numeric(5,2) not null check (discount_percent between 0 and 100)
);

-- Catalogue ----------------------------------------------------------------------------

create table public.models (
  id integer primary key,
  gender text not null check (gender in ('women', 'men')),
  slug text not null unique,
  name text not null,
  age_range text not null check (age_range in ('18-25', '26-35', '36-45')),
  is_new boolean not null default false,
  sort_order integer not null,
  -- the card image (the first of its media)
  image_path text not null,
  -- how the generation provider is told about this model
  description text not null default ''
);
create index models_gender_idx on public.models (gender, sort_order);

-- Photos and videos of a model, in display order (the first image is the card image).
create table public.model_media (
  model_id integer not null references public.models (id) on delete cascade,
  position smallint not null,
  kind text not null check (kind in ('image', 'video')),
  path text not null,
  primary key (model_id, position)
);

-- Three poses, each with an image per gender.
create table public.poses (
  gender text not null check (gender in ('women', 'men')),
  id integer not null,
  slug text not null,
  name text not null,
  description text not null,
  -- the words sent to the generation provider ('back view' is sent as
  -- 'backview looking over the shoulder', spec 2 §7)
  prompt text not null,
  image_path text not null,
  sort_order integer not null,
  primary key (gender, id)
);

create table public.backgrounds (
  id integer primary key,
  slug text not null unique,
  name text not null,
  -- the subtitle on the card
  type text not null,
  -- null for Original, which keeps the photo's own background
  image_path text,
  blurred_image_path text,
  prompt text not null,
  keeps_original boolean not null default false,
  on_model boolean not null,
  flat_lay boolean not null,
  sort_order integer not null
);

create table public.video_styles (
  id text primary key,
  name_en text not null,
  name_el text not null,
  prompt text not null,
  preview_image_path text not null,
  preview_video_path text not null,
  sort_order integer not null
);

-- What a seller owns ------------------------------------------------------------------

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text,
  phone_number text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- One row per user. credits_remaining = plan_credits + purchased_credits at all times:
-- plan credits are granted each period (and carried over up to two months' worth),
-- purchased credits never expire. Spending takes plan credits first.
create table public.subscriptions (
  user_id uuid primary key references auth.users (id) on delete cascade,
  plan text not null default 'free' references public.plans (id),
  credits_remaining numeric(12,2) not null default 0 check (credits_remaining >= 0),
  plan_credits numeric(12,2) not null default 0 check (plan_credits >= 0),
  purchased_credits numeric(12,2) not null default 0 check (purchased_credits >= 0),
  -- credits spent in the current period (net of refunds)
  credits_used numeric(12,2) not null default 0 check (credits_used >= 0),
  -- billing periods are whole months counted from the anchor
  period_anchor timestamptz not null default now(),
  current_period_start timestamptz not null default now(),
  current_period_end timestamptz not null default (now() + interval '1 month'),
  cancel_at_period_end boolean not null default false,
  status text not null default 'active' check (status in ('active', 'past_due', 'canceled')),
  stripe_customer_id text unique,
  stripe_subscription_id text unique,
  low_credit_notified_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint subscriptions_balance_parts check (credits_remaining = plan_credits + purchased_credits),
  constraint subscriptions_period_order check (current_period_end > current_period_start)
);
create index subscriptions_period_end_idx on public.subscriptions (current_period_end);

-- Every change of a balance. Sums to subscriptions.credits_remaining per user.
create table public.credit_ledger (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  amount numeric(12,2) not null check (amount <> 0),
  plan_delta numeric(12,2) not null default 0,
  purchased_delta numeric(12,2) not null default 0,
  balance_after numeric(12,2) not null check (balance_after >= 0),
  reason text not null check (reason in (
    'signup_bonus', 'plan_grant', 'expiry', 'generation', 'fix', 'tool', 'video',
    'refund', 'purchase', 'adjustment')),
  -- what the change is about: 'project:<id>', 'image:<id>', 'fix:<id>', 'period:<start>',
  -- 'ledger:<id>' for the refund of a charge, the payment reference for a purchase
  reference text,
  -- for a refund: the charge it gives back
  refund_of uuid references public.credit_ledger (id),
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  constraint credit_ledger_split check (amount = plan_delta + purchased_delta),
  constraint credit_ledger_refund_of check ((refund_of is null) or reason = 'refund')
);
create index credit_ledger_user_idx on public.credit_ledger (user_id, created_at desc);
create index credit_ledger_refund_of_idx on public.credit_ledger (refund_of) where refund_of is not null;
-- Grants, refunds, purchases and per-object charges happen at most once per reference.
create unique index credit_ledger_once_idx on public.credit_ledger (user_id, reason, reference)
  where reference is not null
    and reason in ('signup_bonus', 'plan_grant', 'expiry', 'generation', 'fix', 'refund', 'purchase');

create table public.projects (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0 and length(name) <= 120),
  type text not null check (type in ('on-model', 'flat-lay')),
  status text not null default 'draft'
    check (status in ('draft', 'processing', 'completed', 'failed', 'rejected', 'archived')),
  -- the selection, validated by public.start_generation
  model_id integer references public.models (id),
  custom_model text,
  background_id integer references public.backgrounds (id),
  custom_background text,
  background_blurred boolean not null default false,
  pose_ids integer[] not null default '{}',
  product_paths text[] not null default '{}',
  credits_charged numeric(12,2) not null default 0,
  charge_id uuid references public.credit_ledger (id) on delete set null,
  metadata jsonb not null default '{}'::jsonb,
  video_status text check (video_status in ('pending', 'processing', 'completed', 'failed')),
  video_style text,
  video_custom_description text,
  video_url text,
  video_path text,
  video_error text,
  video_requested_at timestamptz,
  video_charge_id uuid references public.credit_ledger (id) on delete set null,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index projects_user_created_idx on public.projects (user_id, created_at desc);
create index projects_user_status_idx on public.projects (user_id, status);

create table public.images (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- the product photo: object name in bucket 'uploads', and the URL recorded at upload
  original_path text not null,
  original_url text,
  pose_id integer not null,
  -- display order within the project (product, then pose)
  position integer not null default 0,
  status text not null default 'pending'
    check (status in ('pending', 'processing', 'completed', 'failed', 'rejected')),
  -- results: object names in buckets 'generated' (clean) and 'watermarked'
  generated_path text,
  generated_url text,
  watermarked_path text,
  credit_cost numeric(12,2) not null default 1 check (credit_cost >= 0),
  error text,
  attempts integer not null default 0,
  lease_expires_at timestamptz,
  worker text,
  provider_job_id text,
  refunded_at timestamptz,
  metadata jsonb not null default '{}'::jsonb,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index images_project_idx on public.images (project_id, position);
create index images_user_idx on public.images (user_id);
create index images_queue_idx on public.images (created_at) where status in ('pending', 'processing');

create table public.fixes (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  image_id uuid references public.images (id) on delete set null,
  -- object name of the drawing in bucket 'fix-drawings'
  annotated_image text,
  description text not null check (length(btrim(description)) > 0 and length(description) <= 2000),
  status text not null default 'pending' check (status in ('pending', 'processing', 'completed', 'rejected')),
  result_path text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index fixes_user_created_idx on public.fixes (user_id, created_at desc);
create unique index fixes_one_pending_per_project on public.fixes (project_id) where status = 'pending';

-- Kept when a fix is deleted (fix_id becomes null), so deleting a fix never returns a
-- free fix: free fixes used = fix_requests with is_free for the project.
create table public.fix_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  project_id uuid not null references public.projects (id) on delete cascade,
  fix_id uuid references public.fixes (id) on delete set null,
  is_free boolean not null,
  credits_charged numeric(12,2) not null default 0,
  charge_id uuid references public.credit_ledger (id) on delete set null,
  created_at timestamptz not null default now()
);
create index fix_requests_project_idx on public.fix_requests (project_id);
create index fix_requests_user_idx on public.fix_requests (user_id);

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  type text not null check (type in (
    'project_created', 'project_completed', 'project_failed', 'project_rejected',
    'credits_low', 'credits_empty')),
  title text not null,
  message text not null,
  project_id uuid references public.projects (id) on delete set null,
  -- values the app needs to show the text in another language (projectName, credits)
  data jsonb not null default '{}'::jsonb,
  read boolean not null default false,
  created_at timestamptz not null default now()
);
create index notifications_user_created_idx on public.notifications (user_id, created_at desc);
create index notifications_unread_idx on public.notifications (user_id) where not read;

-- Activity and purchase history (spec 1 §3, spec 2 §3). Activity events are
-- 'user_activity_<type>'; billing events are credit_purchase_processed,
-- subscription_updated, plan_determination, subscription_plan_changed.
create table public.webhook_logs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  event_type text not null,
  customer_id text,
  subscription_id text,
  price_id text,
  raw_data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index webhook_logs_user_event_idx on public.webhook_logs (user_id, event_type, created_at desc);
create index webhook_logs_user_created_idx on public.webhook_logs (user_id, created_at desc);

create table public.uploaded_files (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  file_name text not null check (length(file_name) between 1 and 255),
  -- object name in bucket 'uploads': {userId}/{timestamp}-{filename}
  file_path text not null unique,
  file_size bigint check (file_size >= 0),
  mime_type text check (mime_type in ('image/png', 'image/jpeg', 'image/webp')),
  public_url text,
  created_at timestamptz not null default now(),
  constraint uploaded_files_path_owner check (split_part(file_path, '/', 1) = user_id::text)
);
create index uploaded_files_user_created_idx on public.uploaded_files (user_id, created_at desc);

-- Outbound notices (feedback, contact, sales requests, low-credit notices, fix requests):
-- stored first, then posted by the functions layer, so a failing webhook loses nothing.
create table public.outbound_notices (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete set null,
  kind text not null check (kind in ('feedback', 'contact', 'sales', 'low_credits', 'fix_request')),
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index outbound_notices_due_idx on public.outbound_notices (next_attempt_at) where status in ('pending', 'sending');
create index outbound_notices_user_idx on public.outbound_notices (user_id, kind, created_at desc);

-- Payment provider events already processed (webhook idempotency).
create table public.payment_events (
  id text primary key,
  type text not null,
  user_id uuid references auth.users (id) on delete set null,
  payload jsonb not null default '{}'::jsonb,
  received_at timestamptz not null default now(),
  processed_at timestamptz
);

-- updated_at --------------------------------------------------------------------------
create trigger set_updated_at before update on public.profiles
  for each row execute function private.tg_set_updated_at();
create trigger set_updated_at before update on public.subscriptions
  for each row execute function private.tg_set_updated_at();
create trigger set_updated_at before update on public.projects
  for each row execute function private.tg_set_updated_at();
create trigger set_updated_at before update on public.images
  for each row execute function private.tg_set_updated_at();
create trigger set_updated_at before update on public.fixes
  for each row execute function private.tg_set_updated_at();
create trigger set_updated_at before update on public.plans
  for each row execute function private.tg_set_updated_at();
