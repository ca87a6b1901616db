import type { PGlite } from "@electric-sql/pglite";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { ListingCharts } from "@/components/business/listing-charts";
import { WeekChart } from "@/components/charts/week-chart";
import { businessActivity, countCityWeeks, countSiteWeeks, keepListingWeeks, siteActivity } from "@/lib/activity/data";
import { book, manageListing, sendQuote, sendRequest, useDatabase } from "./helpers/factories";
import { freshDb } from "./helpers/db";

let db: PGlite;
beforeAll(async () => {
  db = await freshDb(true);
  useDatabase(db);
});

const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0];
const thisWeek = async () =>
  (await one<{ w: string }>("select to_char(date_trunc('week', now() at time zone 'UTC'), 'YYYY-MM-DD') as w")).w;

/** The outbox sent each recipient's email an hour and a half ago (as the drain records it). */
const emailedEarlier = (lead: number) =>
  db.query("update public.lead_recipients set emailed_at = now() - interval '90 minutes' where lead_id = $1", [lead]);

/**
 * The timed round's counts of the site's and the cities' weeks, which the listings' kept weeks wait
 * for. In the hour after a week ends its cities are not counted yet: these tests take them as
 * counted rather than wait (activity-week-end.test.ts runs in that hour).
 */
async function countWeeks() {
  while ((await countSiteWeeks()) > 0);
  while ((await countCityWeeks()) > 0);
  await db.query(
    `update private.site_weeks set cities_counted_at = (week + 7)::timestamp at time zone 'UTC' + interval '1 hour'
     where week < date_trunc('week', now() at time zone 'UTC')::date
       and not private.week_cities_counted(week, cities_counted_at)`,
  );
}

/** The timed round keeps the listing's ended weeks anew, as after their rows were changed. */
async function keepAnew(vendor: number) {
  await db.query("delete from private.listing_weeks where vendor_id = $1", [vendor]);
  await db.query("insert into private.listing_weeks_due (vendor_id) values ($1) on conflict do nothing", [vendor]);
  await countWeeks();
  while ((await keepListingWeeks()) > 0);
}

/** A listing's figures for one week as the round keeps them (listing_week_figures), or null without any. */
const weekFigures = (vendor: number, weekSql: string) =>
  one<{ requests: number; city_hours: string | null } | undefined>(
    `select f.requests, f.city_hours::text from private.listing_week_figures($1, ${weekSql}, ${weekSql} + 7) f`,
    [vendor],
  );

/** Four other listings whose yard is in the listing's city. */
const cityNeighbours = async (vendor: number) =>
  (
    await db.query<{ id: number }>(
      `select v.id from public.vendors v join public.postcodes p on p.id = v.postcode_id
       where p.city_id = (select yp.city_id from public.vendors y join public.postcodes yp on yp.id = y.postcode_id where y.id = $1)
         and v.id <> $1 order by v.id limit 4`,
      [vendor],
    )
  ).rows.map((row) => row.id);

describe("a listing's charts on /business", () => {
  it("count its week's requests, quotes, wins, bookings and response time, for its managers only", async () => {
    const first = await sendRequest({ widen: true, email: "renter-a@example.com" });
    const vendor = first.vendors[0];
    const manager = await manageListing(db, vendor);
    const second = await sendRequest({ widen: true });
    expect(second.vendors).toContain(vendor);
    await emailedEarlier(first.id);
    const quote = await sendQuote(manager, vendor, first.id);
    await book(first, quote.id);

    const activity = await businessActivity(manager, vendor);
    expect(activity?.weeks).toHaveLength(26);
    const week = activity!.weeks.at(-1)!;
    expect(week.week).toBe(await thisWeek());
    expect(week).toMatchObject({ requests: 2, quotes: 1, won: 1, bookings: 1 });
    expect(week.response_hours).toBeCloseTo(1.5, 1);
    // Its city's median comes once the week has ended and its cities are counted (a city's weeks, below).
    expect(week.city_hours).toBeNull();
    const neighbours = await cityNeighbours(vendor);
    expect(neighbours).toHaveLength(4);
    await db.query(
      `insert into public.lead_recipients (lead_id, vendor_id, reason, rank, emailed_at, responded_at)
       select $1, n.id, 'nearby', 10 + n.ord, now() - interval '4 hours', now()
       from unnest($2::bigint[]) with ordinality n(id, ord)
       on conflict (lead_id, vendor_id) do update set emailed_at = excluded.emailed_at, responded_at = excluded.responded_at`,
      [second.id, neighbours],
    );
    // Not even with 5 of the city's listings answering: the week in progress reads none of their answers.
    expect((await businessActivity(manager, vendor))!.weeks.at(-1)!.city_hours).toBeNull();
    expect(activity!.weeks.slice(0, -1).every((w) => w.requests === 0 && w.response_hours === null)).toBe(true);

    // Another listing's manager, and an address managing nothing, get nothing of it.
    const other = await manageListing(
      db,
      second.vendors.find((id) => id !== vendor)!,
    );
    expect(await businessActivity(other, vendor)).toBeNull();
    expect(await businessActivity("nobody@example.com", vendor)).toBeNull();
    expect(await businessActivity("", vendor)).toBeNull();
  });
});

