import { gzipSync } from "node:zlib";
import { expect, type Page } from "@playwright/test";
import { differenceInCalendarDays } from "date-fns";
import { compareEstimates } from "@/lib/listings/price-comparison";
import { cheapestEstimate, estimateRental } from "@/lib/prices/estimate";
import { usd } from "@/lib/prices/format";
import type { RateCard } from "@/lib/prices/rate-card";
import type { CityPricesData } from "@/lib/listings/types";
import { query } from "./helpers/db";
import { logIn, operatorRows, type LeadRow } from "./helpers/operator";
import { chooseDates, pickedDay } from "./helpers/rental-dialog";
import { test } from "./helpers/test";

/** The city with the most vendors publishing medium wheeled rates (all of them sample data in the seed). */
async function busiestPricedCity() {
  const [city] = await query<{ state: string; city: string; zip: string }>(`
    select st.slug as state, c.slug as city, min(p.code) as zip
    from public.cities c join public.states st on st.id = c.state_id join public.postcodes p on p.city_id = c.id
    where c.id = (select cw.city_id from public.cities_with_vendors cw order by cw.vendor_count desc, cw.city_id limit 1)
    group by st.slug, c.slug`);
  return city;
}

/** The server's completed leads of this name (the operator report). */
const serverLeads = async (page: Page, name: string) =>
  (await operatorRows<LeadRow>(page.request, "leads", 1000)).filter((lead) => lead.name === name);

/** Gzipped bytes of the scripts a page loads from `open` until `settled` (by default, until the network is idle). */
async function scriptBytes(
  page: Page,
  open: () => Promise<unknown>,
  settled = () => page.waitForLoadState("networkidle"),
): Promise<number> {
  const bodies: Array<Promise<Buffer>> = [];
  const record = (response: import("@playwright/test").Response) => {
    if (response.request().resourceType() === "script") bodies.push(response.body().catch(() => Buffer.alloc(0)));
  };
  page.on("response", record);
  await open();
  await settled();
  page.off("response", record);
  return (await Promise.all(bodies)).reduce((sum, body) => sum + gzipSync(body).length, 0);
}

test("a city's price page lists its vendors by estimated total, with sample rates marked, within the content budget", async ({ page }) => {
  const city = await busiestPricedCity();
  const [{ data }] = await query<{ data: CityPricesData }>("select public.city_prices('us', $1, $2, $3, 'medium', 10) as data", [
    city.state,
    city.city,
    city.zip,
  ]);
  const expected = compareEstimates(data, { machineClass: "medium", days: 10, zip: city.zip });
  expect(expected.length).toBeGreaterThan(2);

  await page.route("**/*", (route) => (route.request().headers()["next-router-prefetch"] ? route.abort() : route.continue()));
  const bytes = await scriptBytes(page, () => page.goto(`/us/${city.state}/${city.city}/prices?class=medium&days=10&zip=${city.zip}`));
  console.log(`price page JavaScript: ${(bytes / 1024).toFixed(1)} kB gzipped (content page budget 150 kB)`);
  expect(bytes).toBeLessThanOrEqual(150 * 1024);

  await expect(page.getByRole("heading", { level: 1 })).toContainText("Skid steer rental prices in");
  const rows = page.getByTestId("price-row");
  await expect(rows).toHaveCount(expected.length);
  const totals = await page.getByTestId("estimated-total").allInnerTexts();
  const amounts = totals.map((text) => Number(/\$([\d,.]+)/.exec(text)![1].replaceAll(",", "")));
  expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  expect(totals[0]).toContain(usd(expected[0].estimate.total));
  await expect(rows.first()).toContainText(expected[0].vendor.name);
  await expect(rows.first()).toContainText("Sample rates");
  await expect(rows.first().getByTestId("sample-note")).toBeVisible();
  await expect(page.getByText("An estimate, not a quote", { exact: false })).toBeVisible();
  if (data.without_rates > 0) await expect(page.getByText(`${data.without_rates} more vendor`)).toBeVisible();

  // The city page links here, and its cards carry "from $X/day"; by price, the lowest day rate comes first.
  await page.goto(`/us/${city.state}/${city.city}`);
  await expect(page.getByRole("link", { name: "Compare estimated totals" })).toHaveAttribute(
    "href",
    `/us/${city.state}/${city.city}/prices`,
  );
  await page.getByRole("link", { name: "Lowest day rate" }).click();
  await expect(page).toHaveURL(new RegExp(`/us/${city.state}/${city.city}/by-price$`));
  const rates = (await page.getByTestId("from-rate").allInnerTexts()).map((text) =>
    Number(/\$([\d,]+)/.exec(text)![1].replaceAll(",", "")),
  );
  expect(rates.length).toBeGreaterThan(2);
  expect(rates).toEqual([...rates].sort((a, b) => a - b));
});

