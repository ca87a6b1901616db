-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).

-- supabase/functions/quote_totals.sql
-- A quote's totals from its lines, in exact numeric, as the site computes them in
-- lib/quotes/money.ts: each line's amount is its quantity times its unit price in cents, rounded
-- half away from zero to the cent; the subtotal is their sum; the tax is the subtotal times the
-- tax percent (none when null), rounded alike; the total is their sum. Returns
-- {"amounts": [each line's amount_cents, in order], "subtotal_cents", "tax_cents", "total_cents"}.
-- It checks nothing: quote_save refuses a malformed line or tax before it asks.
create or replace function private.quote_totals(p_lines jsonb, p_tax_percent numeric)
returns jsonb language sql immutable set search_path = '' as $$
  with amounts as (
    select l.n, round((l.line->>'quantity')::numeric * (l.line->>'unit_cents')::numeric)::bigint as cents
    from jsonb_array_elements(coalesce(p_lines, '[]'::jsonb)) with ordinality as l(line, n)
  ), subtotal as (
    select coalesce(jsonb_agg(a.cents order by a.n), '[]'::jsonb) as amounts, coalesce(sum(a.cents), 0)::bigint as cents
    from amounts a
  )
  select jsonb_build_object('amounts', s.amounts, 'subtotal_cents', s.cents, 'tax_cents', t.cents, 'total_cents', s.cents + t.cents)
  from subtotal s, lateral (select round(s.cents * coalesce(p_tax_percent, 0) / 100)::bigint as cents) t
$$;

revoke execute on function private.quote_totals(jsonb,numeric) from public, anon, authenticated;
