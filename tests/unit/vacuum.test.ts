import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vacuumMostDue } from "@/lib/db/vacuum";
import { freshDb } from "./helpers/db";

let db: PGlite;
beforeAll(async () => {
  db = await freshDb();
});
afterAll(() => db.close());

/** The statistics of the statements before, as the next round would read them (PostgreSQL sends them at most once a second). */
async function flushStatistics() {
  await db.query("select pg_stat_force_next_flush()");
  await db.query("select 1");
}

/** vacuumMostDue until no table is due, as the timer would call it; what it did, in order. */
async function untilNoneDue() {
  const done: Array<{ table: string; vacuumed: boolean }> = [];
  for (let call = 0; call < 200; call++) {
    await flushStatistics();
    const next = await vacuumMostDue(db);
    if (!next) return done;
    done.push(next);
  }
  throw new Error("200 calls and tables still due");
}

const vendorsStatistics = async () =>
  (
    await db.query<{ dead: number; vacuumed: boolean }>(
      "select n_dead_tup::int as dead, last_vacuum is not null as vacuumed from pg_stat_user_tables where relid = 'public.vendors'::regclass",
    )
  ).rows[0];

describe("vacuuming the embedded database", () => {
  it("vacuums and analyzes a table whose dead rows pass autovacuum's threshold, one table a call, until none is due", async () => {
    await untilNoneDue();
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from public.vendors");
    // Every listing's row updated: as many dead rows as rows, far past 50 + 20%.
    await db.query("update public.vendors set phone = phone");
    await flushStatistics();
    expect((await vendorsStatistics()).dead).toBe(rows[0].n);

    const done = await untilNoneDue();
    expect(done).toContainEqual({ table: "public.vendors", vacuumed: true });
    expect(done.filter((d) => d.table === "public.vendors")).toHaveLength(1);
    await flushStatistics();
    expect(await vendorsStatistics()).toEqual({ dead: 0, vacuumed: true });
    expect(await vacuumMostDue(db)).toBeNull();
  });

  it("leaves the session's temporary tables alone", async () => {
    await untilNoneDue();
    await db.query("create temporary table scratch as select g from generate_series(1, 5000) g");
    await db.query("delete from scratch where g % 2 = 0");
    expect(await untilNoneDue()).toEqual([]);
  });

  it("only analyzes a table changed past the analyze threshold (50 + 10%) but not the vacuum one (50 + 20%)", async () => {
    await untilNoneDue();
    const { rows } = await db.query<{ live: number }>("select reltuples::int as live from pg_class where oid = 'public.vendors'::regclass");
    const changed = Math.ceil(50 + 0.15 * rows[0].live);
    await db.query("update public.vendors set phone = phone where id in (select id from public.vendors order by id limit $1)", [changed]);
    expect(await untilNoneDue()).toContainEqual({ table: "public.vendors", vacuumed: false });
  });
});