test("the rental dialog shows the estimated total of each vendor the request will go to", async ({ page }, info) => {
  const city = await busiestPricedCity();
  const vendors = await query<{ id: number; path: string; zip: string }>(
    `
    select v.id, '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path, p.code as zip
    from public.vendors v join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id
    join public.states s on s.id = c.state_id
    where s.slug = $1 and c.slug = $2 and exists (select 1 from public.rate_card_classes k where k.vendor_id = v.id and k.class in ('small', 'medium', 'large'))
    order by v.id`,
    [city.state, city.city],
  );
  const vendor = vendors[info.project.name === "desktop" ? 0 : 1];
  await page.goto(vendor.path);
  await page.getByRole("main").getByRole("button", { name: "Book a Skid Steer" }).click();
  const dialog = page.getByTestId("rental-dialog");
  await dialog.getByRole("button", { name: "Wheeled Skid Steer" }).click();
  await chooseDates(dialog);
  const days = differenceInCalendarDays(await pickedDay(dialog, "End Date"), await pickedDay(dialog, "Start Date"));
  const scripts = await scriptBytes(
    page,
    () => dialog.getByRole("button", { name: "Continue" }).click(),
    () => expect(dialog.getByTestId("request-estimates")).toBeVisible(),
  );
  await expect(dialog.getByLabel("Job Site ZIP Code")).toHaveValue(vendor.zip);

  const expectedFor = async (widen: boolean) => {
    const [{ route }] = await query<{ route: Array<{ id: number; name: string; miles: number | null; rates: RateCard | null }> }>(
      "select public.lead_route_rates($1, $2, $3) as route",
      [vendor.zip, vendor.id, widen],
    );
    return route.map((entry) => ({
      name: entry.name,
      estimate: entry.rates && cheapestEstimate(entry.rates, ["small", "medium", "large"], days, entry.miles),
    }));
  };
  const check = async (widen: boolean) => {
    const expected = await expectedFor(widen);
    const shown = dialog.getByTestId("request-estimate");
    await expect(shown).toHaveCount(expected.length);
    for (const [index, entry] of expected.entries()) {
      await expect(shown.nth(index)).toContainText(entry.name);
      await expect(shown.nth(index)).toContainText(entry.estimate ? usd(entry.estimate.total) : "no published rates");
    }
  };
  await expect(dialog.getByRole("heading", { name: "Estimated totals (estimates, not quotes)" })).toBeVisible();
  await check(false);
  console.log(`rental dialog's last step with its estimates: ${(scripts / 1024).toFixed(1)} kB of JavaScript gzipped`);
  expect(scripts).toBeLessThanOrEqual(5 * 1024);
  await dialog.getByLabel("Also send my request to up to 2 other nearby vendors").check();
  await check(true);
});

test("each price row's Request this price opens the dialog for that vendor, priced for the page's machine, days and ZIP, at the same total", async ({
  page,
}, info) => {
  const city = await busiestPricedCity();
  const [{ data }] = await query<{ data: CityPricesData }>("select public.city_prices('us', $1, $2, $3, 'large', 9) as data", [
    city.state,
    city.city,
    city.zip,
  ]);
  const expected = compareEstimates(data, { machineClass: "large", days: 9, zip: city.zip });
  expect(expected.length).toBeGreaterThan(1);
  // The two projects take different rows, so both are exercised.
  const index = info.project.name === "desktop" ? 0 : 1;
  const chosen = expected[index];
  await page.goto(`/us/${city.state}/${city.city}/prices?class=large&days=9&zip=${city.zip}`);
  const row = page.getByTestId("price-row").nth(index);
  await expect(row.getByRole("link", { name: chosen.vendor.name })).toHaveAttribute("href", new RegExp(`/${chosen.vendor.slug}$`));
  await expect(row.getByTestId("estimated-total")).toContainText(usd(chosen.estimate.total));
  await row.getByRole("button", { name: "Request this price" }).click();

  const dialog = page.getByTestId("rental-dialog");
  await expect(dialog).toContainText(`Rental request for ${chosen.vendor.name} · Step 2 of 3`);
  await expect(dialog.getByTestId("preset-length")).toContainText("Priced for 9 days");
  await dialog.getByRole("button", { name: /Start Date/ }).click();
  await dialog.locator("[data-day] button:not([disabled])").first().click();
  expect(differenceInCalendarDays(await pickedDay(dialog, "End Date"), await pickedDay(dialog, "Start Date"))).toBe(9);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByLabel("Job Site ZIP Code")).toHaveValue(city.zip);
  const shown = dialog.getByTestId("request-estimate");
  await expect(shown).toHaveCount(1);
  await expect(shown).toContainText(chosen.vendor.name);
  await expect(shown).toContainText(usd(chosen.estimate.total));

  await dialog.getByPlaceholder("Your name").fill(`Price Row Renter ${info.project.name}`);
  await dialog.getByPlaceholder("Your phone number").fill("(555) 010-5160");
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Thanks! The vendor will contact you shortly about your rental request.")).toBeVisible();
  const [lead] = await serverLeads(page, `Price Row Renter ${info.project.name}`);
  expect(lead).toMatchObject({
    vendor_id: chosen.vendor.id,
    skid_steer_type: "wheeled",
    rental_days: 9,
    location: city.zip,
    completed: true,
  });
});