describe("a listing's settled weeks", () => {
  it("are every ended week, kept by the timed round one week per call, the newest first; a view reads none of them", async () => {
    const sent = await sendRequest({ widen: true });
    const vendor = sent.vendors[0];
    const manager = await manageListing(db, vendor);
    const kept = async () =>
      (await one<{ n: number }>("select count(*)::int as n from private.listing_weeks where vendor_id = $1", [vendor])).n;
    const queued = async () =>
      (await one<{ n: number }>("select count(*)::int as n from private.listing_weeks_due where vendor_id = $1", [vendor])).n;
    // Getting a manager queued the listing for the round.
    expect(await queued()).toBe(1);
    await db.query("delete from private.listing_weeks where vendor_id = $1", [vendor]);
    // The request arrived 8 weeks ago.
    await db.query(
      "update public.lead_recipients set completed_at = completed_at - interval '56 days' where lead_id = $1 and vendor_id = $2",
      [sent.id, vendor],
    );
    // Before the round: the view keeps nothing; it reads last week and this one from the listing's
    // rows, and its earlier settled weeks show as being counted, with no figures.
    const first = (await businessActivity(manager, vendor))!;
    expect(await kept()).toBe(0);
    expect(first.weeks.slice(0, 24).every((w) => w.counting && w.requests === 0)).toBe(true);
    expect(first.weeks.slice(24).some((w) => w.counting)).toBe(false);
    // The charts leave those weeks out, and say so.
    const counting = renderToStaticMarkup(await ListingCharts({ email: manager, listingId: vendor }));
    expect(counting).toContain(
      "Some earlier weeks are still being counted. They will appear here as the site counts them, usually within a few minutes.",
    );
    expect(counting).toContain("Over the weeks counted so far");
    await db.query("delete from private.listing_weeks_due where vendor_id = $1", [vendor]);
    await businessActivity(manager, vendor);
    expect(await queued(), "a view that finds weeks missing queues the listing again").toBe(1);

    // The round keeps only weeks whose cities are counted, whose medians a listing's week shows: with
    // none counted, it keeps nothing and takes the listing off the queue, until a view queues it again.
    await db.query("update private.site_weeks set cities_counted_at = null");
    expect((await one<{ week: string | null }>("select public.keep_listing_weeks() as week")).week).toBeNull();
    expect([await kept(), await queued()]).toEqual([0, 0]);
    await countWeeks();
    await businessActivity(manager, vendor);
    expect(await queued()).toBe(1);
    // Then it keeps one week of one listing per call, the newest missing first, until none is missing.
    await db.query("update private.site_weeks set listings_queued_at = now()");
    await db.query("delete from private.listing_weeks_due where vendor_id <> $1", [vendor]);
    const week = (await one<{ week: string }>("select to_char(public.keep_listing_weeks(), 'YYYY-MM-DD') as week")).week;
    expect(week).toBe(first.weeks.at(-2)!.week);
    expect(await kept()).toBe(1);
    expect(await keepListingWeeks()).toBe(24);
    expect(await kept()).toBe(25);
    expect(await queued()).toBe(0);
    const after = (await businessActivity(manager, vendor))!;
    const eightWeeksAgo = after.weeks.at(-9)!;
    expect(eightWeeksAgo.requests).toBeGreaterThanOrEqual(1);
    expect(after.weeks.some((w) => w.counting)).toBe(false);
    expect(await queued(), "a view with every week kept queues nothing").toBe(0);
    const counted = renderToStaticMarkup(await ListingCharts({ email: manager, listingId: vendor }));
    expect(counted).not.toContain("still being counted");
    expect(counted).toContain("Over the last 26 weeks");
    // Kept: a view reads the figures kept, not the listing's rows. The request moved into last week
    // counts there only once last week's kept figures are gone, and its old week keeps counting it.
    await db.query(
      "update public.lead_recipients set completed_at = (date_trunc('week', now() at time zone 'UTC') - interval '4 days') at time zone 'UTC' where lead_id = $1 and vendor_id = $2",
      [sent.id, vendor],
    );
    expect((await businessActivity(manager, vendor))!.weeks.map((w) => w.requests)).toEqual(after.weeks.map((w) => w.requests));
    await db.query("delete from private.listing_weeks where vendor_id = $1 and week = $2", [vendor, after.weeks.at(-2)!.week]);
    const live = (await businessActivity(manager, vendor))!;
    expect(live.weeks.at(-2)).toMatchObject({ requests: after.weeks.at(-2)!.requests + 1, counting: false });
    expect(live.weeks.at(-9)!.requests).toBe(eightWeeksAgo.requests);
    while ((await keepListingWeeks()) > 0);
    expect(await kept()).toBe(25);
    // A quote of that week (made so by moving it back) booked now is won now, though its week was kept before.
    const quote = await sendQuote(manager, vendor, sent.id);
    await db.query("update public.quotes set created_at = created_at - interval '56 days' where id = $1", [quote.id]);
    expect((await businessActivity(manager, vendor))!.weeks.at(-9)!.won).toBe(0);
    await book(sent, quote.id);
    expect((await businessActivity(manager, vendor))!.weeks.at(-9)!.won).toBe(1);
  });

  it("are queued for every managed listing once a week settles, 1,000 listings per call", async () => {
    await countWeeks();
    while ((await keepListingWeeks()) > 0);
    const managed = (await db.query<{ id: number }>("select id from public.vendors order by id limit 1001")).rows.map((r) => r.id);
    await db.query(
      "insert into public.vendor_managers (vendor_id, email, role, added_by) select id, 'weekly-' || id || '@example.com', 'colleague', 'test' from unnest($1::bigint[]) id on conflict do nothing",
      [managed],
    );
    await db.query("delete from private.listing_weeks_due");
    // A week past the charts' 26, kept for a listing no one manages now.
    const unmanaged = (await one<{ id: number }>("select max(id)::int as id from public.vendors")).id;
    await db.query(
      `insert into private.listing_weeks (vendor_id, week, requests, quotes, bookings)
       values ($1, date_trunc('week', now() at time zone 'UTC')::date - 182, 3, 1, 0)`,
      [unmanaged],
    );
    // The newest settled week has just settled: no listing has kept it yet.
    await db.exec(
      `delete from private.listing_weeks where week = (select max(week) from private.listing_weeks);
       update private.site_weeks set listings_queued_after = null, listings_queued_at = null`,
    );
    const due = async () => (await one<{ n: number }>("select count(*)::int as n from private.listing_weeks_due")).n;
    const all = (await one<{ n: number }>("select count(distinct vendor_id)::int as n from public.vendor_managers")).n;
    expect(all).toBeGreaterThan(1000);
    await db.query("select public.keep_listing_weeks()");
    expect(await due()).toBe(1000);
    const expired = await one<{ n: number }>(
      "select count(*)::int as n from private.listing_weeks where week < date_trunc('week', now() at time zone 'UTC')::date - 175",
    );
    expect(expired.n).toBe(0);
    await db.query("select public.keep_listing_weeks()");
    expect(await due()).toBe(all);
    while ((await keepListingWeeks()) > 0);
    expect(await due()).toBe(0);
    const missing = await one<{ n: number }>(
      `select count(*)::int as n from (select distinct vendor_id from public.vendor_managers) m
       where (select count(*) from private.listing_weeks k where k.vendor_id = m.vendor_id
              and k.week >= date_trunc('week', now() at time zone 'UTC')::date - 175
              and k.week < date_trunc('week', now() at time zone 'UTC')::date) <> 25`,
    );
    expect(missing.n).toBe(0);
  });
});

