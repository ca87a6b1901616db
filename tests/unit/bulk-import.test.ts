import type { PGlite } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { bulkRows, importWhileReading, SMALL_CITY_SQL, type SmallCity } from "./helpers/bulk-import";
import { embeddedCaller, freshDb } from "./helpers/db";
import { cityPageSchema } from "@/lib/listings/types";

// The same import on PostgreSQL 15: tests/unit/postgres15.test.ts.

let db: PGlite;
beforeAll(async () => {
  db = await freshDb(true);
});

describe("the vendor import at its documented limit on the embedded database", () => {
  it("imports (and dry-runs) 5,000 rows in short batches while a public page is read", async () => {
    const [city] = (await db.query<SmallCity>(SMALL_CITY_SQL)).rows;
    const anon = embeddedCaller(db, "anon");
    const readPage = () =>
      anon(
        "city_page",
        { p_country_slug: "us", p_state_slug: city.state_slug, p_city_slug: city.city_slug, p_offset: 0, p_limit: 24 },
        cityPageSchema,
      );
    const dry = await importWhileReading(embeddedCaller(db), bulkRows(city), true, readPage);
    expect(dry.stoppedAt).toBeUndefined();
    expect(dry.results.filter((r) => r.action === "created")).toHaveLength(5000);
    const real = await importWhileReading(embeddedCaller(db), bulkRows(city), false, readPage);
    expect(real.results.filter((r) => r.action === "created")).toHaveLength(5000);
    console.log(
      `embedded database: 5,000 rows imported; ${real.reads()} public reads meanwhile, the slowest ${real.slowest().toFixed(0)} ms (dry run: ${dry.slowest().toFixed(0)} ms)`,
    );
    const [{ n }] = (await db.query<{ n: number }>("select count(*)::int as n from public.vendors where website_key like 'bulk-%.example'"))
      .rows;
    expect(n).toBe(5000);
  }, 240_000);
});
