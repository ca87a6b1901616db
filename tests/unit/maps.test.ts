import { gzipSync } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { AreaMap, type AreaVendor } from "@/components/maps/area-map";
import { CountryMap } from "@/components/maps/country-map";
import { StateMap } from "@/components/maps/state-map";
import { UnansweredMap } from "@/components/maps/unanswered-map";
import { inUnitedStates } from "@/lib/maps/atlas";
import { getAreaMap, getStateMap, getVendorsNearest } from "@/lib/maps/data";
import { checkDelivery } from "@/lib/maps/delivery";
import { zipNear } from "@/lib/maps/near";
import { asAnon, freshDb } from "./helpers/db";
import { useDatabase } from "./helpers/factories";

let db: PGlite;
beforeAll(async () => {
  db = await freshDb(true);
  useDatabase(db);
});

const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0];
const gzipped = (element: Parameters<typeof renderToStaticMarkup>[0]) => gzipSync(renderToStaticMarkup(element)).length;
/** A page carries its map twice, in its HTML and in the flight data that hydrates it: each copy gets half the 12 kB. */
const MAP_BUDGET = 6 * 1024;

/** A listing with its yard in Houston, and a ZIP code it serves with that ZIP's city. */
const houstonVendor = () =>
  one<{ id: number; served: string; served_city: string }>(
    `select v.id, p.code as served, pc.name as served_city from public.vendors v
     join public.postcodes yp on yp.id = v.postcode_id join public.cities yc on yc.id = yp.city_id
     join public.vendors_serviced s on s.vendor_id = v.id join public.postcodes p on p.id = s.postcode_id
     join public.cities pc on pc.id = p.city_id
     where yc.slug = 'houston' and not v.hidden order by v.id, p.code limit 1`,
  );

describe("where a position is", () => {
  it("tells the 50 states and DC from abroad, by the Census shapes", () => {
    expect(inUnitedStates(29.76, -95.36)).toBe(true); // Houston
    expect(inUnitedStates(21.31, -157.86)).toBe(true); // Honolulu
    expect(inUnitedStates(61.22, -149.9)).toBe(true); // Anchorage
    expect(inUnitedStates(38.9, -77.03)).toBe(true); // Washington, DC
    expect(inUnitedStates(51.5, -0.12)).toBe(false); // London
    expect(inUnitedStates(43.65, -79.38)).toBe(false); // Toronto
    expect(inUnitedStates(19.43, -99.13)).toBe(false); // Mexico City
  });

  it("finds the nearest ZIP code the directory knows, or says why not, as a code", async () => {
    const houston = await zipNear({ lat: "29.7604", lng: "-95.3698" });
    expect(houston).toEqual({ zip: expect.stringMatching(/^77\d{3}$/) });
    // London, where the zipcodes package places a US military post office's ZIP code.
    expect(await zipNear({ lat: "51.5085", lng: "-0.1257" })).toEqual({ code: "position-abroad" });
    expect(await zipNear({ lat: "25.0", lng: "-40.0" })).toEqual({ code: "position-abroad" }); // mid-Atlantic
    // Across the border from El Paso, Detroit and San Diego, within a few miles of their ZIP codes.
    for (const [lat, lng] of [
      ["31.69", "-106.42"],
      ["42.30", "-83.02"],
      ["32.5149", "-117.0382"],
    ])
      expect(await zipNear({ lat, lng })).toEqual({ code: "position-abroad" });
    // Kailua-Kona's shore lies outside the Census outline drawn for maps, but by its ZIP code.
    expect(await zipNear({ lat: "19.64", lng: "-155.9969" })).not.toEqual({ code: "position-abroad" });
    // Chicago's lakefront lies outside the Census outline drawn for maps, but a few blocks from its ZIP codes.
    expect(await zipNear({ lat: "41.8916", lng: "-87.6085" })).toEqual({ zip: expect.stringMatching(/^606\d\d$/) });
    for (const bad of [
      { lat: "abc", lng: "-95" },
      { lat: "", lng: "-95" },
      { lat: null, lng: null },
      { lat: "95", lng: "-95" },
      { lat: "29.7", lng: "-195" },
      { lat: "NaN", lng: "1" },
      { lat: "Infinity", lng: "1" },
      { lat: ["29"], lng: "-95" },
      { lat: "0x1d", lng: "-95" },
      { lat: "0b11101", lng: "-95" },
      { lat: "2.9e1", lng: "-95" },
      { lat: "+29", lng: "-95" },
      { lat: "٢٩", lng: "-95" },
    ])
      expect(await zipNear(bad)).toEqual({ code: "position-invalid" });
    // In the US, but the seed places no town within 60 miles of the middle of Nevada's desert.
    const remote = await zipNear({ lat: "38.5", lng: "-116.9" });
    expect(remote).toEqual({ code: "position-remote" });
  });

  it("anyone may ask the nearest ZIP code with any numbers, and nothing changes", async () => {
    const [{ near }] = await asAnon<{ near: unknown }>(db, "select public.nearest_zip(1e308, -1e308) as near");
    expect(near).toBeNull();
  });
});

