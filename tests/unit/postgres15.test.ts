import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "@/lib/data/rpc";
import { bulkRows, importWhileReading, SMALL_CITY_SQL, type SmallCity } from "./helpers/bulk-import";
import { migrateAndSeed, startPostgres15, type Postgres15 } from "@/lib/db/postgres15";
import fc from "fast-check";
import { isRefusalCode } from "@/lib/data/refusals";
import { routedConsent } from "./helpers/consent";
import { act, expectInvariants, outcome, person, prepareVendors, type Database } from "./helpers/request-life";
import { isoDay } from "./helpers/db";

// The migrations on real PostgreSQL 15 as hosted Supabase runs them, probed as the
// public anon key would be: PostgREST connects as authenticator and switches role.

let server: Postgres15;
let api: pg.Client;

beforeAll(async () => {
  server = await startPostgres15();
  const owner = await server.connect("postgres");
  await migrateAndSeed(owner);
  await owner.end();
  api = await server.connect("authenticator");
}, 180_000);

afterAll(async () => {
  await api?.end();
  await server?.stop();
});

async function as<T extends pg.QueryResultRow>(
  role: "anon" | "authenticated" | "service_role",
  sql: string,
  params: unknown[] = [],
  client = api,
): Promise<T[]> {
  await client.query("begin");
  try {
    await client.query(`set local role ${role}`);
    const { rows } = await client.query<T>(sql, params);
    await client.query("commit");
    return rows;
  } catch (error) {
    await client.query("rollback");
    throw error;
  }
}

/** What visitors may call: the read functions, nothing else. */
const READ_FUNCTIONS = [
  "area_map(text,text,bigint[])",
  "article_by_slug(text)",
  "articles_list()",
  "city_page(text,text,text,integer,integer,text)",
  "city_prices(text,text,text,text,text,integer)",
  "city_zip(text,text)",
  "country_page(text)",
  "distance_miles(double precision,double precision,double precision,double precision)",
  "equipment_by_slug(text)",
  "equipment_list()",
  "equipment_model_json(equipment_models)",
  "find_city_for_zip(text,double precision,double precision)",
  "footer_states()",
  "hero_for(text)",
  "nearest_zip(double precision,double precision,text[])",
  "popular_models()",
  "rate_card_json(bigint,text)",
  "rental_date_window()",
  "search_cities(text,text)",
  "sitemap_file_starts(integer,integer)",
  "sitemap_paths(integer,bigint,integer)",
  "sitemap_size()",
  "state_cities(text)",
  "state_map(text)",
  "state_page(text,text,integer,integer)",
  "us_states()",
  "vendor_card(vendors)",
  "vendor_delivers_to(bigint,text)",
  "vendor_miles_to_zip(bigint,text)",
  "vendor_page(text,text,text,text)",
  "vendor_page_slice(bigint[],integer,integer,text)",
  "vendor_review_scores(bigint[])",
  "vendor_review_summary(bigint)",
  "vendor_reviews(bigint,integer,integer)",
  "vendors_nearest(text,integer)",
];

/**
 * The findings Supabase's security advisor (its database linter) reports at level ERROR or
 * WARN that can apply to this schema, each as (lint, object): the API exposes the schema
 * public, as PostgREST does by default.
 */
const ADVISOR_SQL = `
  select 'anon_security_definer_function_executable' as lint, p.oid::regprocedure::text as object
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public' and p.prosecdef and has_function_privilege('anon', p.oid, 'EXECUTE')
  union all
  select 'authenticated_security_definer_function_executable', p.oid::regprocedure::text
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public' and p.prosecdef and has_function_privilege('authenticated', p.oid, 'EXECUTE')
  union all
  select 'function_search_path_mutable', p.oid::regprocedure::text
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  left join pg_depend d on d.objid = p.oid and d.deptype = 'e'
  where n.nspname in ('public', 'private') and d.objid is null
    and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')
  union all
  select 'security_definer_view', c.oid::regclass::text
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'v'
    and (has_table_privilege('anon', c.oid, 'SELECT') or has_table_privilege('authenticated', c.oid, 'SELECT'))
    and not (lower(coalesce(c.reloptions::text, '{}'))::text[] && array['security_invoker=1', 'security_invoker=true', 'security_invoker=yes', 'security_invoker=on'])
  union all
  select 'materialized_view_in_api', c.oid::regclass::text
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'm'
    and (has_table_privilege('anon', c.oid, 'SELECT') or has_table_privilege('authenticated', c.oid, 'SELECT'))
  union all
  select 'rls_disabled_in_public', c.oid::regclass::text
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity
  union all
  select 'policy_exists_rls_disabled', c.oid::regclass::text
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity and exists (select 1 from pg_policy p where p.polrelid = c.oid)
  union all
  select 'rls_policy_always_true', p.polname || ' on ' || p.polrelid::regclass::text
  from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and p.polcmd in ('a', 'w', 'd', '*')
    and (pg_get_expr(p.polqual, p.polrelid) = 'true' or pg_get_expr(p.polwithcheck, p.polrelid) = 'true')
  union all
  select 'extension_in_public', e.extname::text
  from pg_extension e where e.extnamespace = 'public'::regnamespace and e.extname <> 'plpgsql'
  order by 1, 2`;

