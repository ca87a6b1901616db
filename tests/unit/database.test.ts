import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { parse } from "csv-parse/sync";
import { addDays, addYears, format } from "date-fns";
import { beforeAll, describe, expect, it } from "vitest";
import { routedConsent } from "./helpers/consent";
import { migrate } from "@/lib/db/migrations";
import { asAnon, asService, freshDb, isoDay, ownerToken } from "./helpers/db";

let db: PGlite;
beforeAll(async () => {
  db = await freshDb(true);
});

const count = async (table: string) => (await db.query<{ n: number }>(`select count(*)::int as n from public.${table}`)).rows[0].n;

async function newLead(token = ownerToken(), vendorId: number | null = null) {
  const [row] = await asService<{ id: number }>(db, "select public.create_lead($1, $2, $3) as id", [token, "client-a", vendorId]);
  return Number(row.id);
}

// Access rules (what anon may read, write and call) are tested where they matter, on
// PostgreSQL 15 set up as hosted Supabase: tests/unit/postgres15.test.ts.

describe("views return the spec's fields", () => {
  const fields: Record<string, string[]> = {
    states_with_vendors: ["state_id", "state_name", "state_slug", "vendor_count", "featured"],
    cities_with_vendors: ["city_id", "city_name", "city_slug", "vendor_count", "state_slug"],
    vendors_by_state: ["served_state_name", "served_state_slug"],
    vendors_servicedenhanced: ["vendor_id", "vendor_name", "vendor_slug", "phone", "full_address", "photo", "served_postcode_id"],
  };
  for (const [view, columns] of Object.entries(fields)) {
    it(view, async () => {
      const rows = await asAnon<Record<string, unknown>>(db, `select * from public.${view} limit 1`);
      expect(rows.length).toBe(1);
      for (const column of columns) expect(rows[0]).toHaveProperty(column);
    });
  }
});

