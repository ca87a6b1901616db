-- Hardening the console: one sessions table for every signed-in role, login throttling
-- by client address and account together (no lockout of the account itself), websites
-- stored as absolute http(s) URLs with a host and nothing else, and vendor imports run in
-- short batches so a 5,000-row file never holds the database for long.

-- Sessions ----------------------------------------------------------------------------

-- A cookie holds a random token; the database keeps its SHA-256, the role it signs in
-- (operator, business, …) and who: an operator's email, a business account's id.
create table public.sessions (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  role text not null check (role ~ '^[a-z_]{2,30}$'),
  subject text not null check (length(subject) between 1 and 320),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_role_subject_idx on public.sessions (role, subject);
create index sessions_expires_at_idx on public.sessions (expires_at);
alter table public.sessions enable row level security;

insert into public.sessions (token_hash, role, subject, created_at, expires_at)
select s.token_hash, 'operator', o.email, s.created_at, s.expires_at
from public.operator_sessions s join public.operators o on o.id = s.operator_id
where s.expires_at > now();

-- Starts a session of at most 30 days; expired sessions are cleared on the way.
create function public.session_start(p_role text, p_subject text, p_token_hash text, p_ttl_seconds int)
returns void language sql security definer set search_path = '' as $$
  delete from public.sessions s where s.expires_at <= now();
  insert into public.sessions (token_hash, role, subject, expires_at)
  values (p_token_hash, p_role, p_subject, now() + make_interval(secs => least(greatest(p_ttl_seconds, 60), 30 * 86400)));
$$;

-- Who a live session of this role belongs to, or null.
create function public.session_subject(p_role text, p_token_hash text)
returns text language sql stable security definer set search_path = '' as $$
  select s.subject from public.sessions s
  where s.token_hash = p_token_hash and s.role = p_role and s.expires_at > now();
$$;

-- Ends one session; returns whose it was (null when there was none).
create function public.session_end(p_role text, p_token_hash text)
returns text language sql security definer set search_path = '' as $$
  delete from public.sessions s where s.token_hash = p_token_hash and s.role = p_role returning s.subject;
$$;

-- Login throttling ----------------------------------------------------------------------

-- Failed sign-ins per key: the server keys them on the client address and on the pair
-- (address, account typed), never on whether the account exists. A key's failures
-- beyond its free allowance block it for a delay that doubles with each further failure
-- (1, 2, 4, 8, then 15 minutes); an hour without failures starts it afresh.
create table public.auth_throttle (
  key text primary key check (length(key) between 1 and 200),
  failures int not null default 0,
  last_failure_at timestamptz not null default now(),
  blocked_until timestamptz
);
alter table public.auth_throttle enable row level security;

-- Seconds until every one of these keys may try again (0: now).
create function public.auth_throttle_wait(p_keys text[])
returns int language sql stable security definer set search_path = '' as $$
  select coalesce(ceil(max(extract(epoch from t.blocked_until - now())))::int, 0)
  from public.auth_throttle t where t.key = any (p_keys) and t.blocked_until > now();
$$;

-- Records an attempt: a success clears the keys marked "clear"; a failure counts against
-- every key ({"key", "free"} objects). Returns the seconds of the longest block this
-- failure started (0 when none did).
create function public.auth_throttle_record(p_keys jsonb, p_ok boolean)
returns int language plpgsql security definer set search_path = '' as $$
declare
  k jsonb;
  t public.auth_throttle;
  free int;
  longest int := 0;
  minutes int;
begin
  for k in select value from jsonb_array_elements(p_keys) loop
    if p_ok then
      if coalesce((k->>'clear')::boolean, false) then
        delete from public.auth_throttle a where a.key = k->>'key';
      end if;
      continue;
    end if;
    free := greatest(coalesce((k->>'free')::int, 5), 1);
    insert into public.auth_throttle as a (key, failures, last_failure_at) values (k->>'key', 1, now())
    on conflict (key) do update set
      failures = case when a.last_failure_at < now() - interval '1 hour' then 1 else a.failures + 1 end,
      last_failure_at = now()
    returning * into t;
    if t.failures >= free then
      minutes := least(power(2, least(t.failures - free, 4))::int, 15);
      update public.auth_throttle a set blocked_until = now() + make_interval(mins => minutes) where a.key = t.key;
      longest := greatest(longest, minutes * 60);
    end if;
  end loop;
  delete from public.auth_throttle a where a.last_failure_at < now() - interval '1 day';
  return longest;
end;
$$;

-- Operators move onto the sessions table; the account keeps no lockout of its own.
create or replace function public.operator_add(p_email text, p_password_hash text)
returns bigint language plpgsql security definer set search_path = '' as $$
declare new_id bigint;
begin
  if not public.is_email_address(lower(trim(coalesce(p_email, '')))) then
    raise exception 'Please enter a valid email address' using errcode = 'P0001';
  end if;
  insert into public.operators (email, password_hash) values (lower(trim(p_email)), p_password_hash)
  on conflict (email) do update set password_hash = excluded.password_hash
  returning id into new_id;
  delete from public.sessions s where s.role = 'operator' and s.subject = lower(trim(p_email));
  perform public.audit('shell', 'operator_add', lower(trim(p_email)));
  return new_id;
end;
$$;

create or replace function public.operator_remove(p_email text)
returns boolean language plpgsql security definer set search_path = '' as $$
begin
  delete from public.operators o where o.email = lower(trim(p_email));
  if not found then return false; end if;
  delete from public.sessions s where s.role = 'operator' and s.subject = lower(trim(p_email));
  perform public.audit('shell', 'operator_remove', lower(trim(p_email)));
  return true;
end;
$$;

drop function public.operator_list();
create function public.operator_list()
returns table (email text, created_at timestamptz, sessions bigint)
language sql stable security definer set search_path = '' as $$
  select o.email, o.created_at,
         (select count(*) from public.sessions s where s.role = 'operator' and s.subject = o.email and s.expires_at > now())
  from public.operators o order by o.email;
$$;

-- The password hash to check, or null for an unknown email.
drop function public.operator_credentials(text);
create function public.operator_credentials(p_email text)
returns text language sql stable security definer set search_path = '' as $$
  select o.password_hash from public.operators o where o.email = lower(trim(coalesce(p_email, '')));
$$;

-- An entry in the audit log written by the server (logins, logouts, throttling, imports).
create function public.operator_audit_event(p_operator text, p_action text, p_subject text, p_details jsonb)
returns void language sql security definer set search_path = '' as $$
  select public.audit(p_operator, p_action, p_subject, p_details);
$$;

drop function public.operator_login(text, boolean, text, int);
drop function public.operator_session(text);
drop function public.operator_logout(text);
drop table public.operator_sessions;
alter table public.operators drop column failed_attempts, drop column locked_until;

-- Websites --------------------------------------------------------------------------------

-- A website as it is stored and linked: "https://host" (or "http://host" when typed so),
-- lower case, without path, query, port or credentials; null when the text has no
-- valid host. "example.com/rentals?x" becomes "https://example.com".
create function public.normalize_website(p_site text)
returns text language sql immutable set search_path = '' as $$
  select coalesce(m[1], 'https') || '://' || m[2]
  from regexp_match(lower(trim(coalesce(p_site, ''))),
    '^(?:(https?)://)?((?:[a-z0-9](?:-?[a-z0-9])*\.)+[a-z]{2,})\.?(?:[/?#]\S*)?$') m;
$$;

create function public.normalize_site_column()
returns trigger language plpgsql set search_path = '' as $$
begin
  if new.site is not null then
    new.site := public.normalize_website(new.site);
    if new.site is null then
      raise exception 'Please enter a valid website URL (e.g. example.com)' using errcode = 'P0001';
    end if;
  end if;
  return new;
end;
$$;

update public.vendors v set site = public.normalize_website(v.site) where v.site is distinct from public.normalize_website(v.site);
update public.vendors_submissions s set site = coalesce(public.normalize_website(s.site), 'https://invalid.example')
where s.site is distinct from public.normalize_website(s.site);

create trigger vendors_normalize_site before insert or update of site on public.vendors
  for each row execute function public.normalize_site_column();
create trigger vendors_submissions_normalize_site before insert or update of site on public.vendors_submissions
  for each row execute function public.normalize_site_column();
alter table public.vendors add constraint vendors_site_normalized check (site = public.normalize_website(site));
alter table public.vendors_submissions add constraint vendors_submissions_site_normalized check (site = public.normalize_website(site));

-- Import ----------------------------------------------------------------------------------

-- import_vendor_row compares and stores the normalized website: supabase/functions/import_vendor_row.sql.

-- One batch of an import (at most 100 rows), all or nothing: each row's outcome, in order.
-- The server sends a file's rows batch by batch, each call short, so public reads never
-- wait long behind an import; a dry run does the same work and rolls it back.
drop function public.operator_import_vendors(jsonb, boolean, text);
create function public.operator_import_batch(p_rows jsonb, p_dry_run boolean)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  results jsonb[] := '{}';
  r jsonb;
begin
  if jsonb_typeof(p_rows) <> 'array' or jsonb_array_length(p_rows) > 100 then
    raise exception 'An import batch holds at most 100 rows' using errcode = 'P0001';
  end if;
  begin
    for r in select value from jsonb_array_elements(p_rows) loop
      results := results || public.import_vendor_row(r);
    end loop;
    if p_dry_run then
      raise exception 'dry run' using errcode = 'PTDRY';
    end if;
  exception when sqlstate 'PTDRY' then
    null; -- the dry run's writes are rolled back; its results stay
  end;
  return to_jsonb(results);
end;
$$;

revoke execute on function
  public.session_start(text, text, text, int), public.session_subject(text, text), public.session_end(text, text),
  public.auth_throttle_wait(text[]), public.auth_throttle_record(jsonb, boolean),
  public.operator_list(), public.operator_credentials(text),
  public.operator_audit_event(text, text, text, jsonb),
  public.normalize_website(text), public.normalize_site_column(),
  public.import_vendor_row(jsonb), public.operator_import_batch(jsonb, boolean)
from public, anon, authenticated;

grant execute on function
  public.session_start(text, text, text, int), public.session_subject(text, text), public.session_end(text, text),
  public.auth_throttle_wait(text[]), public.auth_throttle_record(jsonb, boolean),
  public.operator_list(), public.operator_credentials(text),
  public.operator_audit_event(text, text, text, jsonb), public.operator_import_batch(jsonb, boolean)
to service_role;