describe("migrations on PostgreSQL 15 with Supabase's roles", () => {
  it("ran as a non-superuser postgres, with pg_trgm in the extensions schema", async () => {
    const [owner] = (await api.query("select rolsuper from pg_roles where rolname = 'postgres'")).rows;
    expect(owner.rolsuper).toBe(false);
    const [trgm] = (
      await api.query("select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'")
    ).rows;
    expect(trgm.nspname).toBe("extensions");
  });

  for (const role of ["anon", "authenticated"] as const) {
    it(`${role} may execute exactly the read functions`, async () => {
      const rows = await as<{ sig: string }>(
        role,
        `
        select regexp_replace(p.oid::regprocedure::text, '^public\\.', '') as sig
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and has_function_privilege(p.oid, 'execute') order by 1`,
      );
      expect(rows.map((row) => row.sig).sort()).toEqual([...READ_FUNCTIONS].sort());
    });

    it(`${role} cannot write any table, view or sequence`, async () => {
      const writable = await as<{ name: string }>(
        role,
        `
        select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p')
          and has_table_privilege(c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
        union all
        select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and case when c.relkind = 'S' then has_sequence_privilege(c.oid, 'USAGE, UPDATE') else false end`,
      );
      expect(writable).toEqual([]);
    });
  }

  it("anon is refused every write and operator function", async () => {
    const calls = [
      "select public.create_lead(repeat('a', 40), 'client-key-1', null)",
      "select public.update_lead(1, repeat('a', 40), 2)",
      "select public.complete_lead(1, repeat('a', 40), 'wheeled', current_date + 1, current_date + 3, 'Ann', '5125550100', '77002')",
      "select public.submit_vendor('Acme Rentals', 'acme.example', '5125550100', '1 Main St', 'texas', 'houston', '77002', 'client-key-1')",
      "select public.claim_outbox_messages(10, 60)",
      "select public.record_outbox_message(1, gen_random_uuid(), true)",
      "select * from public.vendors_near_zip('77002', 3)",
      "select * from public.operator_leads(10)",
      "select * from public.operator_submissions(10)",
      "select public.count_write_attempt('lead', 'client-key-1', interval '1 hour', 30, 'x')",
      "select public.operator_add('mallory@example.com', 'scrypt$1$1$1$a$b')",
      "select public.session_start('operator', 'mallory@example.com', repeat('a', 64), 3600)",
      "select public.session_subject('operator', repeat('a', 64))",
      'select public.auth_throttle_record(\'[{"key": "x", "clear": true}]\', true)',
      "select public.operator_credentials('mallory@example.com')",
      "select public.operator_audit_event('mallory', 'login', null, '{}')",
      "select public.operator_approve_submission(1, 'mallory')",
      "select public.operator_set_vendor_hidden(1, true, 'mallory')",
      "select public.operator_update_vendor(1, '{\"phone\": \"5555550100\"}', 'mallory')",
      "select public.operator_import_batch('[]', false)",
      "select public.operator_lead_page('{}', 10)",
      "select public.operator_vendor_page('', 10)",
      "select public.operator_audit_page(10)",
      "select public.set_rate_card(1, null, 'mallory')",
      "select public.operator_set_rate_card(1, null, 'mallory')",
      "select public.business_set_rate_card('mallory@example.com', 1, null)",
      "select public.rate_card_problem('{}')",
      "select public.lead_route_rates('77002', null, true)",
    ];
    for (const sql of calls) await expect(as("anon", sql), sql).rejects.toMatchObject({ code: "42501" });
  });

  it("Supabase's security advisor finds nothing: no error, no warning", async () => {
    const findings = (await api.query<{ lint: string; object: string }>(ADVISOR_SQL)).rows;
    console.log(`security advisor on PostgreSQL 15: ${findings.length} findings`);
    expect(findings).toEqual([]);
    // The response-time aggregate reads private tables as its owner: outside the API, reached through vendor_page.
    const [response] = await as<{ card: { response: unknown } }>(
      "anon",
      "select public.vendor_page(co.slug, s.slug, c.slug, v.slug) -> 'vendor' as card from public.vendors v join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id join public.countries co on co.id = s.country_id limit 1",
    );
    expect(response.card).toHaveProperty("response");
  });

  it("every table has row level security", async () => {
    const tables = await as<{ relname: string }>(
      "service_role",
      "select relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity",
    );
    expect(tables).toEqual([]);
  });

  it("anon cannot read or write the write-side tables", async () => {
    for (const table of [
      "leads",
      "lead_recipients",
      "outbox_messages",
      "outbox_attempts",
      "vendors_submissions",
      "write_attempts",
      "operators",
      "sessions",
      "auth_throttle",
      "operator_audit",
    ]) {
      await expect(as("anon", `select * from public.${table}`)).rejects.toMatchObject({ code: "42501" });
    }
    await expect(as("anon", "insert into public.vendors (name, slug) values ('x', 'x')")).rejects.toMatchObject({ code: "42501" });
    await expect(as("anon", "update public.states set name = 'x'")).rejects.toMatchObject({ code: "42501" });
    await expect(as("anon", "insert into public.rate_cards (vendor_id, updated_by) values (1, 'x')")).rejects.toMatchObject({
      code: "42501",
    });
    await expect(as("anon", "update public.rate_card_classes set day_rate = 1")).rejects.toMatchObject({ code: "42501" });
    await expect(as("anon", "delete from public.rate_card_fees")).rejects.toMatchObject({ code: "42501" });
  });

  it("anon and authenticated read published reviews' public columns only, and write no review", async () => {
    const owner = await server.connect("postgres");
    try {
      // A request to one vendor, reviewed twice over (one published, one waiting), written as the owner.
      await owner.query(`
        with vendor as (select v.id, p.code from public.vendors v join public.postcodes p on p.id = v.postcode_id order by v.id limit 2),
        made as (
          insert into public.leads (vendor_id, step, location, name, phone, skid_steer_type, rental_days, rental_start_date,
                                    rental_end_date, completed, completed_at, owner_token_hash)
          select id, 3, code, 'Review Reader', '5550100000', 'wheeled', 1, current_date, current_date + 1, true, now(), 'x'
          from vendor returning id, vendor_id),
        routed as (insert into public.lead_recipients (lead_id, vendor_id, reason, rank)
                   select id, vendor_id, 'vendor_page', 1 from made returning lead_id, vendor_id)
        insert into public.reviews (lead_id, vendor_id, stars, author, machine, requested_at, status, published_at, report_reason)
        select lead_id, vendor_id, 5, 'Review R.', 'wheeled', now(),
               case when row_number() over () = 1 then 'published' else 'pending' end, now(), 'a private report'
        from routed`);
    } finally {
      await owner.end();
    }
    for (const role of ["anon", "authenticated"] as const) {
      const shown = await as<{ status: string }>(role, "select status from public.reviews");
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.every((row) => row.status === "published")).toBe(true);
      for (const sql of [
        "select * from public.reviews",
        "select lead_id from public.reviews",
        "select report_reason from public.reviews",
        "update public.reviews set stars = 1",
        "delete from public.reviews",
        "insert into public.reviews (lead_id, vendor_id, stars, author, machine, requested_at) values (1, 1, 5, 'x', 'wheeled', now())",
      ]) {
        await expect(as(role, sql), `${role}: ${sql}`).rejects.toMatchObject({ code: "42501" });
      }
    }
  });

  it("anon reads the published rate cards of listed vendors only; the rules hold in SQL", async () => {
    const [vendor] = await as<{ id: number }>(
      "service_role",
      "select r.vendor_id as id from public.rate_cards r where r.published order by r.vendor_id limit 1",
    );
    const seen = async () => {
      const [row] = await as<{ card: unknown; rows: number; from_day: number | null }>(
        "anon",
        `
        select public.rate_card_json($1) as card, (select count(*)::int from public.rate_card_classes k where k.vendor_id = $1) as rows,
               (select public.vendor_card(v) ->> 'from_day' from public.vendors v where v.id = $1)::numeric as from_day`,
        [vendor.id],
      );
      return { card: row.card !== null, rows: row.rows, priced: row.from_day !== null };
    };
    expect(await seen()).toEqual({ card: true, rows: expect.any(Number), priced: true });
    const card = {
      classes: [{ class: "medium", day: 300, week: 1000, four_week: 2800 }],
      delivery: null,
      waiver_percent: null,
      fees: [],
      published: false,
    };
    await as("service_role", "select public.operator_set_rate_card($1, $2, 'test')", [vendor.id, JSON.stringify(card)]);
    expect(await seen()).toEqual({ card: false, rows: 0, priced: false });
    const [stored] = await as<{ card: { published: boolean; sample: boolean } }>(
      "service_role",
      "select public.rate_card_json($1) as card",
      [vendor.id],
    );
    expect(stored.card).toMatchObject({ published: false, sample: false });

    await as("service_role", "select public.operator_set_rate_card($1, $2, 'test')", [
      vendor.id,
      JSON.stringify({ ...card, published: true }),
    ]);
    expect(await seen()).toEqual({ card: true, rows: 1, priced: true });
    await as("service_role", "select public.operator_set_vendor_hidden($1, true, 'test')", [vendor.id]);
    expect(await seen()).toEqual({ card: false, rows: 0, priced: false });
    await as("service_role", "select public.operator_set_vendor_hidden($1, false, 'test')", [vendor.id]);

    const week = { ...card, classes: [{ class: "medium", day: 100, week: 701 }] };
    await expect(
      as("service_role", "select public.operator_set_rate_card($1, $2, 'test')", [vendor.id, JSON.stringify(week)]),
    ).rejects.toMatchObject({ code: "P0001", message: "A week cannot cost more than 7 days" });
    const owner = await server.connect("postgres");
    try {
      await expect(
        owner.query("update public.rate_card_classes set four_week_rate = 4001 where vendor_id = $1", [vendor.id]),
      ).rejects.toMatchObject({ code: "23514" });
      await expect(
        owner.query("update public.rate_card_classes set day_rate = -1 where vendor_id = $1", [vendor.id]),
      ).rejects.toMatchObject({ code: "23514" });
    } finally {
      await owner.end();
    }
    expect((await seen()).rows).toBe(1);
  });

  it("a hidden vendor is gone from anon's reads and from lead routing, and back when unhidden", async () => {
    const [vendor] = await as<{ id: number; slug: string; zip: string }>(
      "service_role",
      `
      select v.id, v.slug, p.code as zip from public.vendors v join public.vendors_serviced s on s.vendor_id = v.id
      join public.postcodes p on p.id = s.postcode_id order by v.id limit 1`,
    );
    const visible = async () =>
      (await as<{ n: number }>("anon", "select count(*)::int as n from public.vendors where id = $1", [vendor.id]))[0].n;
    const routed = async () =>
      (
        await as<{ n: number }>(
          "service_role",
          "select count(*)::int as n from public.vendors_near_zip($1, 100) r where r.vendor_id = $2",
          [vendor.zip, vendor.id],
        )
      )[0].n;
    expect([await visible(), await routed()]).toEqual([1, 1]);
    await as("service_role", "select public.operator_set_vendor_hidden($1, true, 'test')", [vendor.id]);
    expect([await visible(), await routed()]).toEqual([0, 0]);
    const sitemap = await as<{ path: string }>("anon", "select path from public.sitemap_entries where path like '%/' || $1", [vendor.slug]);
    expect(sitemap).toEqual([]);
    await as("service_role", "select public.operator_set_vendor_hidden($1, false, 'test')", [vendor.id]);
    expect([await visible(), await routed()]).toEqual([1, 1]);
  });

  it("anon reads the directory, the catalogue and the sitemap", async () => {
    const [country] = await as<{ page: { states: unknown[] } }>("anon", "select public.country_page('us') as page");
    expect(country.page).not.toBeNull();
    const [texas] = await as<{ page: { vendors: unknown[] } }>("anon", "select public.state_page('us', 'texas') as page");
    expect(texas.page.vendors.length).toBeGreaterThan(0);
    const [models] = await as<{ list: unknown[] }>("anon", "select public.equipment_list() as list");
    expect(models.list.length).toBeGreaterThan(60);
    const cities = await as("anon", "select * from public.search_cities('Huston')");
    expect(cities.length).toBeGreaterThan(0);
    const [{ n }] = await as<{ n: string }>("anon", "select public.sitemap_size() as n");
    expect(Number(n)).toBeGreaterThan(1000);
  });

  it("one sitemap call returns at most 1,000 rows, and the keyset pages cover every URL once", async () => {
    const [{ n }] = await as<{ n: string }>("anon", "select public.sitemap_size() as n");
    const first = await as("anon", "select * from public.sitemap_paths(null, null, 50000)");
    expect(first).toHaveLength(1000);
    const paths = new Set<string>();
    let after: { kind: number | null; key: string | null } = { kind: null, key: null };
    for (;;) {
      const page = await as<{ kind: number; key: string; path: string }>("anon", "select * from public.sitemap_paths($1, $2, 1000)", [
        after.kind,
        after.key,
      ]);
      for (const row of page) paths.add(row.path);
      if (page.length < 1000) break;
      after = page.at(-1)!;
    }
    expect(paths.size).toBe(Number(n));
  });

  it("names where each sitemap file starts: the entry before its first", async () => {
    const entries = await as<{ kind: number; key: string }>("anon", "select kind, key from public.sitemap_entries order by kind, key");
    const starts = await as<{ file: number; after_kind: number; after_key: string }>(
      "anon",
      "select * from public.sitemap_file_starts(700, 1000) order by file",
    );
    expect(starts.length).toBe(Math.ceil((entries.length - 700) / 1000));
    starts.forEach((start, i) => {
      expect(start.file).toBe(i + 1);
      expect({ kind: start.after_kind, key: start.after_key }).toEqual(entries[700 + i * 1000 - 1]);
    });
  });
});

