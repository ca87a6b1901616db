import { expect, type Browser, type Page } from "@playwright/test";
import { query } from "./helpers/db";
import { pickSelectableDay } from "./helpers/rental-dialog";
import { logIn } from "./helpers/operator";
import { test } from "./helpers/test";

// The narrowest phones in use (iPhone SE, 320 px) and a common Android (Pixel 7, 412 px):
// no page may scroll sideways, with the longest listing the data allows (tests/e2e/fixtures.sql).
const WIDTHS = [320, 412];

test.beforeEach(({}, info) => test.skip(info.project.name !== "mobile", "sets its own phone widths"));

const PLACE = `'/us/' || s.slug || '/' || c.slug`;
const VENDOR_PATHS = `from public.vendors v join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id
  join public.states s on s.id = c.state_id where not v.hidden`;

/** One page of every type, with the longest listing's city for the pages that list vendors and prices. */
async function pageTypes(): Promise<string[]> {
  const [longest] = await query<{ id: number; city: string; path: string; state: string; zip: string }>(`
    select v.id, ${PLACE} as city, ${PLACE} || '/' || v.slug as path, '/us/' || s.slug as state, p.code as zip
    ${VENDOR_PATHS} and v.slug = 'longest-listing-rentals'`);
  const [paged] = await query<{ city: string; state: string }>(`
    select '/us/' || state_slug || '/' || city_slug as city, '/us/' || state_slug as state from public.cities_with_vendors
    order by vendor_count desc limit 1`);
  const models = await query<{ manufacturer: string; slug: string }>(`
    select f.slug as manufacturer, m.slug from public.equipment_models m join public.equipment_manufacturer f on f.id = m.manufacturer_id
    order by length(m.name) desc, m.id limit 3`);
  const [article] = await query<{ slug: string }>("select slug from public.articles order by length(title) desc limit 1");
  return [
    "/",
    "/us",
    longest.state,
    longest.city,
    `${longest.city}/by-price`,
    `${longest.city}/prices?class=track&days=30&zip=${longest.zip}`,
    longest.path,
    `${longest.path}/reviews/2`,
    `${paged.city}/vendors/2`,
    `${paged.state}/vendors/2`,
    "/us/skidsteers",
    "/us/skidsteers?view=table",
    `/us/skidsteers/${models[0].manufacturer}/${models[0].slug}`,
    `/us/skidsteers/compare?models=${models.map((m) => m.slug).join(",")}`,
    "/models",
    "/articles",
    `/articles/${article.slug}`,
    "/about",
    "/contact",
    "/privacy",
    "/terms",
    "/submit",
    "/us/search?q=springfield",
    "/business",
    `/business/claim/${longest.id}`,
    "/requests",
    "/operator/login",
    "/articles/no-such-article",
  ];
}

/** At least 100 listings: the longest names, addresses and websites, and those with the fullest rate cards. */
async function vendorPages(): Promise<string[]> {
  const rows = await query<{ path: string }>(`
    select path from (
      select ${PLACE} || '/' || v.slug as path,
             row_number() over (order by length(v.name) desc, v.id) as by_name,
             row_number() over (order by length(coalesce(v.site, '')) desc, v.id) as by_site,
             row_number() over (order by length(coalesce(v.full_address, '')) desc, v.id) as by_address,
             row_number() over (order by (select count(*) from public.rate_card_classes k where k.vendor_id = v.id)
                                          + (select count(*) from public.rate_card_fees f where f.vendor_id = v.id) desc, v.id) as by_rates
      ${VENDOR_PATHS}) ranked
    where by_name <= 30 or by_site <= 30 or by_address <= 30 or by_rates <= 40
    order by path`);
  return rows.map((row) => row.path);
}

async function phone(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  return context.newPage();
}

/**
 * How far the document reaches past the right edge of a screen `width` CSS pixels wide. A
 * phone (like Chromium's mobile emulation) widens its window to fit a page that is too wide,
 * so the screen's own width is the measure, not the window's.
 */
const overflow = (page: Page, width: number) =>
  page.evaluate(() => document.documentElement.scrollWidth).then((scrolled) => scrolled - width);

// The paths in two halves, one test each, so both workers share them. Each page is loaded once at
// the narrowest width and measured at each width in turn: the layout follows the window's width.
const SHARDS = 2;
for (let shard = 0; shard < SHARDS; shard++) {
  test(`no page scrolls sideways at ${WIDTHS.join(" or ")} px: every page type and over 100 listings (part ${shard + 1} of ${SHARDS})`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const paths = [...(await pageTypes()), ...(await vendorPages())];
    expect(paths.length).toBeGreaterThan(125);
    expect(paths).toContain(
      (await query<{ path: string }>(`select ${PLACE} || '/' || v.slug as path ${VENDOR_PATHS} and v.slug = 'longest-listing-rentals'`))[0]
        .path,
    );
    const page = await phone(browser, WIDTHS[0]);
    const wide: string[] = [];
    const mine = paths.filter((_, i) => i % SHARDS === shard);
    for (const path of mine) {
      await page.setViewportSize({ width: WIDTHS[0], height: 740 });
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(500);
      for (const width of WIDTHS) {
        if (width !== WIDTHS[0]) await page.setViewportSize({ width, height: 740 });
        const past = await overflow(page, width);
        if (past > 0) wide.push(`${path} at ${width} px: ${past} px too wide`);
      }
    }
    console.log(`${wide.length} of ${mine.length} pages too wide at some width`);
    expect(wide).toEqual([]);
    await page.context().close();
  });
}

test("the operator console fits a phone too", async ({ browser }) => {
  const [lead] = await query<{ id: number }>("select id from public.leads order by id limit 1");
  const [vendor] = await query<{ id: number }>("select id from public.vendors where slug = 'longest-listing-rentals'");
  for (const width of WIDTHS) {
    const page = await phone(browser, width);
    await logIn(page);
    const wide: string[] = [];
    for (const path of [
      "/operator/leads",
      "/operator/submissions",
      "/operator/claims",
      "/operator/vendors",
      `/operator/vendors/${vendor.id}`,
      "/operator/import",
      "/operator/reviews",
      "/operator/reviews?status=published",
      "/operator/audit",
      "/operator/privacy",
      ...(lead ? [`/operator/leads/${lead.id}`] : []),
    ]) {
      await page.goto(path);
      if ((await overflow(page, width)) > 0) wide.push(`${path}: ${await overflow(page, width)} px too wide`);
    }
    expect(wide, `at ${width} px`).toEqual([]);
    await page.context().close();
  }
});

test("the rental dialog stays within a 320 px screen at every step, and its Close button can be pressed", async ({ browser }) => {
  const [{ path }] = await query<{ path: string }>(
    `select ${PLACE} || '/' || v.slug as path ${VENDOR_PATHS} and v.slug = 'longest-listing-rentals'`,
  );
  const page = await phone(browser, 320);
  await page.goto(path);
  await page.getByRole("button", { name: "Book a Skid Steer" }).click();
  const dialog = page.getByTestId("rental-dialog");
  const within = async () => {
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    expect(await overflow(page, 320)).toBeLessThanOrEqual(0);
  };
  await within();
  await dialog.getByRole("button", { name: "Wheeled Skid Steer" }).click();
  await within();
  await dialog.getByRole("button", { name: /Start Date/ }).click();
  await dialog.locator("[data-day] button:not([disabled])").first().click();
  await dialog.getByRole("button", { name: /End Date/ }).click();
  await pickSelectableDay(dialog, 2);
  await within();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await within();
  // A real tap: Playwright refuses to click when another element would receive it.
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});
