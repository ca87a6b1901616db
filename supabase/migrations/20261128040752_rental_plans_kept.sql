-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/lead_time_zone.sql
-- The time zone of a request's job site: its ZIP code's state's (America/Chicago when unknown).
-- PL/pgSQL, whose plan is kept for the session: lists read it per row, and a SQL function
-- called per row is planned anew each time.
create or replace function private.lead_time_zone(p_lead_id bigint)
returns text language plpgsql stable security definer set search_path = '' as $$
begin
  return coalesce((select s.time_zone from public.leads l join public.states s on s.id = l.state_id where l.id = p_lead_id),
                  'America/Chicago');
end;
$$;

revoke execute on function private.lead_time_zone(bigint) from public, anon, authenticated;

-- supabase/functions/rental_of.sql
-- A request's booking as the renter, its vendor and the operator see it: every field, the job
-- site's time zone, the window in the job site's local time, its photos' paths (the pages sign
-- short-lived addresses for them), its extensions and its bill's lines (each with its photos).
-- Null when the request has no booking. PL/pgSQL, whose plan is kept for the session: /business
-- reads it for each of a page's booked requests, and a SQL function's body is planned anew on each call.
create or replace function private.rental_of(p_lead_id bigint)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
begin
  return (select to_jsonb(b) || jsonb_build_object(
    'time_zone', z.zone,
    'window_day', to_char(b.window_start at time zone z.zone, 'YYYY-MM-DD'),
    'window_from', to_char(b.window_start at time zone z.zone, 'HH24:MI'),
    'window_to', to_char(b.window_end at time zone z.zone, 'HH24:MI'),
    'photos', coalesce((select jsonb_agg(jsonb_build_object('record', p.record, 'path', p.path) order by p.id)
                        from public.rental_photos p where p.lead_id = b.lead_id and p.bill_line_id is null), '[]'::jsonb),
    'extensions', coalesce((select jsonb_agg(jsonb_build_object('id', x.id, 'new_end', x.new_end, 'added_days', x.added_days,
                              'price_cents', x.price_cents, 'status', x.status, 'asked_at', x.asked_at) order by x.asked_at)
                            from public.rental_extensions x where x.lead_id = b.lead_id), '[]'::jsonb),
    'bill', coalesce((select jsonb_agg(jsonb_build_object('id', l.id, 'kind', l.kind, 'label', l.label, 'amount_cents', l.amount_cents,
                        'in_quote', l.in_quote, 'reason', l.reason, 'answer', l.answer, 'dispute_reason', l.dispute_reason,
                        'photos', coalesce((select jsonb_agg(p.path order by p.id) from public.rental_photos p where p.bill_line_id = l.id),
                                           '[]'::jsonb)) order by l.position)
                      from public.bill_lines l where l.lead_id = b.lead_id), '[]'::jsonb))
  from public.bookings b cross join lateral (select private.lead_time_zone(b.lead_id) as zone) z
  where b.lead_id = p_lead_id);
end;
$$;

revoke execute on function private.rental_of(bigint) from public, anon, authenticated;