describe("place vendor counts", () => {
  /** The counts as the views showed them by counting every vendor: listed vendors by address (states) and by ZIP codes served (cities). */
  const recounted = async () => {
    const states = await db.query<{ id: number; n: number }>(`select c.state_id as id, count(distinct v.id)::int as n
      from public.vendors v join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id
      where not v.hidden group by 1 order by 1`);
    const cities = await db.query<{ id: number; n: number }>(`select p.city_id as id, count(distinct s.vendor_id)::int as n
      from public.vendors_serviced s join public.postcodes p on p.id = s.postcode_id join public.vendors v on v.id = s.vendor_id
      where not v.hidden group by 1 order by 1`);
    const blocks = await db.query<{ block: number; n: number }>(`select (id / 1024)::int as block, count(*)::int as n
      from public.vendors where postcode_id is not null and not hidden group by 1 order by 1`);
    return { states: states.rows, cities: cities.rows, blocks: blocks.rows };
  };
  const kept = async () => {
    const states = await db.query<{ id: number; n: number }>(
      "select state_id as id, vendor_count as n from public.states_with_vendors order by 1",
    );
    const cities = await db.query<{ id: number; n: number }>(
      "select city_id as id, vendor_count as n from public.cities_with_vendors order by 1",
    );
    const blocks = await db.query<{ block: number; n: number }>(
      "select block::int, listed as n from private.sitemap_blocks where listed <> 0 order by 1",
    );
    return { states: states.rows, cities: cities.rows, blocks: blocks.rows };
  };
  /** Each sitemap file's start, for files of 700 entries after a first of 300, is the entry before it in the sitemap's order. */
  const expectSitemapStarts = async (step: string) => {
    const entries = await asAnon<{ kind: number; key: number }>(db, "select kind, key::int from public.sitemap_entries order by kind, key");
    const starts = await asAnon<{ after_kind: number; after_key: number }>(
      db,
      "select after_kind, after_key::int from public.sitemap_file_starts(300, 700) order by file",
    );
    const expected = entries.filter((_, i) => i >= 299 && (i - 299) % 700 === 0).map((e) => ({ after_kind: e.kind, after_key: e.key }));
    expect(starts, step).toEqual(expected);
  };

  it("follow vendors added, moved, hidden, shown and deleted, and ZIP codes served added and removed", async () => {
    expect(await kept()).toEqual(await recounted());
    await expectSitemapStarts("seed");
    const zips = (await db.query<{ id: number }>("select id from public.postcodes order by id limit 3 offset 500")).rows.map(
      (row) => row.id,
    );
    const [vendor] = (
      await db.query<{ id: number }>(
        "insert into public.vendors (name, slug, postcode_id) values ('Count Test Rentals', 'count-test-rentals', $1) returning id",
        [zips[0]],
      )
    ).rows;
    const steps = [
      "insert into public.vendors_serviced (vendor_id, postcode_id) select $1, unnest($2::bigint[])",
      "update public.vendors set postcode_id = ($2::bigint[])[3] where id = $1",
      "update public.vendors set hidden = true where id = $1",
      "delete from public.vendors_serviced where vendor_id = $1 and postcode_id = ($2::bigint[])[1]",
      "update public.vendors set hidden = false where id = $1",
      "update public.vendors_serviced set postcode_id = ($2::bigint[])[1] where vendor_id = $1 and postcode_id = ($2::bigint[])[2]",
      "delete from public.vendors where id = $1",
      "update public.vendors set hidden = not hidden where id in (select id from public.vendors order by id limit 5)",
      "delete from public.vendors_serviced where (vendor_id, postcode_id) in (select vendor_id, postcode_id from public.vendors_serviced order by 1, 2 limit 40)",
      "update public.vendors set hidden = not hidden where id in (select id from public.vendors order by id limit 5)",
      // Listings far apart, in blocks of their own and in one already counted, some hidden, some without an address.
      `insert into public.vendors (id, name, slug, postcode_id, hidden)
       select g, 'Block Test Rentals ' || g, 'block-test-rentals-' || g, case when g % 7 = 0 then null else ($2::bigint[])[1 + g % 3] end, g % 5 = 0
       from generate_series(4000, 6200, 3) g where $1::bigint is not null`,
      "update public.vendors set postcode_id = null where id in (select id from public.vendors where id > 4000 order by id limit 30)",
      "update public.vendors set hidden = not hidden where id % 4 = 0",
      "update public.vendors set postcode_id = ($2::bigint[])[2] where postcode_id is null and $1::bigint is not null",
      "delete from public.vendors where id between 5000 and 5600",
      "update public.vendors set hidden = not hidden where id % 4 = 0",
    ];
    for (const step of steps) {
      await db.query(step, step.includes("$2") ? [vendor.id, zips] : step.includes("$1") ? [vendor.id] : []);
      expect(await kept(), step).toEqual(await recounted());
      await expectSitemapStarts(step);
    }
  });
});

