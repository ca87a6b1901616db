-- A listing's charts on /business, for an address that manages it (else null): its figures for
-- each of the last 26 weeks (Monday, UTC; listing_week_figures), and of the requests it quoted each
-- week how many are booked with it now. A week is settled once it has ended: the timed round keeps
-- it in private.listing_weeks once its cities are counted, an hour after its end (keep_listing_weeks;
-- a request marked spam later stays counted there). A view reads the week in progress from the
-- listing's rows, and the week before too until the round has kept it; an earlier settled week not
-- kept yet shows as being counted ('counting') and queues the listing for it. The wins (a quote may
-- be revised and booked until the rental starts) are read anew on each view: from its bookings,
-- each with its request's first quote.
create or replace function public.business_activity(p_email text, p_vendor_id bigint)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  listing record;
  this_week date := date_trunc('week', now() at time zone 'UTC')::date;
  first_week date := date_trunc('week', now() at time zone 'UTC')::date - 175;
  live_from date;
  kept int;
  last_week_kept boolean;
begin
  select v.id, v.name into listing
  from public.vendor_managers m join public.vendors v on v.id = m.vendor_id
  where m.email = lower(trim(coalesce(p_email, ''))) and m.vendor_id = p_vendor_id;
  if listing.id is null then
    return null;
  end if;
  select count(*), coalesce(bool_or(k.week = this_week - 7), false) into kept, last_week_kept
  from private.listing_weeks k where k.vendor_id = listing.id and k.week >= first_week and k.week < this_week;
  live_from := case when last_week_kept then this_week else this_week - 7 end;
  if kept < 25 then
    insert into private.listing_weeks_due (vendor_id) values (listing.id) on conflict do nothing;
  end if;
  return jsonb_build_object('vendor_id', listing.id, 'name', listing.name,
    'weeks', (select jsonb_agg(jsonb_build_object('week', g.week, 'requests', coalesce(x.requests, 0), 'quotes', coalesce(x.quotes, 0),
                'won', coalesce(w.won, 0), 'bookings', coalesce(x.bookings, 0), 'response_hours', x.response_hours,
                'city_hours', x.city_hours, 'counting', g.week < live_from and x.week is null) order by g.week)
              from (select (first_week + 7 * n) as week from generate_series(0, 25) n) g
              left join (select k.week, k.requests, k.quotes, k.bookings, k.response_hours, k.city_hours
                         from private.listing_weeks k where k.vendor_id = listing.id and k.week >= first_week and k.week < live_from
                         union all
                         select f.week, f.requests, f.quotes, f.bookings, f.response_hours, f.city_hours
                         from private.listing_week_figures(listing.id, live_from, this_week + 7) f) x on x.week = g.week
              left join (select date_trunc('week', q.created_at at time zone 'UTC')::date as week, count(*) as won
                         from public.bookings k
                         join public.quotes q on q.lead_id = k.lead_id and q.vendor_id = k.vendor_id and q.revision = 1
                         where k.vendor_id = listing.id and k.booked_at >= first_week::timestamp at time zone 'UTC'
                           and q.created_at >= first_week::timestamp at time zone 'UTC'
                         group by 1) w on w.week = g.week));
end;
$$;

revoke execute on function public.business_activity(text,bigint) from public, anon, authenticated;
grant execute on function public.business_activity(text,bigint) to service_role;
