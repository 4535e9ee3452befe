-- Data for the Custom Model Creator (52_seller_models.sql):
--   the private bucket of saved models' pictures, {userId}/{modelId}/{front|back|side}.png —
--   written by the server only, read (and signed) by their owner only (policy
--   "drape: owners read their saved models");
--   the price of making one: 5 credits (three pictures, two of them with a face reference,
--   which FASHN bills at four times a plain image; see docs/providers.md).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('seller-models', 'seller-models', false, 52428800, array['image/png', 'image/jpeg', 'image/webp'])
on conflict (id) do nothing;

insert into public.credit_prices (item, kind, credits, name) values
  ('model-creator', 'tool', 5.00, 'Custom Model Creator')
on conflict (item) do update set kind = excluded.kind, credits = excluded.credits, name = excluded.name;