describe("abuse limits on PostgreSQL 15", () => {
  it("50 parallel submissions from one client create exactly the daily limit of 5", async () => {
    const clients = await Promise.all(Array.from({ length: 50 }, () => server.connect("authenticator")));
    try {
      const results = await Promise.allSettled(
        clients.map((client, i) =>
          as(
            "service_role",
            "select public.submit_vendor($1, $2, '5125550100', '100 Main Street', 'texas', 'houston', '77002', $3)",
            [`Parallel Rentals ${i}`, `parallel-${i}.example`, "client-key-parallel"],
            client,
          ),
        ),
      );
      const refused = results.filter((r) => r.status === "rejected");
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
      for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "PT429" });
      const [{ n }] = await as<{ n: string }>(
        "service_role",
        "select count(*) as n from public.vendors_submissions where site like 'https://parallel-%'",
      );
      expect(Number(n)).toBe(5);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });

  it("a write without a client key is refused", async () => {
    await expect(as("service_role", "select public.create_lead(repeat('a', 40), null, null)")).rejects.toMatchObject({ code: "P0001" });
    await expect(
      as(
        "service_role",
        "select public.submit_vendor('Keyless Rentals', 'keyless.example', '5125550100', '1 Main St', 'texas', 'houston', '77002', null)",
      ),
    ).rejects.toMatchObject({ code: "P0001" });
  });
});

