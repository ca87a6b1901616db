import type { PGlite } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { routedConsent } from "./helpers/consent";
import { asService, freshDb, isoDay, ownerToken } from "./helpers/db";

let db: PGlite;
/** The ZIP served by the most vendors (at least 4 in the seed). */
let busyZip: string;
beforeAll(async () => {
  db = await freshDb(true);
  busyZip = (
    await db.query<{ code: string }>(`
    select p.code from public.postcodes p join public.vendors_serviced s on s.postcode_id = p.id
    group by p.code order by count(*) desc, p.code limit 1`)
  ).rows[0].code;
});

let clientNumber = 0;

/** A completed lead, booked from a vendor's page when vendorId is given, else from the header. */
async function completedLead(zip: string, vendorId: number | null = null, widen = false) {
  const token = ownerToken(++clientNumber);
  const [{ id }] = await asService<{ id: number }>(db, "select public.create_lead($1, $2, $3) as id", [
    token,
    `routing-client-${clientNumber}`,
    vendorId,
  ]);
  const [{ result }] = await asService<{ result: { recipients: number } }>(
    db,
    `select public.complete_lead($1, $2, 'wheeled', $3::date, $4::date, 'Robin Routed', '(555) 010-4444', $5, $6, ${routedConsent("$5", { vendor: "$7", widen: "$6" })}) as result`,
    [id, token, isoDay(3), isoDay(5), zip, widen, vendorId],
  );
  const recipients = (
    await db.query<{ vendor_id: number; reason: string; rank: number; distance_miles: string | null }>(
      "select vendor_id, reason, rank, distance_miles from public.lead_recipients where lead_id = $1 order by rank",
      [id],
    )
  ).rows;
  return { id: Number(id), count: result.recipients, recipients };
}

/** Nearest first; equally near, the better rated, then the older listing. */
const nearestFirst = (a: { miles: number; rating: string | null; id: number }, b: { miles: number; rating: string | null; id: number }) =>
  a.miles - b.miles || (b.rating === null ? -1 : a.rating === null ? 1 : Number(b.rating) - Number(a.rating)) || a.id - b.id;

/** Vendors that serve the ZIP, and every vendor's distance from it, computed independently of the SQL. */
async function expectedNearby(zip: string) {
  const { rows } = await db.query<{ id: number; serves: boolean; miles: number; rating: string | null }>(
    `
    select v.id, exists (select 1 from public.vendors_serviced s where s.vendor_id = v.id and s.postcode_id = jp.id) as serves,
           public.distance_miles(jc.latitude, jc.longitude, c.latitude, c.longitude) as miles, v.rating
    from public.postcodes jp join public.cities jc on jc.id = jp.city_id
    cross join public.vendors v join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id
    where jp.code = $1`,
    [zip],
  );
  return rows;
}

