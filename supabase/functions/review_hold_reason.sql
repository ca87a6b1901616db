-- Why a review's text should be read closely before it is published, or null: an email
-- address, a link, a phone number, or long repeated text (a character ten times in a
-- row, a word five times in a row).
create or replace function public.review_hold_reason(p_body text)
returns text language sql immutable set search_path = '' as $$
  select case
    when p_body is null then null
    when p_body ~* '[^\s@]+@[^\s@]+\.[a-z]{2,}' then 'Contains an email address'
    when p_body ~* '(https?://|www\.|\m[a-z0-9-]+\.(com|net|org|io|co|us|biz|info|site|online)\M)' then 'Contains a link'
    when p_body ~ '\(?\d{3}\)?[\s.-]*\d{3}[\s.-]*\d{4}' then 'Contains a phone number'
    when p_body ~ '(\S)\1{9,}' or p_body ~* '(\m\w+\M)(\W+\1\M){4,}' then 'Contains long repeated text'
  end;
$$;

revoke execute on function public.review_hold_reason(text) from public, anon, authenticated;
