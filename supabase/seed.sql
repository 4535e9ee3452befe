-- Local development seed, run by `npm run db:reset` / the first `npm start`.
-- The catalogue and plans are reference data the product needs everywhere, so they live
-- in a migration (supabase/migrations/*_reference_data.sql), which hosted Supabase also
-- applies. Nothing else needs seeding: users sign up through the app.
select 1;