describe("claiming a listing on PostgreSQL 15", () => {
  it("20 claim links used at once make exactly one owner; the other 19 go to the operator", async () => {
    const owner = await server.connect("postgres");
    const [vendor] = (
      await owner.query<{ id: number; email: string }>(
        "select id, email from public.vendors where email is not null and claimed_at is null order by id desc limit 1",
      )
    ).rows;
    const tokens = Array.from({ length: 20 }, (_, i) => (i + 1).toString(16).padStart(64, "0"));
    await owner.query(
      `insert into public.auth_links (token_hash, purpose, email, vendor_id, expires_at)
      select t, 'claim', 'claimant' || n || '@race.example', $1, now() + interval '30 minutes' from unnest($2::text[]) with ordinality as x(t, n)`,
      [vendor.id, tokens],
    );
    await owner.end();
    const clients = await Promise.all(tokens.map(() => server.connect("authenticator")));
    try {
      const outcomes = await Promise.all(
        clients.map((client, i) =>
          as<{ r: { outcome: string } }>("service_role", "select public.business_link_use($1, 'claim') as r", [tokens[i]], client).then(
            (rows) => rows[0].r.outcome,
          ),
        ),
      );
      expect(outcomes.filter((o) => o === "owner")).toHaveLength(1);
      expect(outcomes.filter((o) => o === "queued")).toHaveLength(19);
      const [{ n }] = await as<{ n: string }>("service_role", "select count(*) as n from public.vendor_managers where vendor_id = $1", [
        vendor.id,
      ]);
      expect(Number(n)).toBe(1);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });
});

describe("the vendor import on PostgreSQL 15", () => {
  /** Calls a function by name as the service role, on its own connection, as PostgREST would. */
  const callerOn =
    (client: pg.Client): Caller =>
    async <T>(fn: string, args: Record<string, unknown> = {}) => {
      const names = Object.keys(args);
      const values = names.map((name) => (args[name] !== null && typeof args[name] === "object" ? JSON.stringify(args[name]) : args[name]));
      const [row] = await as<{ result: T }>(
        "service_role",
        `select public.${fn}(${names.map((name, i) => `${name} => $${i + 1}`).join(", ")}) as result`,
        values,
        client,
      );
      return row.result;
    };

  it("imports (and dry-runs) the documented limit of 5,000 rows in batches while a public page is read", async () => {
    const [writer, reader] = [await server.connect("authenticator"), await server.connect("authenticator")];
    try {
      await writer.query("set statement_timeout = '8s'");
      const [city] = await as<SmallCity>("service_role", SMALL_CITY_SQL);
      const readPage = () => as("anon", "select public.city_page('us', $1, $2, 0, 24)", [city.state_slug, city.city_slug], reader);
      const dry = await importWhileReading(callerOn(writer), bulkRows(city), true, readPage);
      expect(dry.stoppedAt).toBeUndefined();
      expect(dry.results.filter((r) => r.action === "created")).toHaveLength(5000);
      const real = await importWhileReading(callerOn(writer), bulkRows(city), false, readPage);
      expect(real.results.filter((r) => r.action === "created")).toHaveLength(5000);
      console.log(
        `PostgreSQL 15: 5,000 rows imported; ${real.reads()} public reads meanwhile, the slowest ${real.slowest().toFixed(0)} ms (dry run: ${dry.slowest().toFixed(0)} ms)`,
      );
    } finally {
      await Promise.all([writer.end(), reader.end()]);
    }
  }, 240_000);
});

describe("the outbox on PostgreSQL 15", () => {
  it("20 concurrent senders claiming 200 due messages claim each exactly once", async () => {
    const owner = await server.connect("postgres");
    await owner.query(`
      with made as (
        insert into public.leads (step, location, name, phone, skid_steer_type, completed, completed_at, owner_token_hash)
        select 3, '77002', 'Claim ' || n, '5550100000', 'wheeled', true, now(), 'x' from generate_series(1, 200) n returning id)
      insert into public.outbox_messages (lead_id, channel) select id, 'webhook' from made`);
    await owner.end();
    const senders = await Promise.all(Array.from({ length: 20 }, () => server.connect("authenticator")));
    const claimed: number[] = [];
    try {
      await Promise.all(
        senders.map(async (sender) => {
          for (;;) {
            const [{ batch }] = await as<{ batch: Array<{ id: number; claim_id: string }> }>(
              "service_role",
              "select public.claim_outbox_messages(5, 60) as batch",
              [],
              sender,
            );
            if (batch.length === 0) return;
            for (const message of batch) {
              claimed.push(message.id);
              await as(
                "service_role",
                "select public.record_outbox_message($1, $2, true, 'webhook')",
                [message.id, message.claim_id],
                sender,
              );
            }
          }
        }),
      );
    } finally {
      await Promise.all(senders.map((sender) => sender.end()));
    }
    expect(claimed).toHaveLength(200);
    expect(new Set(claimed).size).toBe(200);
    const [{ n }] = await as<{ n: string }>("service_role", "select count(*) as n from public.outbox_messages where status = 'sent'");
    expect(Number(n)).toBe(200);
  });
});

// Last: its requests leave due messages, which the outbox test above would claim.
describe("booking on PostgreSQL 15", () => {
  it("two quotes of one request booked at the same moment, ten times over, make exactly one booking each time", async () => {
    const owner = await server.connect("postgres");
    const day = (offset: number) => new Date(Date.now() + offset * 86400000).toISOString().slice(0, 10);
    const clients = await Promise.all(Array.from({ length: 2 }, () => server.connect("authenticator")));
    try {
      for (let round = 0; round < 10; round++) {
        const token = `booking-race-token-${round}-abcdefghijklmnopqrstuvwxyz0123`;
        const [{ id }] = await as<{ id: number }>("service_role", "select public.create_lead($1, $2, null) as id", [
          token,
          `booking-race-${round}`,
        ]);
        await as(
          "service_role",
          `select public.complete_lead($1, $2, 'tracked', $3::date, $4::date, 'Race Renter', '5551239876', '77002', true, ${routedConsent("'77002'", { widen: "true" })})`,
          [id, token, day(6), day(8)],
        );
        const { rows: vendors } = await owner.query<{ vendor_id: number }>(
          "select vendor_id from public.lead_recipients where lead_id = $1 order by rank limit 2",
          [id],
        );
        expect(vendors).toHaveLength(2);
        const quote = {
          machine_class: "track",
          available: true,
          lines: [{ kind: "rental", label: "Day", quantity: 2, unit_cents: 25000 }],
          total_cents: 50000,
        };
        const quotes: number[] = [];
        for (const { vendor_id } of vendors) {
          const { rows } = await owner.query<{ q: { id: number } }>("select private.quote_save($1, $2, $3) as q", [vendor_id, id, quote]);
          quotes.push(rows[0].q.id);
        }
        const outcomes = await Promise.allSettled(
          clients.map((client, i) =>
            as(
              "service_role",
              "select public.renter_book_quote($1, $2, null, $3, '100 Job Site Road', null, 'Site Contact', '555-201-0100', 'any')",
              [id, token, quotes[i]],
              client,
            ),
          ),
        );
        expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
        expect(outcomes.filter((o) => o.status === "rejected").map((o) => (o as PromiseRejectedResult).reason.hint)).toEqual([
          "already-booked",
        ]);
        const { rows } = await owner.query<{ n: string; open: string }>(
          "select (select count(*) from public.bookings where lead_id = $1) as n, (select count(*) from public.quotes where lead_id = $1 and status = 'open') as open",
          [id],
        );
        expect(rows[0]).toEqual({ n: "1", open: "0" });
      }
    } finally {
      await Promise.all(clients.map((client) => client.end()));
      await owner.end();
    }
  });
});

describe("retention on PostgreSQL 15", () => {
  it("instances running the retention job at once erase each request once, whole", async () => {
    const owner = await server.connect("postgres");
    const clients = await Promise.all(Array.from({ length: 3 }, () => server.connect("authenticator")));
    try {
      // Eight requests of its own (fresh keys on every attempt), and any others not yet erased, past their 24 months.
      const day = (offset: number) => new Date(Date.now() + offset * 86400000).toISOString().slice(0, 10);
      for (let i = 0; i < 8; i++) {
        const token = `retention-race-${Date.now()}-${i}-abcdefghijklmnopqrstuvwxyz`;
        const [{ id }] = await as<{ id: number }>("service_role", "select public.create_lead($1, $2, null) as id", [
          token,
          `retention-race-${Date.now()}-${i}`,
        ]);
        await as(
          "service_role",
          `select public.complete_lead($1, $2, 'wheeled', $3::date, $4::date, 'Old Renter', '5551230000', '77002', false, false, 'old@example.com', ${routedConsent("'77002'")})`,
          [id, token, day(6), day(8)],
        );
      }
      const { rows: aged } = await owner.query<{ id: number }>(
        "update public.leads set completed_at = now() - interval '25 months' where completed and anonymized_at is null returning id",
      );
      expect(aged.length).toBeGreaterThanOrEqual(8);
      const runs = await Promise.all(
        clients.map(async (client) => {
          let erased = 0;
          for (;;) {
            const [{ r }] = await as<{ r: { anonymized: number } }>(
              "service_role",
              "select public.retention_run(30, 24, 30, 1, 2) as r",
              [],
              client,
            );
            if (r.anonymized === 0) return erased;
            erased += r.anonymized;
          }
        }),
      );
      // Each request was erased by exactly one of them, and none is left half done.
      expect(runs.reduce((sum, n) => sum + n, 0)).toBe(aged.length);
      const { rows } = await owner.query<{ left: string }>(
        "select count(*) as left from public.leads where id = any($1) and (anonymized_at is null or name <> '' or phone <> '' or renter_email is not null)",
        [aged.map((row) => row.id)],
      );
      expect(rows[0].left).toBe("0");
    } finally {
      await Promise.all(clients.map((client) => client.end()));
      await owner.end();
    }
  });
});

describe("the response rules on PostgreSQL 15", () => {
  it("instances running the job at once pass each silent vendor once and hand each silence on once, while vendors answer", async () => {
    const owner = await server.connect("postgres");
    const clients = await Promise.all(Array.from({ length: 3 }, () => server.connect("authenticator")));
    const answerer = await server.connect("authenticator");
    try {
      const day = (offset: number) => new Date(Date.now() + offset * 86400000).toISOString().slice(0, 10);
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) {
        const token = `pass-on-race-${Date.now()}-${i}-abcdefghijklmnopqrstuvwxyz`;
        const [{ id }] = await as<{ id: number }>("service_role", "select public.create_lead($1, $2, null) as id", [
          token,
          `pass-on-race-${Date.now()}-${i}`,
        ]);
        await as(
          "service_role",
          `select public.complete_lead($1, $2, 'wheeled', $3::date, $4::date, 'Waiting Renter', '8325550100', '77002', true, false, null, ${routedConsent("'77002'", { widen: "true" })})`,
          [id, token, day(6), day(8)],
        );
        ids.push(Number(id));
      }
      const { rows: silent } = await owner.query<{ lead_id: number; vendor_id: number }>(
        "update public.lead_recipients set due_at = now() - interval '1 minute' where lead_id = any($1) returning lead_id, vendor_id",
        [ids],
      );
      // Three instances run the job while, on a connection of their own, each request's first vendor answers.
      const answers = (async () => {
        const outcomes: string[] = [];
        for (const id of ids) {
          const [first] = silent.filter((r) => Number(r.lead_id) === id);
          const manager = `desk-${first.vendor_id}@vendors.example`;
          await owner.query(
            "insert into public.vendor_managers (vendor_id, email, role, added_by) values ($1, $2, 'owner', 'test') on conflict do nothing",
            [first.vendor_id, manager],
          );
          outcomes.push(
            await outcome(
              as(
                "service_role",
                "select public.business_set_lead_status($1, $2, $3, 'contacted', null)",
                [manager, first.vendor_id, id],
                answerer,
              ),
            ),
          );
        }
        return outcomes;
      })();
      const runs = clients.map(async (client) => {
        let passed = 0;
        for (let round = 0; round < 3; round++)
          passed += (await as<{ n: number }>("service_role", "select public.pass_on_silent_requests(5) as n", [], client))[0].n;
        return passed;
      });
      const [answered, passed] = await Promise.all([answers, Promise.all(runs)]);
      // A request another instance held was left for the next round: one more round takes the rest.
      passed.push((await as<{ n: number }>("service_role", "select public.pass_on_silent_requests(50) as n", [], answerer))[0].n);
      expect(answered.every((a) => a === "done")).toBe(true);
      const { rows } = await owner.query<{
        lead_id: number;
        passed: number;
        handed: number;
        answered_and_passed: number;
        recipients: number;
      }>(
        `select r.lead_id, count(*) filter (where r.passed_at is not null)::int as passed,
                count(*) filter (where r.reason = 'passed_on')::int as handed,
                count(*) filter (where r.passed_at is not null and r.responded_at < r.passed_at)::int as answered_and_passed,
                count(*)::int as recipients
         from public.lead_recipients r where r.lead_id = any($1) group by r.lead_id`,
        [ids],
      );
      // Every silence passed once by one instance, each handed on once; a vendor that answered first never counted silent.
      expect(passed.reduce((sum, n) => sum + n, 0)).toBe(rows.reduce((sum, r) => sum + r.passed, 0));
      for (const r of rows) {
        expect(r.answered_and_passed).toBe(0);
        expect(r.handed).toBe(r.passed);
        expect(r.recipients).toBeLessThanOrEqual(6);
      }
      const { rows: waiting } = await owner.query("select 1 from public.lead_recipients where lead_id = any($1) and due_at <= now()", [
        ids,
      ]);
      expect(waiting).toEqual([]);
    } finally {
      await answerer.end();
      await Promise.all(clients.map((client) => client.end()));
      await owner.end();
    }
  });
});