describe("vendors nearest a ZIP code", () => {
  it("lists the nearest first with their miles, at most 100 miles away, and never a hidden listing", async () => {
    const hidden = await houstonVendor();
    await db.query("update public.vendors set hidden = true where id = $1", [hidden.id]);
    try {
      const near = await getVendorsNearest("77002");
      expect(near?.city_name).toBe("Houston");
      expect(near!.vendors.length).toBeGreaterThan(0);
      const miles = near!.vendors.map((vendor) => vendor.miles);
      expect(miles).toEqual([...miles].sort((a, b) => a - b));
      expect(Math.max(...miles)).toBeLessThanOrEqual(100);
      expect(near!.vendors.map((vendor) => vendor.card.id)).not.toContain(hidden.id);
    } finally {
      await db.query("update public.vendors set hidden = false where id = $1", [hidden.id]);
    }
  });

  it("lists a city's listings best first (reviews, then rating, then name), from the city the yard is in now", async () => {
    const ranked = async () =>
      (
        await db.query<{ id: number }>(
          `select v.id from public.vendors v join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id
           where c.slug = 'houston' and c.state_id = (select id from public.states where code = 'TX') and not v.hidden
           order by v.review_count desc, v.rating desc nulls last, v.name, v.id limit 24`,
        )
      ).rows.map((row) => row.id);
    const houston = async () => {
      const near = await getVendorsNearest("77002");
      const city = near!.vendors.filter((vendor) => vendor.miles === near!.vendors[0].miles);
      return city.map((vendor) => vendor.card.id);
    };
    expect(await houston()).toEqual(await ranked());

    // A listing from another state moves its yard to Houston with the most reviews there: it leads.
    const mover = await one<{ id: number; postcode_id: number; review_count: number }>(
      `select v.id, v.postcode_id, v.review_count from public.vendors v join public.postcodes p on p.id = v.postcode_id
       join public.cities c on c.id = p.city_id join public.states st on st.id = c.state_id
       where st.code <> 'TX' and not v.hidden order by v.id limit 1`,
    );
    const most = await one<{ n: number }>("select max(review_count) + 1 as n from public.vendors");
    await db.query(
      "update public.vendors set postcode_id = (select id from public.postcodes where code = '77002'), review_count = $2 where id = $1",
      [mover.id, most.n],
    );
    try {
      expect((await houston())[0]).toBe(mover.id);
      expect(await houston()).toEqual(await ranked());
    } finally {
      await db.query("update public.vendors set postcode_id = $2, review_count = $3 where id = $1", [
        mover.id,
        mover.postcode_id,
        mover.review_count,
      ]);
    }
    expect(await houston()).not.toContain(mover.id);
  });

  it("ranks as every listing within 100 miles read through its ZIP code would, for any ZIP and limit", async () => {
    // Listings without a rating, and one of Houston's nearest whose address loses its ZIP code, among them.
    const unrated = (
      await db.query<{ id: number; rating: string | null }>("select id, rating from public.vendors where id % 3 = 0 order by id")
    ).rows;
    const houstonNearest = async () =>
      (
        await one<{ near: { vendors: Array<{ card: { id: number } }> } }>("select public.vendors_nearest('77002', 48) as near")
      ).near.vendors.map((vendor) => Number(vendor.card.id));
    let homeless: { id: number; postcode_id: number } | undefined;
    try {
      await db.query("update public.vendors set rating = null where id % 3 = 0");
      homeless = await one<{ id: number; postcode_id: number }>("select id, postcode_id from public.vendors where id = $1", [
        (await houstonNearest()).at(-1),
      ]);
      await db.query("update public.vendors set postcode_id = null where id = $1", [homeless.id]);
      const zips = (
        await db.query<{ code: string }>(
          `select code from (select code, row_number() over (order by id) as n from public.postcodes) x
           where n % greatest((select count(*) from public.postcodes) / 25, 1) = 1 or code in ('77002', '10001') order by code`,
        )
      ).rows.map((row) => row.code);
      expect(zips.length).toBeGreaterThan(20);
      for (const zip of zips) {
        for (const limit of [1, 7, 48]) {
          const { rows: expected } = await db.query<{ id: number; miles: number }>(
            `with job as (select c.latitude as lat, c.longitude as lng from public.postcodes p join public.cities c on c.id = p.city_id where p.code = $1)
             select v.id::int as id, round(public.distance_miles(job.lat, job.lng, c.latitude, c.longitude)::numeric, 1)::float8 as miles
             from job cross join public.cities c
             join public.postcodes p on p.city_id = c.id join public.vendors v on v.postcode_id = p.id
             where c.latitude between job.lat - 100 / 69.0 and job.lat + 100 / 69.0
               and c.longitude between job.lng - 100 / (69.0 * greatest(cos(radians(job.lat)), 0.01))
                                   and job.lng + 100 / (69.0 * greatest(cos(radians(job.lat)), 0.01))
               and public.distance_miles(job.lat, job.lng, c.latitude, c.longitude) <= 100 and not v.hidden
             order by 2, v.review_count desc, v.rating desc nulls last, v.name, v.id
             limit $2`,
            [zip, limit],
          );
          const near = await one<{ near: { vendors: Array<{ card: { id: number }; miles: number }> } }>(
            "select public.vendors_nearest($1, $2) as near",
            [zip, limit],
          );
          expect(
            near.near.vendors.map((vendor) => ({ id: Number(vendor.card.id), miles: vendor.miles })),
            `${zip}, ${limit}`,
          ).toEqual(expected);
        }
      }
      expect(await houstonNearest()).not.toContain(homeless.id);
    } finally {
      if (homeless) await db.query("update public.vendors set postcode_id = $2 where id = $1", [homeless.id, homeless.postcode_id]);
      await db.query(
        "update public.vendors v set rating = u.rating::numeric from jsonb_to_recordset($1) u(id bigint, rating text) where v.id = u.id",
        [JSON.stringify(unrated)],
      );
    }
  });

  it("lists a listing from its yard's city though no listed vendor serves that city", async () => {
    const unserved = await one<{ code: string }>(
      `select p.code from public.postcodes p join public.cities c on c.id = p.city_id
       where c.vendor_count = 0 and not exists (select 1 from public.vendors v where v.city_id = c.id) order by p.id limit 1`,
    );
    const mover = await one<{ id: number; postcode_id: number }>(
      "select id, postcode_id from public.vendors where not hidden and postcode_id is not null order by id desc limit 1",
    );
    await db.query("update public.vendors set postcode_id = (select id from public.postcodes where code = $2) where id = $1", [
      mover.id,
      unserved.code,
    ]);
    try {
      const near = await getVendorsNearest(unserved.code);
      expect(near!.vendors[0]).toMatchObject({ card: { id: mover.id }, miles: 0 });
    } finally {
      await db.query("update public.vendors set postcode_id = $2 where id = $1", [mover.id, mover.postcode_id]);
    }
  });

  it("knows no ZIP code outside the directory", async () => {
    expect(await getVendorsNearest("00000")).toBeNull();
  });
});

