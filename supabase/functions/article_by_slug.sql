-- A published article by its slug, for its page.
create or replace function public.article_by_slug(p_slug text)
returns setof public.articles language sql stable set search_path = '' as $$
  select * from public.articles a where a.slug = lower(p_slug);
$$;

revoke execute on function public.article_by_slug(text) from public;
grant execute on function public.article_by_slug(text) to anon, authenticated, service_role;