describe("seed", () => {
  it("has the US with 50 states and DC, and enough vendors, states and cities", async () => {
    expect((await db.query<{ n: number }>("select count(*)::int n from public.states where country_id = 1")).rows[0].n).toBe(51);
    expect(await count("vendors")).toBeGreaterThanOrEqual(600);
    expect((await db.query<{ n: number }>("select count(*)::int n from public.states_with_vendors")).rows[0].n).toBeGreaterThanOrEqual(40);
    expect((await db.query<{ n: number }>("select count(*)::int n from public.cities_with_vendors")).rows[0].n).toBeGreaterThanOrEqual(150);
    // Every row of the model data, each with its sources.
    const modelRows = parse(readFileSync("supabase/data/skid-steer-models.v2.csv", "utf8"), {
      columns: true,
      skipEmptyLines: true,
    }) as unknown[];
    expect(await count("equipment_models")).toBe(modelRows.length);
    expect(
      (await db.query<{ n: number }>("select count(*)::int n from public.equipment_models where cardinality(sources) = 0")).rows[0].n,
    ).toBe(0);
    expect((await db.query<{ n: number }>("select count(*)::int n from public.equipment_models where sticker is not null")).rows[0].n).toBe(
      4,
    );
    const slugs = (await db.query<{ slug: string }>("select slug from public.articles")).rows.map((r) => r.slug);
    for (const slug of [
      "mini-skid-steer-guide",
      "bobcat-rental-guide",
      "safety-guidelines",
      "rental-cost-guide",
      "insurance-requirements",
      "pre-rental-checklist",
    ]) {
      expect(slugs).toContain(slug);
    }
  });

  it("gives each state its own time zone, which job sites' days and vendors' hours are read in", async () => {
    const zones = Object.fromEntries(
      (await db.query<{ code: string; time_zone: string }>("select code, time_zone from public.states")).rows.map((r) => [
        r.code,
        r.time_zone,
      ]),
    );
    expect([zones.ME, zones.TX, zones.CO, zones.OR, zones.AK, zones.HI, zones.AZ]).toEqual([
      "America/New_York",
      "America/Chicago",
      "America/Denver",
      "America/Los_Angeles",
      "America/Anchorage",
      "Pacific/Honolulu",
      "America/Phoenix",
    ]);
  });
});

describe("lead write functions", () => {
  it("creates a draft: step 1, location pending, empty name and phone, rental_days 1", async () => {
    const id = await newLead();
    const [lead] = (await db.query<Record<string, unknown>>("select * from public.leads where id = $1", [id])).rows;
    expect(lead).toMatchObject({ step: 1, location: "pending", name: "", phone: "", rental_days: 1, completed: false });
  });

  it("records the vendor's name from the database", async () => {
    const [vendor] = (await db.query<{ id: number; name: string }>("select id, name from public.vendors order by id limit 1")).rows;
    const id = await newLead(ownerToken(), vendor.id);
    const [lead] = (await db.query<{ vendor_name: string }>("select vendor_name from public.leads where id = $1", [id])).rows;
    expect(lead.vendor_name).toBe(vendor.name);
  });

  it("completes with rental_days as the day difference", async () => {
    const id = await newLead();
    await asService(
      db,
      `select public.complete_lead($1, $2, 'tracked', $3::date, $4::date, 'Jane Doe', '(555) 123-4567', '77002', ${routedConsent("'77002'")})`,
      [id, ownerToken(), isoDay(2), isoDay(9)],
    );
    const [lead] = (
      await db.query<Record<string, unknown>>(
        "select step, completed, rental_days, skid_steer_type, location from public.leads where id = $1",
        [id],
      )
    ).rows;
    expect(lead).toMatchObject({ step: 3, completed: true, rental_days: 7, skid_steer_type: "tracked", location: "77002" });
    expect(
      (await db.query("select 1 from public.outbox_messages where lead_id = $1 and channel = 'email'", [id])).rows.length,
    ).toBeGreaterThan(0);
  });

  it("a forged or guessed lead id changes nothing", async () => {
    const id = await newLead(ownerToken(1));
    await expect(
      asService(db, "select public.update_lead($1, $2, 3, 'tracked', null, null, 'Mallory', null)", [id, ownerToken(2)]),
    ).rejects.toThrow("Rental request not found");
    await expect(
      asService(
        db,
        `select public.complete_lead($1, $2, 'tracked', $3::date, $4::date, 'Mallory', '5551234567', '77002', ${routedConsent("'77002'")})`,
        [id, ownerToken(2), isoDay(1), isoDay(2)],
      ),
    ).rejects.toThrow("Rental request not found");
    const [lead] = (await db.query<Record<string, unknown>>("select name, step, completed from public.leads where id = $1", [id])).rows;
    expect(lead).toEqual({ name: "", step: 1, completed: false });
  });

  it("rejects bad input with a clear error and writes nothing", async () => {
    const id = await newLead();
    const bad: Array<[string, unknown[], RegExp]> = [
      ["select public.update_lead($1, $2, 4)", [id, ownerToken()], /Step must be 1, 2 or 3/],
      ["select public.update_lead($1, $2, 1, 'hovercraft')", [id, ownerToken()], /wheeled or tracked/],
      ["select public.update_lead($1, $2, 2, null, $3::date)", [id, ownerToken(), isoDay(-3)], /cannot be in the past/],
      [
        "select public.update_lead($1, $2, 2, null, $3::date, $4::date)",
        [id, ownerToken(), isoDay(5), isoDay(5)],
        /end date must be after/,
      ],
      [
        "select public.update_lead($1, $2, 2, null, null, $3::date)",
        [id, ownerToken(), format(addDays(addYears(new Date(), 1), 2), "yyyy-MM-dd")],
        /more than one year/,
      ],
      [
        "select public.complete_lead($1, $2, 'wheeled', $3::date, $4::date, 'J', '5551234567', '77002')",
        [id, ownerToken(), isoDay(1), isoDay(2)],
        /Name must be at least 2 characters/,
      ],
      [
        "select public.complete_lead($1, $2, 'wheeled', $3::date, $4::date, 'Jane', '555', '77002')",
        [id, ownerToken(), isoDay(1), isoDay(2)],
        /Please enter a valid phone number/,
      ],
      [
        "select public.complete_lead($1, $2, 'wheeled', $3::date, $4::date, 'Jane', '5551234567', '00000')",
        [id, ownerToken(), isoDay(1), isoDay(2)],
        /valid US ZIP code/,
      ],
      ["select public.update_lead($1, $2, 3, p_location => 'abcde')", [id, ownerToken()], /valid US ZIP code/],
      ["select public.create_lead('short')", [], /Invalid owner token/],
    ];
    for (const [sql, params, message] of bad) {
      await expect(asService(db, sql, params)).rejects.toThrow(message);
    }
    const [lead] = (
      await db.query<Record<string, unknown>>("select step, skid_steer_type, name, completed from public.leads where id = $1", [id])
    ).rows;
    expect(lead).toEqual({ step: 1, skid_steer_type: null, name: "", completed: false });
  });

  it("limits lead drafts to 30 an hour per client", async () => {
    for (let i = 0; i < 30; i++) await asService(db, "select public.create_lead($1, 'busy-client')", [ownerToken()]);
    await expect(asService(db, "select public.create_lead($1, 'busy-client')", [ownerToken()])).rejects.toThrow(/Too many rental requests/);
  });
});