describe("a listing's weeks", () => {
  it("start on Monday at midnight, UTC: a row at that instant counts in its week, one a microsecond earlier in the week before", async () => {
    const first = await sendRequest({ widen: true });
    const vendor = first.vendors[0];
    const second = await sendRequest({ widen: true });
    expect(second.vendors).toContain(vendor);
    const manager = await manageListing(db, vendor);
    // Ended weeks as the round keeps them.
    const weeks = async () => {
      await keepAnew(vendor);
      return (await businessActivity(manager, vendor))!.weeks;
    };
    const before = await weeks();
    // Last week's Monday at midnight, UTC, and a microsecond before it.
    const monday = "date_trunc('week', now() at time zone 'UTC') at time zone 'UTC' - interval '7 days'";
    const at = [`${monday}`, `${monday} - interval '1 microsecond'`];
    for (const [index, lead] of [first.id, second.id].entries()) {
      await db.query(
        `update public.lead_recipients set completed_at = ${at[index]}, emailed_at = ${at[index]} - interval '${index + 2} hours',
           responded_at = ${at[index]} where lead_id = $1 and vendor_id = $2`,
        [lead, vendor],
      );
    }
    const after = await weeks();
    const [lastWeek, weekBefore] = [after.at(-2)!, after.at(-3)!];
    expect(lastWeek.week).toBe(before.at(-2)!.week);
    expect(lastWeek.requests).toBe(before.at(-2)!.requests + 1);
    expect(weekBefore.requests).toBe(before.at(-3)!.requests + 1);
    expect(after.at(-1)!.requests).toBe(before.at(-1)!.requests - 2);
    // Each week's only answer is its median: 2 hours last week, 3 the week before.
    expect(lastWeek.response_hours).toBe(2);
    expect(weekBefore.response_hours).toBe(3);
  });
});