describe("listings' response figures on PostgreSQL 15", () => {
  it("instances counting at once count each due listing once; an answer while its listing is counted leaves it due again, and a count passes by a listing whose answer is still open", async () => {
    const owner = await server.connect("postgres");
    const [first, second, answerer] = await Promise.all([
      server.connect("authenticator"),
      server.connect("authenticator"),
      server.connect("authenticator"),
    ]);
    try {
      const day = (offset: number) => new Date(Date.now() + offset * 86400000).toISOString().slice(0, 10);
      const token = `count-race-${Date.now()}-abcdefghijklmnopqrstuvwxyz`;
      const [{ id: leadId }] = await as<{ id: number }>("service_role", "select public.create_lead($1, $2, null) as id", [
        token,
        `count-race-${Date.now()}`,
      ]);
      await as(
        "service_role",
        `select public.complete_lead($1, $2, 'wheeled', $3::date, $4::date, 'Counted Renter', '8325550100', '77002', true, false, null, ${routedConsent("'77002'", { widen: "true" })})`,
        [leadId, token, day(6), day(8)],
      );
      const {
        rows: [{ vendor_id: answering }],
      } = await owner.query<{ vendor_id: number }>(
        "select vendor_id from public.lead_recipients where lead_id = $1 order by rank limit 1",
        [leadId],
      );
      const manager = `desk-${answering}@vendors.example`;
      await owner.query(
        "insert into public.vendor_managers (vendor_id, email, role, added_by) values ($1, $2, 'owner', 'test') on conflict do nothing",
        [answering, manager],
      );
      // Nothing else due; then 40 listings, the answering one waiting longest.
      await owner.query("delete from private.responses_due");
      const { rows: due } = await owner.query<{ id: number }>(
        `insert into private.responses_due (vendor_id, since)
         select id, case when id = $1 then now() - interval '1 hour' else now() end from public.vendors
         where id = $1 or id in (select id from public.vendors where id <> $1 order by id limit 39) returning vendor_id as id`,
        [answering],
      );
      const ids = due.map((row) => Number(row.id));
      expect(ids).toHaveLength(40);

      // The first instance's count is open (its transaction holds its 20 listings) while the second counts.
      await first.query("begin");
      await first.query("set local role service_role");
      expect((await first.query<{ n: number }>("select public.count_responses(20) as n")).rows[0].n).toBe(20);
      const started = performance.now();
      expect((await as<{ n: number }>("service_role", "select public.count_responses(20) as n", [], second))[0].n).toBe(20);
      expect(performance.now() - started).toBeLessThan(2000);
      expect((await as<{ n: number | null }>("service_role", "select public.count_responses(20) as n", [], second))[0].n).toBeNull();
      // The answering listing, in the open count, answers: its answer waits for the count, then leaves it due.
      const answer = outcome(
        as("service_role", "select public.business_set_lead_status($1, $2, $3, 'contacted', null)", [manager, answering, leadId], answerer),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await first.query("commit");
      expect(await answer).toBe("done");
      const dueAgain = await owner.query<{ id: number }>("select vendor_id as id from private.responses_due where vendor_id = any($1)", [
        ids,
      ]);
      expect(dueAgain.rows.map((row) => Number(row.id))).toEqual([Number(answering)]);

      expect((await as<{ n: number }>("service_role", "select public.count_responses(20) as n", [], second))[0].n).toBe(1);
      /** Listings still due, or whose figures a count now would change. */
      const stale = async (listings: number[]) =>
        (
          await owner.query(
            `select v.id from public.vendors v
             left join private.vendor_responses($1) x on x.vendor_id = v.id
             left join private.vendor_response_rates($1) y on y.vendor_id = v.id
             where v.id = any($1) and (exists (select 1 from private.responses_due d where d.vendor_id = v.id)
               or (v.response_hours, v.response_count, v.response_rate, v.response_rate_count) is distinct from (x.hours, x.count, y.rate, y.count))`,
            [listings],
          )
        ).rows;
      expect(await stale(ids)).toEqual([]);

      // Another listing of the request, already due, answers and its transaction stays open: a count
      // passes it by rather than count it without the answer, and the count after the commit has it.
      const {
        rows: [{ vendor_id: other }],
      } = await owner.query<{ vendor_id: number }>(
        "select vendor_id from public.lead_recipients where lead_id = $1 and vendor_id <> $2 order by rank limit 1",
        [leadId, answering],
      );
      const otherManager = `desk-${other}@vendors.example`;
      await owner.query(
        "insert into public.vendor_managers (vendor_id, email, role, added_by) values ($1, $2, 'owner', 'test') on conflict do nothing",
        [other, otherManager],
      );
      await owner.query("insert into private.responses_due (vendor_id, since) values ($1, now()) on conflict do nothing", [other]);
      // A later answer of the listing committed first, so this one leaves the listing's row as it is.
      await owner.query("update public.vendors set last_responded_at = now() + interval '1 minute' where id = $1", [other]);
      await answerer.query("begin");
      await answerer.query("set local role service_role");
      await answerer.query("select public.business_set_lead_status($1, $2, $3, 'contacted', null)", [otherManager, other, leadId]);
      expect(
        (await as<{ n: number | null }>("service_role", "select public.count_responses(20, $1) as n", [other], second))[0].n,
      ).toBeNull();
      await answerer.query("commit");
      expect((await as<{ n: number }>("service_role", "select public.count_responses(20, $1) as n", [other], second))[0].n).toBe(1);
      expect(await stale([Number(other)])).toEqual([]);
    } finally {
      await Promise.all([first.end(), second.end(), answerer.end()]);
      await owner.end();
    }
  });
});

describe("the console's failed deliveries on PostgreSQL 15", () => {
  it("a request stays listed when one of its messages is resent while another fails at once, and a failure never waits for its request's row", async () => {
    const owner = await server.connect("postgres");
    const [failing, resending] = await Promise.all([server.connect("postgres"), server.connect("postgres")]);
    try {
      const stamp = `${Date.now()}-${randomBytes(4).toString("hex")}`;
      const {
        rows: [{ id: leadId }],
      } = await owner.query<{ id: number }>(
        `insert into public.leads (step, location, name, phone, skid_steer_type, rental_days, completed, completed_at, owner_token_hash)
         values (3, '59103', 'Resent Renter', '5125550100', 'wheeled', 1, true, now(), $1) returning id`,
        [`failed-race-${stamp}`],
      );
      const { rows: messages } = await owner.query<{ id: number }>(
        `insert into public.outbox_messages (lead_id, vendor_id, channel, status)
         select $1, v.id, 'email', case when n = 1 then 'failed' else 'sent' end
         from (select id, row_number() over (order by id) as n from public.vendors order by id limit 2) v
         order by v.n returning id`,
        [leadId],
      );
      const [resent, failed] = messages.map((row) => Number(row.id));
      const listed = async () =>
        (await owner.query("select 1 from private.failed_deliveries where lead_id = $1", [leadId])).rows.length === 1;
      expect(await listed()).toBe(true);

      // One message fails, its transaction still open, as the other is resent.
      await failing.query("begin");
      await failing.query("update public.outbox_messages set status = 'failed' where id = $1", [failed]);
      await resending.query("begin");
      const resend = outcome(resending.query("update public.outbox_messages set status = 'pending' where id = $1", [resent]));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await failing.query("commit");
      expect(await resend).toBe("done");
      await resending.query("commit");
      expect(await listed()).toBe(true);

      // The failed one resent too: no failed message is left, and the request leaves the list.
      await owner.query("update public.outbox_messages set status = 'pending' where id = $1", [failed]);
      expect(await listed()).toBe(false);

      // A message's first failure does not wait for its request's row, which a withdrawal, a spam
      // mark or an erasure holds while it fails the request's messages (that would be a deadlock).
      await resending.query("begin");
      await resending.query("select 1 from public.leads where id = $1 for update", [leadId]);
      const started = performance.now();
      await failing.query("update public.outbox_messages set status = 'failed' where id = $1", [failed]);
      expect(performance.now() - started).toBeLessThan(2000);
      await resending.query("update public.outbox_messages set status = 'failed' where lead_id = $1", [leadId]);
      await resending.query("commit");
      expect(await listed()).toBe(true);
    } finally {
      await Promise.all([failing.end(), resending.end()]);
      await owner.end();
    }
  });
});

describe("the site's weeks on PostgreSQL 15", () => {
  it("one instance counts at a time: another's call while a count is open returns at once with nothing, and every week is counted", async () => {
    const owner = await server.connect("postgres");
    const [first, second] = await Promise.all([server.connect("authenticator"), server.connect("authenticator")]);
    try {
      await owner.query("delete from private.site_weeks");
      // The first instance's count is open (its transaction holds the lock) while the second asks.
      await first.query("begin");
      await first.query("set local role service_role");
      const [{ week }] = (await first.query<{ week: string | null }>("select public.count_site_weeks() as week")).rows;
      expect(week).not.toBeNull();
      const started = performance.now();
      const [{ other }] = await as<{ other: string | null }>("service_role", "select public.count_site_weeks() as other", [], second);
      expect(other).toBeNull();
      expect(performance.now() - started).toBeLessThan(2000);
      await first.query("commit");
      // Both keep calling, as their rounds do, until none is due: each week counted once. A call that
      // finds the other's count open gets nothing at once, so a client may get nothing many times in a row.
      const allCounted = async () =>
        (await owner.query<{ n: number }>("select count(*)::int as n from private.site_weeks")).rows[0].n >= 26;
      const rounds = [first, second].map(async (client) => {
        let counted = 0;
        for (let call = 0; call < 400; call++) {
          if ((await as<{ w: string | null }>("service_role", "select public.count_site_weeks() as w", [], client))[0].w) counted++;
          else if (await allCounted()) break;
        }
        return counted;
      });
      const counted = (await Promise.all(rounds)).reduce((sum, n) => sum + n, 1);
      const { rows } = await owner.query<{ n: number }>("select count(*)::int as n from private.site_weeks");
      expect(rows[0].n).toBe(26);
      expect(counted).toBe(26);
    } finally {
      await Promise.all([first.end(), second.end()]);
      await owner.end();
    }
  });
});

describe("the listings' weeks on PostgreSQL 15", () => {
  it("two instances keep different listings' weeks at once, and each week is kept once", async () => {
    const owner = await server.connect("postgres");
    const [first, second] = await Promise.all([server.connect("authenticator"), server.connect("authenticator")]);
    try {
      await owner.query(
        "do $$ begin while public.count_site_weeks() is not null loop end loop; while public.count_city_weeks() is not null loop end loop; end $$",
      );
      // In the hour after a week ends its cities are not counted yet: taken as counted rather than waited for.
      await owner.query(
        `update private.site_weeks set cities_counted_at = (week + 7)::timestamp at time zone 'UTC' + interval '1 hour'
         where week < date_trunc('week', now() at time zone 'UTC')::date
           and not private.week_cities_counted(week, cities_counted_at)`,
      );
      // Only these two listings are due: the weeks' queueing of every managed listing is done.
      await owner.query("update private.site_weeks set listings_queued_at = coalesce(listings_queued_at, now())");
      await owner.query("delete from private.listing_weeks_due");
      const stamp = `${Date.now()}-${randomBytes(4).toString("hex")}`;
      const { rows: picked } = await owner.query<{ id: string }>(
        "select id from public.vendors where id not in (select vendor_id from public.vendor_managers) order by id limit 2",
      );
      const [a, b] = picked.map((row) => Number(row.id));
      await owner.query(
        "insert into public.vendor_managers (vendor_id, email, role, added_by) select id, 'weeks-' || id || '-' || $2 || '@example.com', 'owner', 'test' from unnest($1::bigint[]) id",
        [[a, b], stamp],
      );
      await owner.query("delete from private.listing_weeks where vendor_id = any($1::bigint[])", [[a, b]]);
      const kept = async (id: number) =>
        (await owner.query<{ n: number }>("select count(*)::int as n from private.listing_weeks where vendor_id = $1", [id])).rows[0].n;

      // The first instance's call is open, holding its listing, while the second calls.
      await first.query("begin");
      await first.query("set local role service_role");
      expect((await first.query("select public.keep_listing_weeks() as week")).rows[0].week).not.toBeNull();
      const started = performance.now();
      const [{ week }] = await as<{ week: string | null }>("service_role", "select public.keep_listing_weeks() as week", [], second);
      expect(week).not.toBeNull();
      expect(performance.now() - started).toBeLessThan(2000);
      expect(await kept(b)).toBe(1);
      await first.query("commit");
      expect(await kept(a)).toBe(1);

      const rounds = [first, second].map(async (client) => {
        for (let call = 0; call < 100; call++)
          if ((await as<{ w: string | null }>("service_role", "select public.keep_listing_weeks() as w", [], client))[0].w === null) break;
      });
      await Promise.all(rounds);
      expect([await kept(a), await kept(b)]).toEqual([25, 25]);
      const { rows } = await owner.query<{ n: number }>("select count(*)::int as n from private.listing_weeks_due");
      expect(rows[0].n).toBe(0);

      // A listing deleted while the round keeps its weeks: the deletion waits for the round's
      // transaction, which goes on keeping, and then takes the listing's queue and weeks with it.
      const {
        rows: [{ id: doomed }],
      } = await owner.query<{ id: string }>(
        "insert into public.vendors (name, slug, postcode_id) select 'Doomed Rentals', 'doomed-rentals-' || $1, min(id) from public.postcodes returning id",
        [stamp],
      );
      await owner.query("insert into public.vendor_managers (vendor_id, email, role, added_by) values ($1, $2, 'owner', 'test')", [
        doomed,
        `doomed-${stamp}@example.com`,
      ]);
      const deleting = await server.connect("postgres");
      try {
        await first.query("begin");
        await first.query("set local role service_role");
        expect((await first.query("select public.keep_listing_weeks() as week")).rows[0].week).not.toBeNull();
        await deleting.query("begin");
        const deletion = outcome(deleting.query("delete from public.vendors where id = $1", [doomed]));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect((await first.query("select public.keep_listing_weeks() as week")).rows[0].week).not.toBeNull();
        await first.query("commit");
        expect(await deletion).toBe("done");
        await deleting.query("commit");
        expect(await kept(Number(doomed))).toBe(0);
      } finally {
        await deleting.end();
      }
    } finally {
      await Promise.all([first.end(), second.end()]);
      await owner.end();
    }
  });

  it("a listing another instance is taking off the queue as last week's cities are counted is queued again for last week, not skipped", async () => {
    const owner = await server.connect("postgres");
    // The first stands for the instance taking the listing off (its queue row is private): as the owner.
    const [first, second] = await Promise.all([server.connect("postgres"), server.connect("authenticator")]);
    try {
      await owner.query(
        "do $$ begin while public.count_site_weeks() is not null loop end loop; while public.count_city_weeks() is not null loop end loop; end $$",
      );
      const newest = "date_trunc('week', now() at time zone 'UTC')::date - 7";
      const stamp = `${Date.now()}-${randomBytes(4).toString("hex")}`;
      const {
        rows: [{ id }],
      } = await owner.query<{ id: string }>(
        "select id from public.vendors where id not in (select vendor_id from public.vendor_managers) order by id desc limit 1",
      );
      await owner.query("insert into public.vendor_managers (vendor_id, email, role, added_by) values ($1, $2, 'owner', 'test')", [
        id,
        `requeued-${stamp}@example.com`,
      ]);
      // Last week's cities are not counted yet; every managed listing is queued for it but this one.
      await owner.query(
        `update private.site_weeks set cities_counted_at = null, listings_queued_after = $1::bigint - 1, listings_queued_at = null
         where week = ${newest}`,
        [id],
      );
      await owner.query("delete from private.listing_weeks_due where vendor_id <> $1", [id]);
      // The first instance holds the listing's queue row, as a call that found none of its counted
      // weeks missing does before it takes the listing off.
      await first.query("begin");
      await first.query("select vendor_id from private.listing_weeks_due where vendor_id = $1 for update", [id]);
      // Last week's cities are counted, and the second instance queues every managed listing for it.
      await owner.query(
        `update private.site_weeks set cities_counted_at = (week + 7)::timestamp at time zone 'UTC' + interval '1 hour' where week = ${newest}`,
      );
      const queueing = outcome(as("service_role", "select public.keep_listing_weeks() as week", [], second));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await first.query("delete from private.listing_weeks_due where vendor_id = $1", [id]);
      await first.query("commit");
      expect(await queueing).toBe("done");
      const { rows } = await owner.query<{ n: number }>("select count(*)::int as n from private.listing_weeks_due where vendor_id = $1", [
        id,
      ]);
      expect(rows[0].n).toBe(1);
    } finally {
      await Promise.all([first.end(), second.end()]);
      await owner.end();
    }
  });
});

describe("the cities' weeks on PostgreSQL 15", () => {
  it("one instance counts at a time, and each ended week's cities are counted once, at once or in slices", async () => {
    const owner = await server.connect("postgres");
    const [first, second] = await Promise.all([server.connect("authenticator"), server.connect("authenticator")]);
    try {
      await owner.query("do $$ begin while public.count_site_weeks() is not null loop end loop; end $$");
      await owner.query("update private.site_weeks set cities_counted_at = null");
      const ended = async () =>
        (
          await owner.query<{ n: number }>(
            "select count(*)::int as n from private.site_weeks where (week + 7)::timestamp at time zone 'UTC' + interval '1 hour' <= now()",
          )
        ).rows[0].n;
      // Every week that ended over an hour ago: 25, or 24 in a Monday's first hour (UTC).
      const due = await ended();
      expect([24, 25]).toContain(due);
      await first.query("begin");
      await first.query("set local role service_role");
      const [{ week }] = (await first.query<{ week: string | null }>("select public.count_city_weeks() as week")).rows;
      expect(week).not.toBeNull();
      const [{ other }] = await as<{ other: string | null }>("service_role", "select public.count_city_weeks() as other", [], second);
      expect(other).toBeNull();
      await first.query("commit");
      const left = async () =>
        (
          await owner.query<{ n: number }>(
            `select count(*)::int as n from private.site_weeks
             where (week + 7)::timestamp at time zone 'UTC' + interval '1 hour' <= now() and not private.week_cities_counted(week, cities_counted_at)`,
          )
        ).rows[0].n;
      const rounds = [first, second].map(async (client) => {
        let counted = 0;
        for (let call = 0; call < 400; call++) {
          if ((await as<{ w: string | null }>("service_role", "select public.count_city_weeks() as w", [], client))[0].w) counted++;
          else if ((await left()) === 0) break;
        }
        return counted;
      });
      const counted = (await Promise.all(rounds)).reduce((sum, n) => sum + n, 1);
      expect(await left()).toBe(0);
      expect(counted).toBe(due);
      // Not the week in progress: its answers still come.
      const { rows } = await owner.query<{ n: number }>(
        "select count(*)::int as n from private.site_weeks where week = date_trunc('week', now() at time zone 'UTC')::date and cities_counted_at is not null",
      );
      expect(rows[0].n).toBe(0);

      const kept = async () => (await owner.query("select city_id, week, hours from private.city_weeks order by 1, 2")).rows;
      // Three weeks ago 6 listings of a city answered (the last 4 at one instant), and 2 of another.
      const token = `city-slices-${randomBytes(12).toString("hex")}`;
      const [{ id }] = await as<{ id: number }>("service_role", "select public.create_lead($1, $2, null) as id", [token, token]);
      const { rows: cities } = await owner.query<{ ids: number[] }>(
        `select (array_agg(v.id order by v.id))[1:6] as ids from public.vendors v join public.postcodes p on p.id = v.postcode_id
         group by p.city_id having count(*) >= 6 order by p.city_id limit 2`,
      );
      await owner.query(
        `insert into public.lead_recipients (lead_id, vendor_id, reason, rank, emailed_at, responded_at)
         select $1::bigint, a.id, 'nearby', a.ord, w.at, w.at + least(a.ord, 3) * interval '47 minutes'
         from unnest($2::bigint[]) with ordinality a(id, ord)
         cross join (select (date_trunc('week', now() at time zone 'UTC')::date - 19)::timestamp at time zone 'UTC' as at) w`,
        [id, [...cities[0].ids, ...cities[1].ids.slice(0, 2)]],
      );
      await owner.query("update private.site_weeks set cities_counted_at = null");
      await owner.query("do $$ begin while public.count_city_weeks() is not null loop end loop; end $$");
      const atOnce = await kept();
      expect(atOnce.length).toBeGreaterThan(0);
      // Counted again by both instances in slices of 2 answers: the same medians, nothing left of the copy.
      await owner.query("update private.site_weeks set cities_counted_at = null");
      const sliced = [first, second].map(async (client) => {
        let calls = 0;
        for (let call = 0; call < 20_000; call++) {
          if ((await as<{ w: string | null }>("service_role", "select public.count_city_weeks(2) as w", [], client))[0].w) calls++;
          else if ((await left()) === 0) break;
        }
        return calls;
      });
      expect((await Promise.all(sliced)).reduce((sum, n) => sum + n, 0)).toBeGreaterThan(due);
      expect(await left()).toBe(0);
      expect(await kept()).toEqual(atOnce);
      const { rows: copy } = await owner.query<{ n: number }>("select count(*)::int as n from private.city_week_answers");
      expect(copy[0].n).toBe(0);

      // A session reading the copy, as a dump does, does not hold up a week's first call: the copy
      // is emptied row by row instead (its file kept), and the half-copied week copied again.
      const sliceWeek = "date_trunc('week', now() at time zone 'UTC')::date - 21";
      const copied = async () => (await owner.query<{ n: number }>("select count(*)::int as n from private.city_week_answers")).rows[0].n;
      const file = async () =>
        (await owner.query<{ f: number }>("select pg_relation_filenode('private.city_week_answers') as f")).rows[0].f;
      await owner.query(`update private.site_weeks set cities_counted_at = null where week = ${sliceWeek}`);
      while ((await copied()) === 0)
        expect(await as("service_role", "select public.count_city_weeks(2) as w", [], first)).not.toEqual([{ w: null }]);
      await owner.query(`update private.site_weeks set cities_counted_at = null where week = ${sliceWeek} - 7`);
      const halfCopied = await file();
      const dump = await server.connect("postgres");
      try {
        await dump.query("begin");
        await dump.query("lock table private.city_week_answers in access share mode");
        await first.query("begin");
        await first.query("set local role service_role");
        // Waiting for the lock fails the call at once, rather than holding the test.
        await first.query("set local lock_timeout = '2s'");
        const { rows } = await first.query<{ w: boolean }>(`select public.count_city_weeks(2) = ${sliceWeek} - 7 as w`);
        await first.query("commit");
        expect(rows).toEqual([{ w: true }]);
      } finally {
        await first.query("rollback");
        await dump.query("rollback");
        await dump.end();
      }
      expect(await copied()).toBe(0);
      expect(await file()).toBe(halfCopied);
      await owner.query("do $$ begin while public.count_city_weeks() is not null loop end loop; end $$");
      expect(await kept()).toEqual(atOnce);
    } finally {
      await Promise.all([first.end(), second.end()]);
      await owner.end();
    }
  });
});

describe("a request's life on PostgreSQL 15", () => {
  it("any two actions on one request at the same moment keep every invariant, and erasure always succeeds", async () => {
    const owner = await server.connect("postgres");
    const clients = await Promise.all(Array.from({ length: 2 }, () => server.connect("authenticator")));
    const on = (client: pg.Client): Database => ({
      service: <T>(sql: string, params: unknown[] = []) => as("service_role", sql, params, client) as Promise<T[]>,
      owner: async <T>(sql: string, params: unknown[] = []) => (await owner.query(sql, params)).rows as T[],
    });
    const db = on(clients[0]);
    const started = performance.now();
    let pairs = 0;
    try {
      const vendors = await prepareVendors(db);
      const actions = [
        "book first quote",
        "book second quote",
        "withdraw",
        "cancel",
        "delete",
        "erase",
        "quote",
        "withdraw quote",
        "spam",
        "confirm window",
        "release",
      ] as const;
      type Action = (typeof actions)[number];
      await fc.assert(
        fc.asyncProperty(
          fc.boolean(),
          fc.boolean(),
          fc.constantFrom(...actions),
          fc.constantFrom(...actions),
          async (booked, overdue, a, b) => {
            pairs++;
            const who = person(true);
            const id = await act.draft(db, who);
            await act.send(db, id, who, isoDay(6), isoDay(8));
            const [first, second] = vendors;
            const body = {
              machine_class: "track",
              available: true,
              lines: [{ kind: "rental", label: "Day", quantity: 1.15, unit_cents: 2750 }],
              total_cents: 3163,
            };
            const quotes = [
              await act.quote(db, first.manager, first.id, id, body),
              await act.quote(db, second.manager, second.id, id, body),
            ];
            if (booked) await act.book(db, id, who, quotes[0].id);
            // The vendor's time to confirm a window has run out: the release job and the vendor's confirmation race.
            if (booked && overdue)
              await db.owner("update public.bookings set confirm_by = now() - interval '1 minute' where lead_id = $1", [id]);
            const run = (action: Action, client: pg.Client) => {
              const real = on(client);
              switch (action) {
                case "book first quote":
                  return act.book(real, id, who, quotes[0].id);
                case "book second quote":
                  return act.book(real, id, who, quotes[1].id);
                case "withdraw":
                  return act.withdraw(real, id, who);
                case "cancel":
                  return act.cancel(real, id, who, `${who.name} changed plans`);
                case "delete":
                  return act.delete(real, id, who);
                case "erase":
                  return act.erase(real, who);
                case "quote":
                  return act.quote(real, second.manager, second.id, id, body);
                case "withdraw quote":
                  return act.withdrawQuote(real, first.manager, first.id, id);
                case "spam":
                  return act.spam(real, id, true);
                case "confirm window":
                  return act.confirmWindow(real, first.manager, first.id, id, isoDay(6), "08:00", "12:00");
                case "release":
                  return act.release(real);
              }
            };
            const outcomes = await Promise.all([outcome(run(a, clients[0])), outcome(run(b, clients[1]))]);
            // Each either happened or was refused with a code: no deadlock, no duplicate, no error without one.
            for (const result of outcomes) expect(result === "done" || isRefusalCode(result)).toBe(true);
            // An erasure succeeds whatever it meets; two at once erase the person once, and the later may find nothing left.
            if (a === "erase" && b === "erase") {
              expect(outcomes).toContain("done");
              for (const result of outcomes) expect(["done", "nothing-on-file"]).toContain(result);
            } else [a, b].forEach((action, i) => action === "erase" && expect(outcomes[i]).toBe("done"));
            await expectInvariants(db, [{ id, who, freeText: [`${who.name} changed plans`] }]);
          },
        ),
        { numRuns: 60 },
      );
    } finally {
      await Promise.all(clients.map((client) => client.end()));
      await owner.end();
    }
    console.log(
      `request life on PostgreSQL 15: ${pairs} pairs of simultaneous actions in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 300_000);

  it("any two actions on a rental on rent at the same moment keep every invariant", async () => {
    const owner = await server.connect("postgres");
    const clients = await Promise.all(Array.from({ length: 2 }, () => server.connect("authenticator")));
    const on = (client: pg.Client): Database => ({
      service: <T>(sql: string, params: unknown[] = []) => as("service_role", sql, params, client) as Promise<T[]>,
      owner: async <T>(sql: string, params: unknown[] = []) => (await owner.query(sql, params)).rows as T[],
    });
    const db = on(clients[0]);
    let pairs = 0;
    try {
      const [vendor] = await prepareVendors(db);
      const actions = ["extend", "accept extension", "call off", "pick up", "send bill", "add line", "report problem", "erase"] as const;
      type Action = (typeof actions)[number];
      await fc.assert(
        fc.asyncProperty(
          fc.boolean(),
          fc.boolean(),
          fc.constantFrom(...actions),
          fc.constantFrom(...actions),
          async (asked, returned, a, b) => {
            pairs++;
            const who = person(true);
            const id = await act.draft(db, who);
            await act.send(db, id, who, isoDay(6), isoDay(8));
            const body = {
              machine_class: "track",
              available: true,
              lines: [{ kind: "rental", label: "Day", quantity: 3, unit_cents: 30000 }],
              total_cents: 90000,
            };
            const quote = await act.quote(db, vendor.manager, vendor.id, id, body);
            await act.book(db, id, who, quote.id);
            await act.confirmWindow(db, vendor.manager, vendor.id, id, isoDay(6), "08:00", "12:00");
            await db.owner("update public.bookings set window_start = now(), window_end = now() + interval '2 hours' where lead_id = $1", [
              id,
            ]);
            await act.deliver(db, vendor.manager, vendor.id, id, 100, 8, [`rentals/${id}/delivery-${"a".repeat(24)}.jpg`]);
            if (asked) await act.extend(db, id, who, isoDay(10));
            if (returned) await act.pickUp(db, vendor.manager, vendor.id, id, 120, 8, [`rentals/${id}/pickup-${"b".repeat(24)}.jpg`]);
            let photo = 0;
            const path = (record: string) => `rentals/${id}/${record}-${String(photo++).padStart(24, "c")}.jpg`;
            const run = (action: Action, client: pg.Client) => {
              const real = on(client);
              switch (action) {
                case "extend":
                  return act.extend(real, id, who, isoDay(11));
                case "accept extension":
                  return act.answerExtension(real, vendor.manager, vendor.id, id, true);
                case "call off":
                  return act.callOff(real, id, who);
                case "pick up":
                  return act.pickUp(real, vendor.manager, vendor.id, id, 130, 6, [path("pickup")]);
                case "send bill":
                  return act.sendBill(real, vendor.manager, vendor.id, id);
                case "add line":
                  return act.addLine(
                    real,
                    vendor.manager,
                    vendor.id,
                    id,
                    "damage",
                    `Bucket ${who.name} bent`,
                    48000,
                    `Bent by ${who.name}`,
                    [path("bill")],
                  );
                case "report problem":
                  return act.reportProblem(real, id, who, "damaged", `Dented, says ${who.name}`, [path("problem")]);
                case "erase":
                  return act.erase(real, who);
              }
            };
            const outcomes = await Promise.all([outcome(run(a, clients[0])), outcome(run(b, clients[1]))]);
            for (const result of outcomes) expect(result === "done" || isRefusalCode(result)).toBe(true);
            [a, b].forEach((action, i) => action === "erase" && a !== b && expect(outcomes[i]).toBe("done"));
            await expectInvariants(db, [{ id, who, freeText: [`Bent by ${who.name}`, `Bucket ${who.name} bent`] }]);
          },
        ),
        { numRuns: 40 },
      );
    } finally {
      await Promise.all(clients.map((client) => client.end()));
      await owner.end();
    }
    console.log(`rental on PostgreSQL 15: ${pairs} pairs of simultaneous actions`);
  }, 600_000);
});

describe("a city's kept keys and rates on PostgreSQL 15", () => {
  it("a card saved while the listing's ZIP codes are edited, and a ZIP code served while it is hidden, wait for each other and leave the kept rows true", async () => {
    const owner = await server.connect("postgres");
    const [first, second] = await Promise.all([server.connect("postgres"), server.connect("postgres")]);
    try {
      const stamp = `${Date.now()}-${randomBytes(4).toString("hex")}`;
      const { rows: cities } = await owner.query<{ id: string; code: string }>(
        `select distinct on (p.city_id) p.city_id as id, p.code from public.postcodes p
         where exists (select 1 from public.vendors_serviced e where e.postcode_id = p.id) order by p.city_id, p.code limit 2`,
      );
      const [home, elsewhere] = cities;
      const {
        rows: [{ id }],
      } = await owner.query<{ id: string }>(
        "insert into public.vendors (name, slug, postcode_id) select 'Keys Rentals', 'keys-rentals-' || $1, id from public.postcodes where code = $2 returning id",
        [stamp, home.code],
      );
      await owner.query("select public.operator_update_vendor($1, $2, 'ops@example.com')", [id, { service_zips: [home.code] }]);
      const card = (day: number) => ({
        published: true,
        classes: [
          { class: "small", day, week: 3 * day },
          { class: "large", day: day + 50 },
        ],
      });
      await owner.query("select public.set_rate_card($1, $2, 'test')", [id, card(210)]);
      const kept = async () =>
        (
          await owner.query<{ kept: unknown; truth: unknown }>(
            `select (select jsonb_agg(jsonb_build_array(cv.city_id, cv.name, cv.hidden, cv.day_rate) order by cv.city_id)
                     from private.city_vendors cv where cv.vendor_id = $1) as kept_keys,
                    (select jsonb_agg(jsonb_build_array(c.city_id, v.name, v.hidden, private.published_day_rate(v.id)) order by c.city_id)
                     from (select distinct p.city_id from public.vendors_serviced e join public.postcodes p on p.id = e.postcode_id
                           where e.vendor_id = $1) c cross join public.vendors v where v.id = $1) as true_keys,
                    (select jsonb_agg(jsonb_build_array(r.city_id, r.class, r.day_rate) order by r.city_id, r.class)
                     from private.city_class_rates r where r.vendor_id = $1) as kept_rates,
                    (select jsonb_agg(jsonb_build_array(cv.city_id, k.class, k.day_rate) order by cv.city_id, k.class)
                     from private.city_vendors cv join public.vendors v on v.id = cv.vendor_id and not v.hidden
                     join public.rate_cards r on r.vendor_id = cv.vendor_id and r.published
                     join public.rate_card_classes k on k.vendor_id = cv.vendor_id where cv.vendor_id = $1) as true_rates`,
            [id],
          )
        ).rows[0] as Record<string, unknown>;
      const expectTrue = async () => {
        const rows = await kept();
        expect(rows.kept_keys).toEqual(rows.true_keys);
        expect(rows.kept_rates).toEqual(rows.true_rates);
      };
      await expectTrue();

      // The console saves the same ZIP codes (deleting and inserting them) while the business saves its card.
      await first.query("begin");
      await first.query("select public.operator_update_vendor($1, $2, 'ops@example.com')", [id, { service_zips: [home.code] }]);
      const saving = second.query("select public.set_rate_card($1, $2, 'test')", [id, card(99)]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await first.query("commit");
      await saving;
      await expectTrue();

      // A ZIP code elsewhere is served while the listing is being hidden, each committing first in turn.
      for (const hiddenFirst of [true, false]) {
        await first.query("begin");
        await first.query("update public.vendors set hidden = $2 where id = $1", [id, hiddenFirst]);
        await second.query("begin");
        const serving = second.query(
          hiddenFirst
            ? "insert into public.vendors_serviced (vendor_id, postcode_id) select $1, id from public.postcodes where code = $2"
            : "delete from public.vendors_serviced e using public.postcodes p where p.id = e.postcode_id and e.vendor_id = $1 and p.code = $2",
          [id, elsewhere.code],
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        await first.query("commit");
        await serving;
        await second.query("commit");
        await expectTrue();
      }
    } finally {
      await Promise.all([owner.end(), first.end(), second.end()]);
    }
  });
});