describe("vendor submission function", () => {
  const submit = (site: string, overrides: Partial<Record<string, string>> = {}, client = "submitter") =>
    asService(db, "select public.submit_vendor($1, $2, $3, $4, $5, $6, $7, $8) as id", [
      overrides.name ?? "Smith & Sons, Inc.",
      site,
      overrides.phone ?? "(555) 123-4567",
      overrides.address ?? "12 Main Street",
      overrides.state ?? "texas",
      overrides.city ?? "houston",
      overrides.zip ?? "77002",
      client,
    ]);

  it("writes name_for_emails, cid, slugs, the street twice and the website as https://host", async () => {
    await submit("smithandsons.example");
    const [row] = (
      await db.query<Record<string, unknown>>("select * from public.vendors_submissions where site = 'https://smithandsons.example'")
    ).rows;
    const expectedCid = "SUB" + (await import("node:crypto")).createHash("sha256").update("smithandsons.example").digest("hex");
    expect(row).toMatchObject({
      name: "Smith & Sons, Inc.",
      name_for_emails: "Smith and Sons Inc",
      cid: expectedCid,
      full_address: "12 Main Street",
      street: "12 Main Street",
      city: "houston",
      state: "texas",
      postal_code: "77002",
    });
  });

  it("says a website already submitted is under review", async () => {
    await expect(submit("smithandsons.example")).rejects.toThrow("This website has already been submitted and is under review.");
  });

  it("rejects bad input with the spec's messages and writes nothing", async () => {
    const before = await count("vendors_submissions");
    const cases: Array<[Partial<Record<string, string>>, string, string]> = [
      [{ name: "A" }, "a.example", "Business name must be at least 2 characters"],
      [{}, "a.b", "Website URL is too short"],
      [{}, "not a url", "Please enter a valid website URL"],
      [{ phone: "555" }, "b.example", "Please enter a valid phone number"],
      [{ address: "1 A" }, "c.example", "Please enter a valid address"],
      [{ state: "atlantis" }, "d.example", "Please select a state"],
      [{ city: "gotham" }, "e.example", "Please select a city"],
      [{ zip: "123" }, "f.example", "Please enter a valid ZIP code"],
    ];
    for (const [overrides, site, message] of cases) {
      await expect(submit(site, overrides)).rejects.toThrow(message);
    }
    expect(await count("vendors_submissions")).toBe(before);
  });

  it("refuses a ZIP code that is not a US ZIP", async () => {
    const before = await count("vendors_submissions");
    await expect(submit("zip-check.example", { zip: "<script>" })).rejects.toThrow(/postal_code_format/);
    expect(await count("vendors_submissions")).toBe(before);
  });

  it("keeps a valid optional email in lower case and refuses an invalid one", async () => {
    const sql =
      "select public.submit_vendor('Mail Rentals', $1, '5551234567', '12 Main Street', 'texas', 'houston', '77002', 'mail-client', $2)";
    await expect(asService(db, sql, ["bad-mail.example", "not-an-email"])).rejects.toThrow("Please enter a valid email address");
    await asService(db, sql, ["good-mail.example", "Quotes@Good-Mail.example"]);
    const [row] = (await db.query("select email from public.vendors_submissions where site = 'https://good-mail.example'")).rows;
    expect(row).toEqual({ email: "quotes@good-mail.example" });
  });

  it("limits submissions to 5 a day per client", async () => {
    for (let i = 0; i < 5; i++) await submit(`limit-${i}.example`, {}, "flooding-client");
    await expect(submit("limit-6.example", {}, "flooding-client")).rejects.toThrow(/Too many submissions/);
  });
});