describe("does it deliver to my ZIP?", () => {
  it("answers serves, within the delivery fee's miles, or no, with the miles from the yard", async () => {
    const vendor = await houstonVendor();
    const serves = await checkDelivery({ vendor: String(vendor.id), zip: vendor.served });
    expect(serves).toMatchObject({ answer: "serves", zip: vendor.served, city_name: vendor.served_city, state_code: "TX" });

    const far = await checkDelivery({ vendor: String(vendor.id), zip: "10001" });
    expect(far).toMatchObject({ answer: "no", state_code: "NY" });
    expect((far as { miles: number }).miles).toBeGreaterThan(1000);

    // A ZIP it does not list, 30 miles from its yard: within a published fee's 50 miles, not within 10.
    const nearby = await one<{ code: string; miles: number }>(
      `select p.code, public.vendor_miles_to_zip($1, p.code) as miles from public.postcodes p
       where not exists (select 1 from public.vendors_serviced s where s.vendor_id = $1 and s.postcode_id = p.id)
         and public.vendor_miles_to_zip($1, p.code) between 15 and 45 order by p.code limit 1`,
      [vendor.id],
    );
    await db.query(
      `insert into public.rate_cards (vendor_id, delivery_fee, delivery_miles, delivery_per_mile, updated_by) values ($1, 95, 50, 3, 'test')
       on conflict (vendor_id) do update set delivery_fee = 95, delivery_miles = 50, delivery_per_mile = 3, published = true`,
      [vendor.id],
    );
    expect(await checkDelivery({ vendor: String(vendor.id), zip: nearby.code })).toMatchObject({
      answer: "delivery_range",
      delivery_miles: 50,
    });
    await db.query("update public.rate_cards set delivery_miles = 10 where vendor_id = $1", [vendor.id]);
    expect(await checkDelivery({ vendor: String(vendor.id), zip: nearby.code })).toMatchObject({ answer: "no" });
  });

  it("refuses bad input with a code and answers a hidden listing like an unknown one", async () => {
    const vendor = await houstonVendor();
    expect(await checkDelivery({ vendor: String(vendor.id), zip: "7700" })).toEqual({ code: "zip-invalid" });
    expect(await checkDelivery({ vendor: String(vendor.id), zip: "77002'; drop table x" })).toEqual({ code: "zip-invalid" });
    expect(await checkDelivery({ vendor: String(vendor.id), zip: null })).toEqual({ code: "zip-invalid" });
    expect(await checkDelivery({ vendor: String(vendor.id), zip: "00000" })).toEqual({ code: "zip-unknown" });
    expect(await checkDelivery({ vendor: "abc", zip: "77002" })).toEqual({ code: "listing-unknown" });
    expect(await checkDelivery({ vendor: "0", zip: "77002" })).toEqual({ code: "listing-unknown" });
    expect(await checkDelivery({ vendor: "99999999", zip: "77002" })).toEqual({ code: "listing-unknown" });
    expect(await checkDelivery({ vendor: "1".repeat(40), zip: "77002" })).toEqual({ code: "listing-unknown" });
    await db.query("update public.vendors set hidden = true where id = $1", [vendor.id]);
    try {
      expect(await checkDelivery({ vendor: String(vendor.id), zip: vendor.served })).toEqual({ code: "listing-unknown" });
    } finally {
      await db.query("update public.vendors set hidden = false where id = $1", [vendor.id]);
    }
  });
});