describe("a city's weeks", () => {
  it("are counted once each has ended, and a listing's charts read its city's median from them", async () => {
    const sent = await sendRequest({ widen: true });
    const vendor = sent.vendors[0];
    const manager = await manageListing(db, vendor);
    const neighbours = await cityNeighbours(vendor);
    expect(neighbours).toHaveLength(4);
    // Two weeks ago (ended well over an hour ago at any time of day) the listing and its 4
    // neighbours answered in 1, 2, 3, 4 and 5 hours: the city's median is 3.
    const weekSql = "date_trunc('week', now() at time zone 'UTC')::date - 14";
    await db.query(
      `insert into public.lead_recipients (lead_id, vendor_id, reason, rank, emailed_at, responded_at)
       select $1, n.id, 'nearby', 10 + n.ord, w.at, w.at + n.ord * interval '1 hour'
       from unnest($2::bigint[]) with ordinality n(id, ord)
       cross join (select (${weekSql} + 2)::timestamp at time zone 'UTC' as at) w
       on conflict (lead_id, vendor_id) do update set emailed_at = excluded.emailed_at, responded_at = excluded.responded_at`,
      [sent.id, [vendor, ...neighbours]],
    );
    await db.query("delete from private.site_weeks");
    await countSiteWeeks();
    // Every ended week of the 26 once (the last one only an hour after it ended).
    expect(await countCityWeeks()).toBeGreaterThanOrEqual(24);
    expect(await countCityWeeks()).toBe(0);
    // The round keeps the listing's week with its city's median.
    const twoWeeksAgo = async () => {
      await keepAnew(vendor);
      return (await businessActivity(manager, vendor))!.weeks.at(-3)!;
    };
    expect((await twoWeeksAgo()).city_hours).toBe(3);

    // A listing's week reads the city's counted figure, not the answers again ...
    const city = "(select p.city_id from public.vendors v join public.postcodes p on p.id = v.postcode_id where v.id = $1)";
    const kept = async () =>
      (await one<{ hours: string }>(`select hours from private.city_weeks where week = ${weekSql} and city_id = ${city}`, [vendor])).hours;
    await db.query(`update private.city_weeks set hours = 9.9 where week = ${weekSql} and city_id = ${city}`, [vendor]);
    expect((await twoWeeksAgo()).city_hours).toBe(9.9);
    // ... and none for a week whose cities were not counted since it ended, until they are (in a
    // running site, the week in progress and, in the hour after it ends, the week before).
    await db.query(`update private.site_weeks set cities_counted_at = week + 3 where week = ${weekSql}`);
    expect((await weekFigures(vendor, weekSql))?.city_hours).toBeNull();
    expect(await countCityWeeks()).toBe(1);
    expect((await weekFigures(vendor, weekSql))?.city_hours).toBe("3.0");
    expect(Number(await kept())).toBe(3);
    // A count made in the hour after the week's end is made again; one after that hour is final.
    await db.query(
      `update private.site_weeks set cities_counted_at = (week + 7)::timestamp at time zone 'UTC' + interval '30 minutes' where week = ${weekSql}`,
    );
    expect(await countCityWeeks()).toBe(1);
    expect(await countCityWeeks()).toBe(0);
  });
});

