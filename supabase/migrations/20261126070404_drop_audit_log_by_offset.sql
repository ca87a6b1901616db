-- The audit log is read by keyset (operator_audit_page).
drop function public.operator_audit_log(integer, integer);
