-- Why a review's text should be read closely before it is published, or null: an email
-- address, a link, a phone number, long repeated text (a character ten times in a row, a
-- word five times in a row), or the same text (40 characters or more) as another review
-- than p_review_id.
create or replace function public.review_hold_reason(p_body text, p_review_id bigint)
returns text language sql stable set search_path = '' as $$
  select case
    when p_body is null then null
    when p_body ~* '[^\s@]+@[^\s@]+\.[a-z]{2,}' then 'Contains an email address'
    when p_body ~* '(https?://|www\.|\m[a-z0-9-]+\.(com|net|org|io|co|us|biz|info|site|online)\M)' then 'Contains a link'
    when p_body ~ '\(?\d{3}\)?[\s.-]*\d{3}[\s.-]*\d{4}' then 'Contains a phone number'
    when p_body ~ '(\S)\1{9,}' or p_body ~* '(\m\w+\M)(\W+\1\M){4,}' then 'Contains long repeated text'
    else (select 'Same text as review #' || o.id from public.reviews o
          where o.body = p_body and length(p_body) >= 40 and o.id is distinct from p_review_id order by o.id limit 1)
  end;
$$;

revoke execute on function public.review_hold_reason(text,bigint) from public, anon, authenticated;