describe("a busy week's cities", () => {
  it("are counted in slices, one per call of the timed round, to the same medians as counted at once", async () => {
    const sent = await sendRequest({ widen: true });
    // Three weeks ago, 5 listings in each of two cities answered, 2 in a third and 1 in each of two
    // more (too few for a median): the first city's all at one instant, more than a slice holds.
    const { rows: cities } = await db.query<{ ids: number[] }>(
      `select (array_agg(v.id order by v.id))[1:5] as ids from public.vendors v join public.postcodes p on p.id = v.postcode_id
       group by p.city_id having count(*) >= 5 order by p.city_id limit 5`,
    );
    expect(cities).toHaveLength(5);
    const weekSql = "date_trunc('week', now() at time zone 'UTC')::date - 21";
    await db.query(
      `insert into public.lead_recipients (lead_id, vendor_id, reason, rank, emailed_at, responded_at)
       select $1::bigint, a.id, 'nearby', 20 + a.ord, w.at - a.ord * interval '37 minutes', w.at
       from unnest($2::bigint[]) with ordinality a(id, ord) cross join (select (${weekSql} + 3)::timestamp at time zone 'UTC' as at) w
       union all
       select $1::bigint, b.id, 'nearby', 30 + b.ord, w.at, w.at + b.ord * b.ord * interval '13 minutes'
       from unnest($3::bigint[]) with ordinality b(id, ord) cross join (select (${weekSql} + 4)::timestamp at time zone 'UTC' as at) w
       on conflict (lead_id, vendor_id) do update set emailed_at = excluded.emailed_at, responded_at = excluded.responded_at`,
      [sent.id, cities[0].ids, [...cities[1].ids, ...cities[2].ids.slice(0, 2), cities[3].ids[0], cities[4].ids[0]]],
    );
    const vendor = cities[0].ids[0];
    await countSiteWeeks();
    const copy = async () =>
      new Map(
        (
          await db.query<{ city_id: number; n: number }>(
            `select city_id, count(*)::int as n from private.city_week_answers where week = ${weekSql} group by city_id`,
          )
        ).rows.map((row) => [row.city_id, row.n]),
      );
    const total = (cities: Map<number, number>) => [...cities.values()].reduce((sum, n) => sum + n, 0);
    const countAll = async (slice: number) => {
      // Every ended week counted again, over the medians already kept.
      await db.query("update private.site_weeks set cities_counted_at = null");
      let calls = 0;
      let copied = 0;
      let shownMidway: number | null | undefined;
      let before = await copy();
      while ((await one<{ week: string | null }>("select public.count_city_weeks($1) as week", [slice])).week !== null) {
        calls++;
        const after = await copy();
        const added = total(after) - total(before);
        // A call copies about a slice (the 5 answers of one instant are never split) ...
        expect(added).toBeLessThanOrEqual(Math.max(slice, 5));
        if (added < 0) {
          // ... or takes out whole cities: a slice's worth, or a single one.
          const taken = [...before.keys()].filter((city) => !after.has(city));
          expect(taken.length === 1 || -added <= slice, `took out ${-added} answers of ${taken.length} cities`).toBe(true);
          expect(taken.every((city) => after.get(city) === undefined)).toBe(true);
        }
        copied = Math.max(copied, total(after));
        // While the week is half counted, its listing's figures show no city median.
        if (total(after) > 0 && shownMidway === undefined) {
          const figures = await weekFigures(vendor, weekSql);
          shownMidway = figures?.city_hours == null ? null : Number(figures.city_hours);
        }
        before = after;
      }
      const { rows } = await db.query<{ city_id: number; week: string; hours: string }>(
        "select city_id, to_char(week, 'YYYY-MM-DD') as week, hours from private.city_weeks order by city_id, week",
      );
      return { calls, copied, shownMidway, rows };
    };
    const atOnce = await countAll(1_000_000);
    const inSlices = await countAll(2);
    expect(inSlices.rows).toEqual(atOnce.rows);
    expect(inSlices.calls).toBeGreaterThan(atOnce.calls + 5);
    // Every answer of the busy week was copied, and only while it was counted in slices.
    const answers = await one<{ n: number }>(
      `select count(*)::int as n from public.lead_recipients
       where responded_at >= (${weekSql})::timestamp at time zone 'UTC' and responded_at < (${weekSql} + 7)::timestamp at time zone 'UTC'
         and emailed_at is not null`,
    );
    expect(answers.n).toBeGreaterThanOrEqual(14);
    expect(inSlices.copied).toBe(answers.n);
    expect(atOnce.copied).toBe(0);
    expect(inSlices.shownMidway).toBeNull();
    const { rows: busy } = await db.query<{ hours: string | null }>(
      `select c.hours from unnest($1::bigint[]) with ordinality x(vendor, ord)
       join public.vendors v on v.id = x.vendor join public.postcodes p on p.id = v.postcode_id
       left join private.city_weeks c on c.city_id = p.city_id and c.week = ${weekSql}
       order by x.ord`,
      [cities.map((c) => c.ids[0])],
    );
    // Emailed 37 minutes apart: the median is the third, 111 minutes; then 13, 52, 117, 208 and 325
    // minutes: 117; the other cities' listings are too few.
    expect(busy).toEqual([{ hours: "1.9" }, { hours: "2.0" }, { hours: null }, { hours: null }, { hours: null }]);
    // Nothing of the copy is left, and no week is left half counted.
    expect(await one("select count(*)::int as n from private.city_week_answers")).toEqual({ n: 0 });
    expect(await one("select count(*)::int as n from private.site_weeks where cities_staged_to is not null")).toEqual({ n: 0 });

    // A week's first call empties the copy whole (into a new file). An older week due again while
    // the busy week is half copied empties the copy: the busy week is copied again from its start,
    // to the same medians. That first call here is made from a statement that reads the copy too,
    // which cannot empty it whole: it is emptied row by row.
    const file = async () => (await one<{ f: number }>("select pg_relation_filenode('private.city_week_answers') as f")).f;
    await db.query(`update private.site_weeks set cities_counted_at = null where week = ${weekSql}`);
    const before = await file();
    while (total(await copy()) < 4) expect(await one("select public.count_city_weeks(2) as week")).not.toEqual({ week: null });
    const halfCopied = await file();
    expect(halfCopied).not.toBe(before);
    await db.query(`update private.site_weeks set cities_counted_at = null where week = ${weekSql} - 7`);
    const older = await one<{ week: string }>(
      "select to_char(public.count_city_weeks(2), 'YYYY-MM-DD') as week, (select count(*) from private.city_week_answers) as copied",
    );
    expect(older.week).toBe((await one<{ w: string }>(`select to_char(${weekSql} - 7, 'YYYY-MM-DD') as w`)).w);
    expect(await file()).toBe(halfCopied);
    expect(total(await copy())).toBe(0);
    expect(await one(`select cities_staged_to from private.site_weeks where week = ${weekSql}`)).toEqual({ cities_staged_to: null });
    let calls = 0;
    while ((await one<{ week: string | null }>("select public.count_city_weeks(2) as week")).week !== null)
      expect(++calls).toBeLessThan(1_000);
    const { rows: again } = await db.query(
      "select city_id, to_char(week, 'YYYY-MM-DD') as week, hours from private.city_weeks order by city_id, week",
    );
    expect(again).toEqual(atOnce.rows);
    expect(await one("select count(*)::int as n from private.city_week_answers")).toEqual({ n: 0 });
  });
});

