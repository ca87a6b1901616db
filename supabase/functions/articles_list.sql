-- Every article, newest first, for the articles page.
create or replace function public.articles_list()
returns table (id bigint, slug text, title text, excerpt text, cover_image text, published_at timestamptz)
language sql stable set search_path = '' as $$
  select a.id, a.slug, a.title, a.excerpt, a.cover_image, a.published_at
  from public.articles a order by a.published_at desc, a.id desc;
$$;

revoke execute on function public.articles_list() from public;
grant execute on function public.articles_list() to anon, authenticated, service_role;