test.describe("rate cards from the console and the vendor CSV", () => {
  // One console state: desktop only, one after another.
  test.beforeEach(({}, info) => test.skip(info.project.name !== "desktop", "one console state for the run"));
  test.describe.configure({ mode: "serial" });

  const listing = async () => {
    const [row] = await query<{ id: number; path: string; city_path: string; zip: string; city_name: string; state_code: string }>(`
      select v.id, '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path, '/us/' || s.slug || '/' || c.slug as city_path,
             p.code as zip, c.name as city_name, s.code as state_code
      from public.vendors v join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id
      join public.states s on s.id = c.state_id where v.slug = 'rate-card-rentals'`);
    return row;
  };

  test("an operator enters a rate card and sees it on the vendor page and in the city's prices; a refused one changes nothing", async ({
    page,
  }) => {
    const vendor = await listing();
    await logIn(page);
    const form = page.getByTestId("rate-card-form");
    const fill = async (label: string, value: string) => form.getByLabel(label, { exact: true }).fill(value);
    await test.step("a refused card says why and changes nothing on the public page", async () => {
      // None on the first try; a retry finds the card the first try saved.
      await page.goto(vendor.path);
      const shown = await page.getByTestId("rate-card").allInnerTexts();
      if (test.info().retry === 0) expect(shown).toEqual([]);
      await page.goto(`/operator/vendors/${vendor.id}`);
      await fill("Medium wheeled skid steer, day rate", "310");
      await fill("Medium wheeled skid steer, week rate", "2200");
      await form.getByRole("button", { name: "Save rates" }).click();
      await expect(page.getByTestId("notice")).toHaveText("A week cannot cost more than 7 days");
      await expect(page.getByRole("alert").filter({ hasText: "A week" })).toBeVisible();
      await page.goto(vendor.path);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Rate Card Rentals");
      expect(await page.getByTestId("rate-card").allInnerTexts()).toEqual(shown);
    });

    await test.step("a saved card shows on the vendor page, confirmed today by the business", async () => {
      await page.goto(`/operator/vendors/${vendor.id}`);
      await fill("Medium wheeled skid steer, day rate", "310");
      await fill("Medium wheeled skid steer, week rate", "1100");
      await fill("Medium wheeled skid steer, 4 weeks rate", "2900");
      await fill("Medium wheeled skid steer, meter hours per day", "8");
      await fill("Medium wheeled skid steer, meter hours per week", "40");
      await fill("Compact track loader, day rate", "400");
      await form.getByLabel("Flat fee each way").fill("120");
      await form.getByLabel("Within miles").fill("20");
      await form.getByLabel("Per mile beyond").fill("4");
      await form.getByLabel(/Damage waiver/).fill("12");
      await fill("Fee 1 name", "Environmental fee");
      await fill("Fee 1 percent", "3");
      await form.getByRole("button", { name: "Save rates" }).click();
      await expect(page.getByTestId("notice")).toContainText("Saved: the rate card shows on the public pages");

      await page.getByRole("link", { name: "Its public page" }).click();
      const card = page.getByTestId("rate-card");
      await expect(card.getByRole("row", { name: /Medium wheeled skid steer/ })).toContainText("$310 (8 h)");
      await expect(card.getByRole("row", { name: /Medium wheeled skid steer/ })).toContainText("$1,100 (40 h)");
      await expect(card.getByRole("row", { name: /Compact track loader/ })).toContainText("$400");
      await expect(card.getByRole("row", { name: /Small wheeled/ })).toHaveCount(0);
      await expect(card).toContainText("Delivery: $120 each way within 20 miles, then $4 a mile");
      await expect(card).toContainText("Damage waiver: 12 % of the rental");
      await expect(card).toContainText("Environmental fee: 3 % of the rental");
      const today = new Date().toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
      await expect(card.getByTestId("rates-confirmed")).toHaveText(`Provided by the business · Confirmed ${today}`);
      await expect(card.getByTestId("sample-note")).toHaveCount(0);
    });

    await test.step("the city's prices page totals it, and its JSON-LD offers the day rate", async () => {
      // 10 days: a week and 3 days (1,100 + 930 = 2,030) beat 2 weeks (2,200); delivery within 20 miles both ways 240;
      // waiver 12 % = 243.60; environmental fee 3 % = 60.90: 2,574.50.
      await page.goto(`${vendor.city_path}/prices?class=medium&days=10&zip=${vendor.zip}`);
      const row = page.getByTestId("price-row").filter({ hasText: "Rate Card Rentals" });
      await expect(row.getByTestId("estimated-total")).toContainText("$2,574.50");
      await expect(row).toContainText("1 week at $1,100 + 3 days at $310: $2,030");
      await expect(row).toContainText("Provided by the business");
      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      const offers = jsonLd.map((text) => JSON.parse(text)).find((data) => data["@type"] === "ItemList");
      // The city's one priced listing, and on a retry the card the import below may have given another.
      expect(
        offers.itemListElement.filter((offer: { item: { seller: { name: string } } }) => offer.item.seller.name === "Rate Card Rentals"),
      ).toEqual([
        expect.objectContaining({
          item: expect.objectContaining({
            "@type": "Offer",
            seller: expect.objectContaining({ name: "Rate Card Rentals" }),
            priceSpecification: { "@type": "UnitPriceSpecification", priceCurrency: "USD", unitCode: "DAY", unitText: "day", price: 310 },
          }),
        }),
      ]);
      if (test.info().retry === 0) expect(offers.itemListElement).toHaveLength(1);
      expect(
        estimateRental(
          {
            classes: [{ class: "medium", day: 310, week: 1100, four_week: 2900, day_hours: 8, week_hours: 40, four_week_hours: null }],
            delivery: { fee: 120, miles: 20, per_mile: 4 },
            waiver_percent: 12,
            fees: [{ label: "Environmental fee", percent: 3 }],
            confirmed_on: "2026-01-01",
            sample: false,
            published: true,
          },
          "medium",
          10,
          0,
        )?.total,
      ).toBe(2574.5);
    });
  });

  test("a vendor CSV with rate columns gives listings their cards, and rows with bad rates are rejected with the reason", async ({
    page,
  }) => {
    const vendor = await listing();
    // A name and website of this attempt's own: a first try may have imported its row.
    const priced = `Priced Import Rentals R${test.info().retry}`;
    const csv = [
      "Name,Website,Phone,Email,Street,City,State,ZIP,medium_day,medium_week,medium_4week,track_day,hours_day,delivery_fee,delivery_miles,delivery_per_mile,waiver_percent,fees",
      `${priced},https://priced-import-r${test.info().retry}.example,(555) 010-5101,,1 Rate Road,${vendor.city_name},${vendor.state_code},${vendor.zip},280,990,2600,375,8,95,25,3.5,15,Environmental fee 2.5%; Cleaning fee $35`,
      `Week Too Dear Rentals,https://week-too-dear.example,(555) 010-5102,,2 Rate Road,${vendor.city_name},${vendor.state_code},${vendor.zip},200,1500,,,,,,,,`,
      `Negative Rate Rentals,https://negative-rate.example,(555) 010-5103,,3 Rate Road,${vendor.city_name},${vendor.state_code},${vendor.zip},-50,,,,,,,,,`,
      `Half Delivery Rentals,https://half-delivery.example,(555) 010-5104,,4 Rate Road,${vendor.city_name},${vendor.state_code},${vendor.zip},250,,,,,80,,,,`,
    ].join("\n");
    await logIn(page);
    await page.goto("/operator/import");
    await page.getByLabel("CSV file").setInputFiles({ name: "rates.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByLabel("Dry run (write nothing)").setChecked(false);
    await page.getByRole("button", { name: "Import" }).click();
    await expect(page.getByTestId("import-summary")).toHaveText("1 created, 0 updated, 0 unchanged, 3 rejected");
    await expect(page.getByRole("row", { name: /Week Too Dear Rentals/ })).toContainText("rates: A week cannot cost more than 7 days");
    await expect(page.getByRole("row", { name: /Negative Rate Rentals/ })).toContainText("rates: Rates cannot be negative");
    await expect(page.getByRole("row", { name: /Half Delivery Rentals/ })).toContainText(
      "rates: Delivery needs a flat fee, its radius in miles and a rate per mile beyond",
    );

    await page.goto(`${vendor.city_path}/by-price`);
    const imported = page.locator(".vendor-card:visible", { hasText: priced });
    await expect(imported.getByTestId("from-rate")).toHaveText("From $280/day");
    await imported.getByRole("link", { name: priced }).click();
    const card = page.getByTestId("rate-card");
    await expect(card.getByRole("row", { name: /Medium wheeled skid steer/ })).toContainText("$2,600");
    await expect(card).toContainText("Delivery: $95 each way within 25 miles, then $3.50 a mile");
    await expect(card).toContainText("Damage waiver: 15 % of the rental");
    await expect(card).toContainText("Cleaning fee: $35");
    await expect(card.getByTestId("rates-confirmed")).toContainText("Provided by the business");
  });
});