describe("the site's weeks", () => {
  /** A ZIP code that no vendor serves or is within 50 miles of, the first or the last by code: its requests find no vendor. */
  const lonelyZip = (which: "first" | "last") =>
    one<{ code: string }>(`
      select p.code from public.postcodes p join public.cities c on c.id = p.city_id
      where c.latitude is not null and not exists (select 1 from public.vendors_serviced s where s.postcode_id = p.id)
        and not exists (select 1 from public.vendors v join public.postcodes vp on vp.id = v.postcode_id join public.cities vc on vc.id = vp.city_id
                        where public.distance_miles(c.latitude, c.longitude, vc.latitude, vc.longitude) <= 50)
      order by p.code ${which === "first" ? "asc" : "desc"} limit 1`);

  it("are counted one week per call, the oldest due first, and the week in progress again after 10 minutes", async () => {
    await db.query("delete from private.site_weeks");
    const counted = await countSiteWeeks();
    expect(counted).toBe(26);
    expect(await countSiteWeeks()).toBe(0);
    const before = await siteActivity();
    expect(before.weeks).toHaveLength(26);
    const current = before.weeks.at(-1)!;
    expect(current.week).toBe(await thisWeek());

    await sendRequest({ widen: true });
    expect((await siteActivity()).weeks.at(-1)!.requests).toBe(current.requests);
    await db.query("update private.site_weeks set counted_at = now() - interval '11 minutes' where week = $1", [current.week]);
    expect(await countSiteWeeks()).toBe(1);
    expect((await siteActivity()).weeks.at(-1)!.requests).toBe(current.requests + 1);

    // A past week counted while it was in progress is counted again once it has ended.
    const past = before.weeks.at(-2)!.week;
    await db.query("update private.site_weeks set counted_at = $1::date + interval '3 days' where week = $1", [past]);
    expect(await countSiteWeeks()).toBe(1);
    expect(await countSiteWeeks()).toBe(0);
    // And one counted in the hour after its end, when rows whose transactions began before it may
    // still commit, once more after that hour; one counted later is not.
    const earlier = before.weeks.at(-3)!.week;
    const endPlus = (minutes: number) =>
      db.query(
        `update private.site_weeks set counted_at = ($1::date + 7)::timestamp at time zone 'UTC' + interval '${minutes} minutes' where week = $1`,
        [earlier],
      );
    await endPlus(30);
    expect(await countSiteWeeks()).toBe(1);
    await endPlus(70);
    expect(await countSiteWeeks()).toBe(0);
  });

  it("count requests, first quotes, bookings and cancellations, and map where requests found no vendor", async () => {
    const lonely = await lonelyZip("first");
    await sendRequest({ zip: lonely.code });
    await sendRequest({ zip: lonely.code });
    await db.query("update private.site_weeks set counted_at = now() - interval '11 minutes'");
    await countSiteWeeks();
    const { weeks, unanswered } = await siteActivity();
    const week = weeks.at(-1)!;
    const truth = await one<{ requests: number; quotes: number; bookings: number; cancellations: number }>(
      `select (select count(*)::int from public.leads where completed and completed_at >= $1::date) as requests,
              (select count(*)::int from public.quotes where revision = 1 and created_at >= $1::date) as quotes,
              (select count(*)::int from public.bookings where booked_at >= $1::date) as bookings,
              (select count(*)::int from public.bookings where cancelled_at >= $1::date) as cancellations`,
      [week.week],
    );
    expect(week).toMatchObject(truth);
    expect(unanswered).toContainEqual(expect.objectContaining({ zip: lonely.code, requests: 2 }));

    // The job keeps the ZIP codes' rows itself: a week counted again has its rows replaced, and
    // those of a week past the 26 go at the next count.
    const lonelyId = (await one<{ id: number }>("select id from public.postcodes where code = $1", [lonely.code])).id;
    await db.query(
      `insert into private.site_week_zips (week, postcode_id, requests)
       values (date_trunc('week', now() at time zone 'UTC')::date - 182, $1, 5) on conflict do nothing`,
      [lonelyId],
    );
    await sendRequest({ zip: lonely.code });
    await db.query("update private.site_weeks set counted_at = now() - interval '11 minutes' where week = $1", [week.week]);
    expect(await countSiteWeeks()).toBe(1);
    expect((await siteActivity()).unanswered).toContainEqual(expect.objectContaining({ zip: lonely.code, requests: 3 }));
    expect(
      await one(
        "select count(*)::int as n from private.site_week_zips where week < date_trunc('week', now() at time zone 'UTC')::date - 175",
      ),
    ).toEqual({ n: 0 });
  });

  it("count a busy week in slices, one per call, to the figures counted at once, and never show a week half counted", async () => {
    const lonely = await lonelyZip("last");
    for (let n = 0; n < 3; n++) {
      await sendRequest({ zip: lonely.code });
      const answered = await sendRequest({ widen: true });
      // Answered: the median reads the week's answers.
      await db.query(
        "update public.lead_recipients set emailed_at = now() - interval '90 minutes', responded_at = now() - interval '30 minutes' where lead_id = $1",
        [answered.id],
      );
    }
    const shown = async () => ({
      weeks: (
        await db.query<{ week: string; hours: string | null }>(
          `select to_char(week, 'YYYY-MM-DD') as week, requests, quotes, bookings, cancellations, responses, response_hours::text as hours
           from private.site_weeks order by week`,
        )
      ).rows,
      zips: (await db.query("select to_char(week, 'YYYY-MM-DD') as week, postcode_id, requests from private.site_week_zips order by 1, 2"))
        .rows,
    });
    await db.query("delete from private.site_weeks");
    while ((await countSiteWeeks()) > 0);
    const atOnce = await shown();
    const busiest = await one<{ requests: number; answers: number }>(
      `select (select count(*)::int from public.leads where completed and completed_at >= date_trunc('week', now() at time zone 'UTC')) as requests,
              (select count(*)::int from public.lead_recipients where responded_at >= date_trunc('week', now() at time zone 'UTC')) as answers`,
    );
    expect(busiest.requests).toBeGreaterThanOrEqual(6);
    expect(atOnce.weeks.at(-1)).toMatchObject({ requests: busiest.requests });
    expect(atOnce.weeks.at(-1)!.hours).not.toBeNull();

    // Every week due again, counted a request or an answer per call: each call shows the figures
    // counted at once, never a week half counted, and the week in progress takes a call per slice.
    await db.query("update private.site_weeks set counted_at = '2000-01-03'");
    const weekCalls = new Map<string, number>();
    for (;;) {
      const { week } = await one<{ week: string | null }>("select to_char(public.count_site_weeks(1), 'YYYY-MM-DD') as week");
      if (week === null) break;
      weekCalls.set(week, (weekCalls.get(week) ?? 0) + 1);
      expect(await shown()).toEqual(atOnce);
    }
    expect(weekCalls.size).toBe(26);
    expect(weekCalls.get(await thisWeek())).toBeGreaterThanOrEqual(Math.max(busiest.requests, busiest.answers) / 2);
    expect(await one("select count(*)::int as n from private.site_week_counting")).toEqual({ n: 0 });
    expect(await one("select count(*)::int as n from private.site_week_zip_counting")).toEqual({ n: 0 });

    // A week half counted when an older one comes due again is counted again from its start.
    const current = await thisWeek();
    await db.query("update private.site_weeks set counted_at = '2000-01-03' where week = $1", [current]);
    await one("select public.count_site_weeks(1)");
    await one("select public.count_site_weeks(1)");
    expect(await one("select to_char(week, 'YYYY-MM-DD') as week from private.site_week_counting")).toEqual({ week: current });
    const older = atOnce.weeks.at(-2)!.week;
    await db.query("update private.site_weeks set counted_at = '2000-01-03' where week = $1", [older]);
    while ((await one<{ week: string | null }>("select public.count_site_weeks(1) as week")).week !== null);
    expect(await shown()).toEqual(atOnce);
    expect(await one("select count(*)::int as n from private.site_week_counting")).toEqual({ n: 0 });

    // A week recounted by hand (its row deleted) while a count of it is half done is counted from its
    // start: what the half count read before (here made wrong) is not carried on.
    await db.query("update private.site_weeks set counted_at = '2000-01-03' where week = $1", [current]);
    await one("select public.count_site_weeks(1)");
    await db.query("update private.site_week_counting set requests = requests + 1000");
    await db.query("delete from private.site_weeks where week = $1", [current]);
    while ((await one<{ week: string | null }>("select public.count_site_weeks(1) as week")).week !== null);
    expect(await shown()).toEqual(atOnce);
  });
});