describe("maps", () => {
  it("draw the country at most 12 kB gzipped, each state with vendors a link to its page", async () => {
    const states = (
      await db.query<{ state_name: string; state_slug: string; vendor_count: number }>(
        "select state_name, state_slug, vendor_count from public.states_with_vendors",
      )
    ).rows;
    const html = renderToStaticMarkup(createElement(CountryMap, { states, countrySlug: "us" }));
    for (const state of states) expect(html).toContain(`href="/us/${state.state_slug}"`);
    // Every state the Census draws, with the largest counts a real directory would have.
    const full = states.map((state, index) => ({ ...state, vendor_count: 50 + index * 97 }));
    expect(gzipped(createElement(CountryMap, { states: full, countrySlug: "us" }))).toBeLessThanOrEqual(MAP_BUDGET);
  });

  it("draw a state's cities as dots linked to their pages, 80 at most, within 12 kB gzipped", async () => {
    const cities = await getStateMap("texas");
    expect(cities.length).toBeGreaterThan(0);
    expect(cities[0].slug).toBe("houston");
    const html = renderToStaticMarkup(createElement(StateMap, { stateName: "Texas", base: "/us/texas", cities }));
    expect(html).toContain('href="/us/texas/houston"');
    // As many cities as the map draws, with long names.
    const many = Array.from({ length: 80 }, (_, index) => ({
      slug: `city-with-a-long-name-${index}`,
      name: `City With A Really Quite Long Name Number ${index}`,
      count: 1 + index * 13,
      lat: 26 + (index % 10) * 1.0,
      lng: -106 + Math.floor(index / 10) * 1.5,
    }));
    expect(gzipped(createElement(StateMap, { stateName: "Texas", base: "/us/texas", cities: many }))).toBeLessThanOrEqual(MAP_BUDGET);
    const [{ map }] = await asAnon<{ map: unknown[] }>(db, "select public.state_map('texas') as map");
    expect(map.length).toBeLessThanOrEqual(80);
  });

  it("draw a city's listings, their yards and served places, never a hidden one, within 12 kB gzipped for a full page", async () => {
    const ids = (
      await db.query<{ id: number }>(
        `select distinct s.vendor_id as id from public.vendors_serviced s join public.postcodes p on p.id = s.postcode_id
         join public.cities c on c.id = p.city_id where c.slug = 'houston' order by 1 limit 24`,
      )
    ).rows.map((row) => row.id);
    await db.query("update public.vendors set hidden = true where id = $1", [ids[0]]);
    try {
      const area = await getAreaMap("texas", "houston", ids);
      expect(area.city?.name).toBe("Houston");
      expect(area.vendors.map((vendor) => vendor.id)).not.toContain(ids[0]);
      expect(area.vendors.length).toBe(ids.length - 1);
      const html = renderToStaticMarkup(
        createElement(AreaMap, { center: area.city!, vendors: area.vendors, label: "Houston", testId: "m" }),
      );
      expect(html).toContain("&#x27;s yard");
    } finally {
      await db.query("update public.vendors set hidden = false where id = $1", [ids[0]]);
    }
    // A page of 24 listings, each serving 200 places around the city.
    const vendors: AreaVendor[] = Array.from({ length: 24 }, (_, v) => ({
      id: v + 1,
      name: `A Very Long Equipment Rental Company Name ${v}`,
      lat: 29.76 + (v % 5) * 0.05,
      lng: -95.37 + Math.floor(v / 5) * 0.05,
      places: Array.from({ length: 200 }, (_, p) => ({
        name: `Place Number ${p}`,
        lat: 29 + (p % 20) * 0.08,
        lng: -96 + Math.floor(p / 20) * 0.12,
        zips: 1 + (p % 7),
      })),
    }));
    const center = { name: "Houston", lat: 29.76, lng: -95.37 };
    expect(gzipped(createElement(AreaMap, { center, vendors, label: "Houston", testId: "m" }))).toBeLessThanOrEqual(MAP_BUDGET);
  });

  it("asks for at most 48 listings whatever a caller sends", async () => {
    const [{ map }] = await asAnon<{ map: { vendors: unknown[] } }>(
      db,
      "select public.area_map('texas', 'houston', array(select id from public.vendors where not hidden and postcode_id is not null order by id limit 500)) as map",
    );
    expect(map.vendors.length).toBe(48);
  });

  it("draw where requests found no vendor within 12 kB gzipped at 300 ZIP codes (the console's, not a visitor's page)", () => {
    const places = Array.from({ length: 300 }, (_, index) => ({
      zip: String(10000 + index * 37),
      city_name: `Some Long Town Name ${index}`,
      state_code: "TX",
      lat: 26 + (index % 20) * 1.1,
      lng: -120 + Math.floor(index / 20) * 2.5,
      requests: 1 + (index % 40),
    }));
    expect(gzipped(createElement(UnansweredMap, { places }))).toBeLessThanOrEqual(12 * 1024);
  });
});
