import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { businessActivity, countCityWeeks, countSiteWeeks, keepListingWeeks } from "@/lib/activity/data";
import { manageListing, sendRequest, useDatabase } from "./helpers/factories";
import { freshDb } from "./helpers/db";

// The database's clock is the process's (PGlite reads Date.now): set here to the hour after a
// week ends, and moved on within it.
const realNow = Date.now.bind(Date);
let offset = 0;
const setClock = (iso: string) => {
  offset = Date.parse(iso) - realNow();
};

let db: PGlite;
beforeAll(async () => {
  vi.spyOn(Date, "now").mockImplementation(() => realNow() + offset);
  setClock("2026-11-29T20:00:00Z");
  db = await freshDb(true);
  useDatabase(db);
});
afterAll(() => {
  vi.restoreAllMocks();
});

const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0];

/** The timed round's part for the charts: the site's weeks, the cities' weeks, then the listings' weeks; returns the listings' weeks kept. */
async function round() {
  while ((await countSiteWeeks()) > 0);
  while ((await countCityWeeks()) > 0);
  let kept = 0;
  while ((await keepListingWeeks()) > 0) kept += 1;
  return kept;
}

describe("a listing's weeks in the hour after a week ends", () => {
  it("are kept but last week, which its views read from its rows until its cities are counted; then the round keeps it for every managed listing", async () => {
    // Sunday evening: a request to two listings, one of them managed; the round keeps its weeks.
    const sent = await sendRequest({ widen: true });
    const [managedBefore, managedNow] = sent.vendors;
    const earlier = await manageListing(db, managedBefore);
    await round();
    const kept = async (vendor: number) =>
      (
        await db.query<{ week: string }>("select to_char(week, 'YYYY-MM-DD') as week from private.listing_weeks where vendor_id = $1", [
          vendor,
        ])
      ).rows.map((row) => row.week);
    // Sunday's week is the week in progress: kept are the 25 before it.
    expect(await kept(managedBefore)).toHaveLength(25);
    expect(await kept(managedBefore)).not.toContain("2026-11-23");

    // Monday, 00:20 UTC: the week of 23 November has ended; its cities are counted from 01:00.
    setClock("2026-11-30T00:20:00Z");
    const manager = await manageListing(db, managedNow);
    await round();
    expect(await kept(managedNow)).toHaveLength(24);
    expect(await kept(managedNow)).not.toContain("2026-11-23");
    expect(await one("select count(*)::int as n from private.listing_weeks_due")).toEqual({ n: 0 });
    const received = async (vendor: number) =>
      (
        await one<{ n: number }>(
          `select count(*)::int as n from public.lead_recipients
           where vendor_id = $1 and not spam and completed_at >= '2026-11-23T00:00:00Z' and completed_at < '2026-11-30T00:00:00Z'`,
          [vendor],
        )
      ).n;
    for (const [email, vendor] of [
      [earlier, managedBefore],
      [manager, managedNow],
    ] as const) {
      const weeks = (await businessActivity(email, vendor))!.weeks;
      expect(weeks.some((w) => w.counting)).toBe(false);
      expect(await received(vendor)).toBeGreaterThanOrEqual(1);
      expect(weeks.at(-2)).toMatchObject({ week: "2026-11-23", requests: await received(vendor) });
    }

    // 01:05: its cities are counted, and the round keeps it for every managed listing.
    setClock("2026-11-30T01:05:00Z");
    await round();
    for (const vendor of [managedBefore, managedNow]) {
      expect(await kept(vendor)).toHaveLength(25);
      expect(await kept(vendor)).toContain("2026-11-23");
    }
    expect(await one("select listings_queued_at is not null as queued from private.site_weeks where week = '2026-11-23'")).toEqual({
      queued: true,
    });
    const weeks = (await businessActivity(manager, managedNow))!.weeks;
    expect(weeks.at(-2)).toMatchObject({ week: "2026-11-23", requests: await received(managedNow), counting: false });
  });
});
