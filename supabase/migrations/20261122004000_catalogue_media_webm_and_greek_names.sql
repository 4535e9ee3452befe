-- The shipped catalogue (public/catalogue/, drawn by scripts/catalogue/generate.ts or imported
-- from photos by scripts/catalogue/import.ts) has WebM clips, not MP4: every browser plays the
-- VP8 WebM the project makes without ffmpeg. And the catalogue speaks Greek: names (and the
-- card subtitles) of models, poses and backgrounds get an `_el` column next to the English.
--
-- Model names in Greek: the Greek interface writes personal names in Greek script, as Greek
-- shops and media do (Σοφία, Νίκος; foreign names transliterated: Λούκας, Ντάνιελ). A Latin
-- name in an otherwise Greek screen reads as untranslated.

-- Clips: .mp4 -> .webm -------------------------------------------------------------------
update public.model_media
set path = regexp_replace(path, '\.mp4$', '.webm')
where kind = 'video' and path like '/catalogue/%.mp4';

update public.video_styles
set preview_video_path = regexp_replace(preview_video_path, '\.mp4$', '.webm')
where preview_video_path like '/catalogue/%.mp4';

-- Greek names ------------------------------------------------------------------------------
alter table public.models add column if not exists name_el text;
alter table public.poses add column if not exists name_el text;
alter table public.poses add column if not exists description_el text;
alter table public.backgrounds add column if not exists name_el text;
alter table public.backgrounds add column if not exists type_el text;

update public.models m set name_el = v.name_el
from (values
  ('sofia',  'Σοφία'),
  ('elena',  'Έλενα'),
  ('maya',   'Μάγια'),
  ('chloe',  'Χλόη'),
  ('nadia',  'Νάντια'),
  ('amara',  'Αμάρα'),
  ('lena',   'Λένα'),
  ('iris',   'Ίρις'),
  ('zoe',    'Ζωή'),
  ('nikos',  'Νίκος'),
  ('lucas',  'Λούκας'),
  ('marco',  'Μάρκο'),
  ('daniel', 'Ντάνιελ'),
  ('theo',   'Θέο'),
  ('adrian', 'Άντριαν')
) as v (slug, name_el)
where m.slug = v.slug;

update public.poses p set name_el = v.name_el, description_el = v.description_el
from (values
  ('front-view', 'Μπροστινή όψη', 'Κοιτάζει την κάμερα'),
  ('back-view',  'Πίσω όψη',      'Κοιτάζει πάνω από τον ώμο'),
  ('side-view',  'Πλάγια όψη',    'Προφίλ από το πλάι')
) as v (slug, name_el, description_el)
where p.slug = v.slug;

update public.backgrounds b set name_el = v.name_el, type_el = v.type_el
from (values
  ('original',      'Αρχικό',         'Κρατά το φόντο της φωτογραφίας'),
  ('studio-white',  'Λευκό στούντιο', 'Στούντιο'),
  ('urban-street',  'Αστικός δρόμος', 'Εξωτερικός χώρος'),
  ('beach',         'Παραλία',        'Εξωτερικός χώρος'),
  ('santorini',     'Σαντορίνη',      'Εξωτερικός χώρος'),
  ('villa-pool',    'Πισίνα βίλας',   'Τρόπος ζωής'),
  ('spain',         'Ισπανία',        'Εξωτερικός χώρος'),
  ('beverly-hills', 'Μπέβερλι Χιλς',  'Εξωτερικός χώρος'),
  ('loft',          'Λοφτ',           'Εσωτερικός χώρος')
) as v (slug, name_el, type_el)
where b.slug = v.slug;

-- Every catalogue row has its Greek text from now on.
alter table public.models alter column name_el set not null;
alter table public.poses alter column name_el set not null;
alter table public.poses alter column description_el set not null;
alter table public.backgrounds alter column name_el set not null;
alter table public.backgrounds alter column type_el set not null;
