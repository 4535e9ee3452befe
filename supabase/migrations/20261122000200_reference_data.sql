-- Reference data the rules read: plans, prices, volume discounts and the catalogue
-- (models, poses, backgrounds, video styles). It lives in a migration, not in seed.sql,
-- because hosted Supabase needs it too (`supabase db push` never runs seed.sql).
-- Upserts keep the file re-runnable and let a later migration change a value.
--
-- Media paths are files the app ships under public/ (so the service worker can cache
-- them): /catalogue/models/<slug>/<nn>.webp (and .mp4), /catalogue/poses/<gender>/<slug>.webp,
-- /catalogue/backgrounds/<slug>.webp and <slug>-blurred.webp,
-- /catalogue/video-styles/<id>.webp and .mp4.

-- Plans (spec 1 §9, spec 2 §6 and §9) --------------------------------------------------
insert into public.plans (id, rank, name, monthly_credits, price_eur, extra_credit_unit_price_eur,
  free_fixes_per_project, revisions, fix_turnaround_days, resolution, watermark,
  watermark_free_download, can_buy_credit_packs, low_credit_alerts, video, custom_model,
  custom_background, custom_video_style, all_models_and_backgrounds, white_glove_quality_control)
values
  ('free',     0, 'Free',      2,  0, 2.00, 0, 0, null, 'HD', true,  false, false, false, false, false, false, false, false, false),
  ('lite',     1, 'Lite',     20, 40, 2.00, 1, 1, 3,    'HD', false, true,  true,  true,  false, false, false, false, false, false),
  ('pro',      2, 'Pro',      25, 50, 1.75, 2, 2, 2,    '2K', false, true,  true,  true,  false, false, false, false, true,  false),
  ('advanced', 3, 'Advanced', 30, 60, 1.50, 3, 3, 1,    '4K', false, true,  true,  true,  true,  true,  true,  true,  true,  true)
on conflict (id) do update set
  rank = excluded.rank, name = excluded.name, monthly_credits = excluded.monthly_credits,
  price_eur = excluded.price_eur, extra_credit_unit_price_eur = excluded.extra_credit_unit_price_eur,
  free_fixes_per_project = excluded.free_fixes_per_project, revisions = excluded.revisions,
  fix_turnaround_days = excluded.fix_turnaround_days, resolution = excluded.resolution,
  watermark = excluded.watermark, watermark_free_download = excluded.watermark_free_download,
  can_buy_credit_packs = excluded.can_buy_credit_packs, low_credit_alerts = excluded.low_credit_alerts,
  video = excluded.video, custom_model = excluded.custom_model,
  custom_background = excluded.custom_background, custom_video_style = excluded.custom_video_style,
  all_models_and_backgrounds = excluded.all_models_and_backgrounds,
  white_glove_quality_control = excluded.white_glove_quality_control;

insert into public.credit_prices (item, kind, credits, name) values
  ('image',              'generation', 1.00, 'Generated image'),
  ('fix',                'fix',        1.00, 'Fix request'),
  ('photo-combiner',     'tool',       0.15, 'Photo Combiner'),
  ('background-remover', 'tool',       0.40, 'Background Remover'),
  ('video',              'video',      3.00, 'Video generation')
on conflict (item) do update set kind = excluded.kind, credits = excluded.credits, name = excluded.name;

insert into public.credit_volume_discounts (min_credits, discount_percent) values
  (100, 5), (200, 10), (400, 20)
on conflict (min_credits) do update set discount_percent = excluded.discount_percent;

-- Models (spec 2 §3): women 1-9, men 101-106. Each has three photos and a short video.
insert into public.models (id, gender, slug, name, age_range, is_new, sort_order, image_path, description) values
  (1,   'women', 'sofia',  'Sofia',  '18-25', false, 1, '/catalogue/models/sofia/01.webp',  'young woman, long dark brown hair, olive skin'),
  (2,   'women', 'elena',  'Elena',  '26-35', false, 2, '/catalogue/models/elena/01.webp',  'woman, shoulder-length blonde hair, fair skin'),
  (3,   'women', 'maya',   'Maya',   '18-25', false, 3, '/catalogue/models/maya/01.webp',   'young woman, curly black hair, deep brown skin'),
  (4,   'women', 'chloe',  'Chloe',  '26-35', false, 4, '/catalogue/models/chloe/01.webp',  'woman, red hair in a bob, freckles'),
  (5,   'women', 'nadia',  'Nadia',  '36-45', false, 5, '/catalogue/models/nadia/01.webp',  'woman, straight black hair, light brown skin'),
  (6,   'women', 'amara',  'Amara',  '26-35', false, 6, '/catalogue/models/amara/01.webp',  'woman, short natural hair, dark skin'),
  (7,   'women', 'lena',   'Lena',   '36-45', false, 7, '/catalogue/models/lena/01.webp',   'woman, wavy light brown hair, fair skin'),
  (8,   'women', 'iris',   'Iris',   '18-25', true,  8, '/catalogue/models/iris/01.webp',   'young woman, long straight black hair, East Asian'),
  (9,   'women', 'zoe',    'Zoe',    '26-35', true,  9, '/catalogue/models/zoe/01.webp',    'woman, honey blonde ponytail, tanned skin'),
  (101, 'men',   'nikos',  'Nikos',  '26-35', false, 1, '/catalogue/models/nikos/01.webp',  'man, short dark hair, trimmed beard, olive skin'),
  (102, 'men',   'lucas',  'Lucas',  '18-25', false, 2, '/catalogue/models/lucas/01.webp',  'young man, tousled blond hair, fair skin'),
  (103, 'men',   'marco',  'Marco',  '36-45', false, 3, '/catalogue/models/marco/01.webp',  'man, salt-and-pepper hair, light stubble'),
  (104, 'men',   'daniel', 'Daniel', '26-35', false, 4, '/catalogue/models/daniel/01.webp', 'man, close-cropped black hair, dark skin'),
  (105, 'men',   'theo',   'Theo',   '18-25', true,  5, '/catalogue/models/theo/01.webp',   'young man, curly brown hair, light skin'),
  (106, 'men',   'adrian', 'Adrian', '36-45', true,  6, '/catalogue/models/adrian/01.webp', 'man, slicked-back dark hair, East Asian')
