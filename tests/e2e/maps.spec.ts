import { expect, type Page } from "@playwright/test";
import { query } from "./helpers/db";
import { test } from "./helpers/test";

/** Downtown Houston; the seed places Houston's ZIP codes (770xx) at its city's point. */
const HOUSTON = { latitude: 29.7604, longitude: -95.3698 };
const LONDON = { latitude: 51.5072, longitude: -0.1276 };

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A listing whose yard is in Houston, a ZIP code it serves and that ZIP's city. */
async function houstonListing() {
  const [vendor] = await query<{ path: string; name: string; served: string; served_city: string }>(
    `select '/us/' || st.slug || '/' || yc.slug || '/' || v.slug as path, v.name, p.code as served, pc.name as served_city
     from public.vendors v join public.postcodes yp on yp.id = v.postcode_id join public.cities yc on yc.id = yp.city_id
     join public.states st on st.id = yc.state_id
     join public.vendors_serviced s on s.vendor_id = v.id join public.postcodes p on p.id = s.postcode_id join public.cities pc on pc.id = p.city_id
     where yc.slug = 'houston' and not v.hidden order by v.id, p.code limit 1`,
  );
  return vendor;
}

test.describe("use my location, granted", () => {
  test.use({ geolocation: HOUSTON, permissions: ["geolocation"] });

  test("goes to the vendors nearest the nearest ZIP code, nearest first, with their distance", async ({ page }) => {
    await page.goto("/us/texas");
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect(page).toHaveURL(/\/us\/near\/770\d\d$/, { timeout: 30_000 });
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/Skid steer rental vendors near 770\d\d/);
    const distances = page.getByTestId("vendor-distance");
    await expect(distances.first()).toBeVisible();
    const miles = (await distances.allTextContents()).map((text) => (/^Under 1 mile/.test(text) ? 0 : parseFloat(text)));
    expect(miles.length).toBeGreaterThan(1);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(await noSidewaysScroll(page)).toBe(true);
  });
});

test.describe("use my location, abroad", () => {
  test.use({ geolocation: LONDON, permissions: ["geolocation"] });

  test("says the position is outside the US and leaves the search as it was", async ({ page }) => {
    await page.goto("/us");
    const search = page.getByRole("searchbox").or(page.getByPlaceholder("Enter a ZIP code or city")).first();
    await search.fill("Houst");
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect(page.getByRole("status").filter({ hasText: "outside the United States" })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/us$/);
    await expect(search).toHaveValue("Houst");
  });
});

test.describe("use my location, refused", () => {
  test.use({ permissions: [] });

  test("says the browser did not share its location and leaves the search as it was", async ({ page, context }) => {
    await context.clearPermissions();
    await page.goto("/us/texas/houston");
    const search = page.getByPlaceholder("Enter a ZIP code or city").first();
    await search.fill("77002");
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect(page.getByRole("status").filter({ hasText: "did not share your location" })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/us\/texas\/houston$/);
    await expect(search).toHaveValue("77002");
  });
});

test("the position's API refuses what is not a position, with a code", async ({ request }) => {
  for (const bad of ["lat=abc&lng=1", "lat=91&lng=1", "lng=1", "lat=1e400&lng=2"]) {
    const response = await request.get(`/api/near?${bad}`);
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ code: "position-invalid" });
  }
});

test("does it deliver to my ZIP: yes, no with the vendors nearest it, and bad ZIP codes told", async ({ page }) => {
  const vendor = await houstonListing();
  await page.goto(vendor.path);
  const check = page.getByTestId("delivery-check");
  // The page's later sections come with a stand-in copy until React reveals them: wait for the one live form.
  await expect(check).toHaveCount(1);
  const zip = check.getByLabel("Does it deliver to my ZIP?");
  await zip.fill(vendor.served);
  await check.getByRole("button", { name: "Check" }).click();
  await expect(check.getByRole("status")).toContainText(`Yes: ${vendor.name} serves ${vendor.served} (${vendor.served_city}, TX)`);

  await zip.fill("10001");
  await check.getByRole("button", { name: "Check" }).click();
  await expect(check.getByRole("status")).toContainText("No: 10001 (New York, NY) is not in its service area");
  await check.getByRole("link", { name: "See the vendors nearest 10001" }).click();
  await expect(page).toHaveURL(/\/us\/near\/10001$/);

  await page.goBack();
  await expect(check).toHaveCount(1);
  await zip.fill("7700");
  await check.getByRole("button", { name: "Check" }).click();
  await expect(check.getByRole("status")).toContainText("Enter a 5-digit US ZIP code.");
  await zip.fill("00000");
  await check.getByRole("button", { name: "Check" }).click();
  await expect(check.getByRole("status")).toContainText("We do not know that ZIP code.");
});

test("the maps: the country's states, a state's cities, a city's and a listing's yards link and fit a phone", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto("/us");
  const country = page.getByTestId("country-map");
  await expect(country.locator("svg path")).toHaveCount(51);
  await country.locator('a[href="/us/texas"]').click();
  await expect(page).toHaveURL(/\/us\/texas$/);
  expect(await noSidewaysScroll(page)).toBe(true);

  const state = page.getByTestId("state-map");
  await expect(state.locator('a[href="/us/texas/houston"] circle')).toHaveCount(1);
  // El Paso's dot stands alone; Houston's lies under its neighbours'.
  await state.locator('a[href="/us/texas/el-paso"]').click();
  await expect(page).toHaveURL(/\/us\/texas\/el-paso$/);
  await page.goto("/us/texas/houston");
  await expect(page.getByTestId("city-map").locator("svg")).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);

  const vendor = await houstonListing();
  await page.goto(vendor.path);
  await expect(page.getByTestId("vendor-map").locator("svg title").filter({ hasText: "yard" })).toHaveCount(1);
  expect(await noSidewaysScroll(page)).toBe(true);
});
