-- Writes one row of the audit log: who did what to which record, with details.
create or replace function public.audit(p_operator text, p_action text, p_subject text, p_details jsonb default '{}'::jsonb)
returns void language sql set search_path = '' as $$
  insert into public.operator_audit (operator_email, action, subject, details)
  values (coalesce(p_operator, 'unknown'), p_action, p_subject, coalesce(p_details, '{}'::jsonb));
$$;

revoke execute on function public.audit(text,text,text,jsonb) from public, anon, authenticated;