on conflict (id) do update set
  gender = excluded.gender, slug = excluded.slug, name = excluded.name, age_range = excluded.age_range,
  is_new = excluded.is_new, sort_order = excluded.sort_order, image_path = excluded.image_path,
  description = excluded.description;

insert into public.model_media (model_id, position, kind, path)
select m.id, f.position, f.kind, '/catalogue/models/' || m.slug || '/' || f.file
from public.models m
cross join (values (1, 'image', '01.webp'), (2, 'image', '02.webp'), (3, 'image', '03.webp'), (4, 'video', '04.mp4'))
  as f (position, kind, file)
on conflict (model_id, position) do update set kind = excluded.kind, path = excluded.path;

-- Poses (spec 2 §2): three per gender.
insert into public.poses (gender, id, slug, name, description, prompt, image_path, sort_order)
select g.gender, p.id, p.slug, p.name, p.description, p.prompt,
       '/catalogue/poses/' || g.gender || '/' || p.slug || '.webp', p.id
from (values ('women'), ('men')) as g (gender)
cross join (values
  (1, 'front-view', 'Front View', 'Facing the camera',          'front view'),
  (2, 'back-view',  'Back View',  'Looking over the shoulder',  'backview looking over the shoulder'),
  (3, 'side-view',  'Side View',  'Profile from the side',      'side view')
) as p (id, slug, name, description, prompt)
on conflict (gender, id) do update set
  slug = excluded.slug, name = excluded.name, description = excluded.description,
  prompt = excluded.prompt, image_path = excluded.image_path, sort_order = excluded.sort_order;

-- Backgrounds (spec 2 §3): on-model 1-9; flat-lay the same without Original.
insert into public.backgrounds (id, slug, name, type, image_path, blurred_image_path, prompt, keeps_original, on_model, flat_lay, sort_order)
select b.id, b.slug, b.name, b.type,
       case when b.keeps then null else '/catalogue/backgrounds/' || b.slug || '.webp' end,
       case when b.keeps then null else '/catalogue/backgrounds/' || b.slug || '-blurred.webp' end,
       b.prompt, b.keeps, true, not b.keeps, b.id
from (values
  (1, 'original',      'Original',      'Keeps the photo''s background', 'keep the original background', true),
  (2, 'studio-white',  'Studio White',  'Studio',    'clean white photo studio', false),
  (3, 'urban-street',  'Urban Street',  'Outdoor',   'city street with shop fronts', false),
  (4, 'beach',         'Beach',         'Outdoor',   'sandy beach by the sea', false),
  (5, 'santorini',     'Santorini',     'Outdoor',   'whitewashed Santorini terrace with blue domes', false),
  (6, 'villa-pool',    'Villa Pool',    'Lifestyle', 'luxury villa by a swimming pool', false),
  (7, 'spain',         'Spain',         'Outdoor',   'sunny Spanish old-town street', false),
  (8, 'beverly-hills', 'Beverly Hills', 'Outdoor',   'palm-lined Beverly Hills avenue', false),
  (9, 'loft',          'Loft',          'Indoor',    'bright industrial loft', false)
) as b (id, slug, name, type, prompt, keeps)
on conflict (id) do update set
  slug = excluded.slug, name = excluded.name, type = excluded.type, image_path = excluded.image_path,
  blurred_image_path = excluded.blurred_image_path, prompt = excluded.prompt,
  keeps_original = excluded.keeps_original, on_model = excluded.on_model,
  flat_lay = excluded.flat_lay, sort_order = excluded.sort_order;

-- Video styles (spec 2 §3): five presets; 'custom' (free text, Advanced) is not a row.
insert into public.video_styles (id, name_en, name_el, prompt, preview_image_path, preview_video_path, sort_order)
select v.id, v.name_en, v.name_el, v.prompt,
       '/catalogue/video-styles/' || v.id || '.webp', '/catalogue/video-styles/' || v.id || '.mp4', v.sort_order
from (values
  ('zoom-in',          'Zoom In',          'Ζουμ',                  'slow camera zoom in on the garment', 1),
  ('object-cinematic', 'Object Cinematic', 'Κινηματογραφικό',       'cinematic camera move around the product', 2),
  ('casual',           'Casual',           'Καθημερινό',            'model moves naturally, casual lifestyle', 3),
  ('360-motion',       '360 Motion',       'Περιστροφή 360°',       'model turns 360 degrees', 4),
  ('runway-walk',      'Runway Walk',      'Πασαρέλα',              'model walks towards the camera as on a runway', 5)
) as v (id, name_en, name_el, prompt, sort_order)
on conflict (id) do update set
  name_en = excluded.name_en, name_el = excluded.name_el, prompt = excluded.prompt,
  preview_image_path = excluded.preview_image_path, preview_video_path = excluded.preview_video_path,
  sort_order = excluded.sort_order;
