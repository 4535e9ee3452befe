-- What a generation would cost, asked before Generate (the wizard's summary shows it; the
-- browser never prices anything). The price rule is start_generation's: each image costs
-- credit_prices('image'); on-model makes products x poses images, flat-lay one outfit x poses.
-- It reads the caller's own balance, so the summary can disable Generate with the server's
-- numbers; start_generation still decides (the balance can change in between).
--
-- Messages (errcode P0001) and their hint codes:
--   'User not authenticated'   not_authenticated
--   'Invalid project type'     invalid_project_type
--   'Please select a pose'     pose_required        (pose_count < 1)
--   'Please upload a product photo' product_required (product_count < 1)

create or replace function private.generation_images(p_type text, p_products integer, p_poses integer)
returns integer
language sql immutable
set search_path = ''
as $$
  select p_poses * case when p_type = 'on-model' then p_products else 1 end
$$;

create or replace function public.quote_generation(
  project_type text, product_count integer default 1, pose_count integer default 1)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_user();
  v_unit numeric(12,2);
  v_images integer;
  v_sub public.subscriptions;
begin
  if quote_generation.project_type is null or quote_generation.project_type not in ('on-model', 'flat-lay') then
    perform private.fail('Invalid project type', 'invalid_project_type');
  end if;
  if coalesce(quote_generation.product_count, 0) < 1 then
    perform private.fail('Please upload a product photo', 'product_required');
  end if;
  if coalesce(quote_generation.pose_count, 0) < 1 then
    perform private.fail('Please select a pose', 'pose_required');
  end if;
  select credits into v_unit from public.credit_prices where item = 'image';
  v_images := private.generation_images(quote_generation.project_type, quote_generation.product_count,
                                        quote_generation.pose_count);
  select * into v_sub from public.subscriptions s where s.user_id = uid;
  return jsonb_build_object(
    'images', v_images,
    'creditsPerImage', v_unit,
    'creditsNeeded', v_unit * v_images,
    'creditsRemaining', coalesce(v_sub.credits_remaining, 0),
    'enough', coalesce(v_sub.credits_remaining, 0) >= v_unit * v_images,
    'plan', coalesce(v_sub.plan, 'free'),
    -- the name start_generation gives a project left unnamed (at this moment)
    'suggestedName', private.next_untitled_name(uid));
end
$$;

revoke all on function private.generation_images(text, integer, integer) from public;
revoke all on function public.quote_generation(text, integer, integer) from public, anon, authenticated;
-- anon may call it too: it answers 'User not authenticated' like every client function
grant execute on function public.quote_generation(text, integer, integer) to anon, authenticated, service_role;