describe("a week chart", () => {
  it("draws each series, says its totals for screen readers and gives every week's numbers in a table", () => {
    const weeks = Array.from({ length: 26 }, (_, i) => new Date(Date.UTC(2026, 5, 1 + 7 * i)).toISOString().slice(0, 10));
    const html = renderToStaticMarkup(
      createElement(WeekChart, {
        title: "Requests per week",
        weeks,
        series: [
          { name: "Requests", color: "#000", values: weeks.map((_, i) => i * 3) },
          { name: "Response", color: "#333", values: weeks.map((_, i) => (i % 5 === 0 ? null : i)), dashed: true },
        ],
        summary: "78 requests in all.",
      }),
    );
    expect(html).toContain('aria-label="78 requests in all."');
    expect(html.match(/<tr/g)).toHaveLength(27);
    expect(html).toContain('<td class="py-1 pr-3 text-right tabular-nums">75</td>');
    expect(html).toContain("–");
    expect(html.match(/<path /g)).toHaveLength(2);
  });

  it("keeps its axis labels whole and apart: long values fit, counts tick at whole numbers, weeks are labelled 6 apart", () => {
    const weeks = Array.from({ length: 26 }, (_, i) => new Date(Date.UTC(2026, 5, 1 + 7 * i)).toISOString().slice(0, 10));
    const labels = (html: string) =>
      [...html.matchAll(/<text x="([\d.]+)" y="[\d.]+" text-anchor="(end|middle)">([^<]*)<\/text>/g)].map((m) => ({
        x: Number(m[1]),
        anchor: m[2],
        text: m[3].replace(/<!-- -->/g, ""),
      }));
    const hours = renderToStaticMarkup(
      createElement(WeekChart, {
        title: "Hours",
        weeks,
        unit: " h",
        series: [{ name: "Median", color: "#000", values: weeks.map((_, i) => i * 60) }],
        summary: "Hours.",
      }),
    );
    const yLabels = labels(hours).filter((label) => label.text.endsWith(" h"));
    expect(yLabels.map((label) => label.text)).toContain("1500 h");
    // An 11-unit character is at most 6.5 units wide: each label, ending at x, starts inside the chart.
    for (const label of yLabels) expect(label.x - 6.5 * label.text.length).toBeGreaterThanOrEqual(0);
    const weekLabels = labels(hours).filter((label) => !label.text.endsWith(" h"));
    expect(weekLabels).toHaveLength(5);
    const step = (weekLabels[4].x - weekLabels[0].x) / 4;
    expect(step).toBeGreaterThan(60);

    const empty = renderToStaticMarkup(
      createElement(WeekChart, {
        title: "Requests",
        weeks,
        whole: true,
        series: [{ name: "Requests", color: "#000", values: weeks.map(() => 0) }],
        summary: "None.",
      }),
    );
    expect(
      labels(empty)
        .filter((label) => /^\d/.test(label.text) && !/[A-Z]/.test(label.text))
        .map((label) => label.text),
    ).toEqual(["0", "1"]);
  });
});
