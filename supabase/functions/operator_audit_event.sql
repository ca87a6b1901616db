-- An entry in the audit log written by the server (logins, logouts, throttling, imports).
create or replace function public.operator_audit_event(p_operator text, p_action text, p_subject text, p_details jsonb)
returns void language sql security definer set search_path = '' as $$
  select public.audit(p_operator, p_action, p_subject, p_details);
$$;

revoke execute on function public.operator_audit_event(text,text,text,jsonb) from public, anon, authenticated;
grant execute on function public.operator_audit_event(text,text,text,jsonb) to service_role;
