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
  updated_at timestamptz not null default now(),
  low_credit_threshold numeric(12,2) not null default 3 check (low_credit_threshold >= 0)
);
alter table public.plans enable row level security;

-- What each chargeable thing costs, in credits (spec 2 §9).
create table public.credit_prices (
  item text primary key,
  kind text not null check (kind in ('generation', 'fix', 'tool', 'video')),
  credits numeric(12,2) not null check (credits > 0),
  name text not null
);
alter table public.credit_prices enable row level security;

-- Volume discount on credit packs (spec 2 §9): 5% from 100, 10% from 200, 20% from 400.
create table public.credit_volume_discounts (
  min_credits integer primary key check (min_credits > 0),
  discount_percent numeric(5,2) not null check (discount_percent between 0 and 100)
);
alter table public.credit_volume_discounts enable row level security;

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
  description text not null default '',
  name_el text not null
);
alter table public.models enable row level security;

-- Photos and videos of a model, in display order (the first image is the card image).
create table public.model_media (
  model_id integer not null references public.models (id) on delete cascade,
  position smallint not null,
  kind text not null check (kind in ('image', 'video')),
  path text not null,
  primary key (model_id, position)
);
alter table public.model_media enable row level security;

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
  primary key (gender, id),
  name_el text not null,
  description_el text not null
);
alter table public.poses enable row level security;

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
  sort_order integer not null,
  name_el text not null,
  type_el text not null
);
alter table public.backgrounds enable row level security;

create table public.video_styles (
  id text primary key,
  name_en text not null,
  name_el text not null,
  prompt text not null,
  preview_image_path text not null,
  preview_video_path text not null,
  sort_order integer not null
);
alter table public.video_styles enable row level security;

create index models_gender_idx on public.models (gender, sort_order);

comment on column public.plans.low_credit_threshold is
  'With low_credit_alerts: a balance at or below this many credits is low (notification, notice, app prompt).';

create trigger set_updated_at before update on public.plans
  for each row execute function private.tg_set_updated_at();

create policy "plans are public" on public.plans for select to anon, authenticated using (true);

create policy "credit prices are public" on public.credit_prices for select to anon, authenticated using (true);

create policy "volume discounts are public" on public.credit_volume_discounts for select to anon, authenticated using (true);

create policy "models are public" on public.models for select to anon, authenticated using (true);

create policy "model media are public" on public.model_media for select to anon, authenticated using (true);

create policy "poses are public" on public.poses for select to anon, authenticated using (true);

create policy "backgrounds are public" on public.backgrounds for select to anon, authenticated using (true);

create policy "video styles are public" on public.video_styles for select to anon, authenticated using (true);

-- Privileges ----------------------------------------------------------------------------
revoke all on public.backgrounds from anon, authenticated;
grant select on public.backgrounds to anon, authenticated;
revoke all on public.credit_prices from anon, authenticated;
grant select on public.credit_prices to anon, authenticated;
revoke all on public.credit_volume_discounts from anon, authenticated;
grant select on public.credit_volume_discounts to anon, authenticated;
revoke all on public.model_media from anon, authenticated;
grant select on public.model_media to anon, authenticated;
revoke all on public.models from anon, authenticated;
grant select on public.models to anon, authenticated;
revoke all on public.plans from anon, authenticated;
grant select on public.plans to anon, authenticated;
revoke all on public.poses from anon, authenticated;
grant select on public.poses to anon, authenticated;
revoke all on public.video_styles from anon, authenticated;
grant select on public.video_styles to anon, authenticated;