describe("lead routing", () => {
  it("a lead from a vendor page goes to that vendor only", async () => {
    const [vendor] = (
      await db.query<{ id: number; code: string }>(
        "select v.id, p.code from public.vendors v join public.postcodes p on p.id = v.postcode_id order by v.id limit 1",
      )
    ).rows;
    const lead = await completedLead(vendor.code, vendor.id);
    expect(lead.count).toBe(1);
    expect(lead.recipients).toEqual([{ vendor_id: vendor.id, reason: "vendor_page", rank: 1, distance_miles: null }]);
    const messages = (await db.query("select vendor_id, channel, status from public.outbox_messages where lead_id = $1", [lead.id])).rows;
    expect(messages).toEqual([{ vendor_id: vendor.id, channel: "email", status: "pending" }]);
  });

  it("a header lead goes to up to 3 vendors serving the ZIP, nearest first", async () => {
    const candidates = await expectedNearby(busyZip);
    const serving = candidates.filter((c) => c.serves).sort(nearestFirst);
    expect(serving.length).toBeGreaterThanOrEqual(4);
    const lead = await completedLead(busyZip);
    expect(lead.count).toBe(3);
    expect(lead.recipients.map((r) => r.vendor_id)).toEqual(serving.slice(0, 3).map((c) => c.id));
    expect(lead.recipients.every((r) => r.reason === "nearby")).toBe(true);
    const miles = lead.recipients.map((r) => Number(r.distance_miles));
    expect([...miles].sort((a, b) => a - b)).toEqual(miles);
  });

  it("the opt-in widens a vendor-page lead to up to 2 other nearby vendors", async () => {
    const candidates = (await expectedNearby(busyZip)).filter((c) => c.serves).sort(nearestFirst);
    const chosen = candidates[candidates.length - 1];
    const lead = await completedLead(busyZip, chosen.id, true);
    expect(lead.count).toBe(3);
    expect(lead.recipients[0]).toMatchObject({ vendor_id: chosen.id, reason: "vendor_page", rank: 1 });
    expect(lead.recipients.slice(1).map((r) => r.vendor_id)).toEqual(
      candidates
        .filter((c) => c.id !== chosen.id)
        .slice(0, 2)
        .map((c) => c.id),
    );
    expect(lead.recipients.slice(1).map((r) => r.rank)).toEqual([2, 3]);
  });

  it("a ZIP no vendor serves or is near gets 0 recipients, and the lead is kept", async () => {
    const [{ code }] = (
      await db.query<{ code: string }>(`
      select p.code from public.postcodes p join public.cities c on c.id = p.city_id
      where not exists (select 1 from public.vendors_serviced s where s.postcode_id = p.id)
        and not exists (select 1 from public.vendors v join public.postcodes vp on vp.id = v.postcode_id join public.cities vc on vc.id = vp.city_id
                        where public.distance_miles(c.latitude, c.longitude, vc.latitude, vc.longitude) <= 50)
      order by p.code limit 1`)
    ).rows;
    const lead = await completedLead(code);
    expect(lead.count).toBe(0);
    expect(lead.recipients).toEqual([]);
    const [kept] = (await db.query("select completed, location from public.leads where id = $1", [lead.id])).rows;
    expect(kept).toEqual({ completed: true, location: code });
  });

  it("beyond the serving vendors it takes the nearest within 50 miles", async () => {
    const rows = await expectedNearby(busyZip);
    const within = rows.filter((r) => r.serves || r.miles <= 50);
    const lead = await completedLead(busyZip);
    for (const r of lead.recipients) expect(within.map((w) => w.id)).toContain(r.vendor_id);
  });
});

describe("routing by nearness, city by city", () => {
  // The rule written as one query over every vendor: the function must pick exactly these.
  const everyVendor = `
    with job as (select p.id as postcode_id, c.latitude as lat, c.longitude as lng from public.postcodes p
                 join public.cities c on c.id = p.city_id where p.code = $1),
    candidates as (
      select v.id, exists (select 1 from public.vendors_serviced s where s.vendor_id = v.id and s.postcode_id = job.postcode_id) as serves,
             round(public.distance_miles(job.lat, job.lng, c.latitude, c.longitude)::numeric, 1) as miles,
             exists (select 1 from public.lead_recipients r where r.vendor_id = v.id and r.responded_at > now() - interval '90 days') as responds,
             v.rating
      from job cross join public.vendors v join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id
      where not v.hidden and v.leads_paused_at is null)
    select id as vendor_id from candidates where serves or miles <= 50
    order by serves desc, miles nulls last, responds desc, rating desc nulls last, id limit $2`;

  it("picks what a scan of every vendor picks, for a hundred ZIPs and several limits", async () => {
    const zips = (await db.query<{ code: string }>("select code from public.postcodes order by md5(code) limit 100")).rows.map(
      (row) => row.code,
    );
    let routed = 0;
    const limits = [1, 3, 10];
    for (const zip of zips) {
      // The scan's order is total (it ends with the id), so a smaller limit takes the first of the largest's.
      const scanned = (await db.query<{ vendor_id: number }>(everyVendor, [zip, Math.max(...limits)])).rows.map((row) => row.vendor_id);
      for (const limit of limits) {
        const expected = scanned.slice(0, limit);
        const actual = (
          await db.query<{ vendor_id: number }>("select vendor_id from public.vendors_near_zip($1, $2)", [zip, limit])
        ).rows.map((row) => row.vendor_id);
        expect(actual, `${zip}, ${limit}`).toEqual(expected);
        routed += actual.length;
      }
    }
    expect(routed).toBeGreaterThan(200);
  });
});