describe("the baseline (CHANGELOG.md)", () => {
  it("the API roles reach the extensions the pages' functions use (search_cities ranks by pg_trgm's similarity)", async () => {
    const db = await freshDb(true);
    const [row] = await asAnon<{ n: number }>(db, "select count(*)::int as n from public.search_cities('springfeld', null)");
    expect(row.n).toBeGreaterThan(0);
    await db.close();
  });

  it("a database made before the squash counts the baseline as applied; one made by older migrations is refused and left as it was", async () => {
    const made = await freshDb(false);
    const names = (rows: Array<{ name: string }>) => rows.map((row) => row.name);
    const applied = async () =>
      names((await made.query<{ name: string }>("select name from embedded.applied_migrations order by name")).rows);
    // As a database migrated up to the last squashed migration records it (and then the migrations
    // written since the baseline, which this one already has).
    const since = (await applied()).filter((name) => name > "20261127154000_baseline.sql");
    await made.query("delete from embedded.applied_migrations");
    await made.query(
      "insert into embedded.applied_migrations (name) values ('20261122000100_directory_schema.sql'), ('20261127153850_unknown_review_refused.sql')",
    );
    for (const name of since) await made.query("insert into embedded.applied_migrations (name) values ($1)", [name]);
    await migrate(made);
    expect(await applied()).toContain("20261127154000_baseline.sql");

    await made.query("delete from embedded.applied_migrations");
    await made.query("insert into embedded.applied_migrations (name) values ('20261122000100_directory_schema.sql')");
    await expect(migrate(made)).rejects.toThrow(/older than the baseline/);
    expect(await applied()).toEqual(["20261122000100_directory_schema.sql"]);
    await made.close();
  });
});
