import { expect, test } from "@playwright/test";
import { query } from "./helpers/db";

test("catalogue table: manufacturer filter narrows to the database's rows; sorting toggles", async ({ page }) => {
  const rows = await query<{ name: string }>(
    "select m.name from public.equipment_models m join public.equipment_manufacturer f on f.id = m.manufacturer_id where f.slug = 'kubota'");
  await page.goto("/us/skidsteers?view=table&manufacturer=kubota");
  const body = page.getByTestId("models-table").locator("tbody tr");
  await expect(body).toHaveCount(rows.length);
  await page.getByRole("link", { name: /^Engine Power \(HP\)/ }).click();
  await expect(page).toHaveURL(/sort=engine_power&dir=asc/);
  await expect(page).toHaveURL(/manufacturer=kubota/);
  const powers = await query<{ name: string }>(
    `select m.name from public.equipment_models m join public.equipment_manufacturer f on f.id = m.manufacturer_id
     where f.slug = 'kubota' order by m.engine_power asc nulls last, m.name`);
  await expect(body.first().locator("td").nth(1)).toHaveText(powers[0].name);
  await page.getByRole("link", { name: /^Engine Power \(HP\)/ }).click();
  await expect(page).toHaveURL(/sort=engine_power&dir=desc/);
});

test("catalogue grid: 3 recommended models with stickers and a paged All Models list", async ({ page }, info) => {
  await page.goto("/us/skidsteers");
  await expect(page.getByRole("heading", { name: "Popular Skid Steer Models" })).toBeVisible();
  await expect(page.getByTestId("recommended").locator("li")).toHaveCount(3);
  const size = info.project.name === "mobile" ? 3 : 9;
  await expect(page.locator(".model-card:visible")).toHaveCount(size);
});

test("model detail: specifications, N/A for missing values, our thoughts fallback", async ({ page }) => {
  const [m] = await query<{ name: string; slug: string; mslug: string; mname: string; tname: string }>(
    `select m.name, m.slug, f.slug mslug, f.name mname, t.name tname from public.equipment_models m
     join public.equipment_manufacturer f on f.id = m.manufacturer_id join public.equipment_type t on t.id = m.type_id
     where m.description is null and m.height is null order by m.id limit 1`);
  await page.goto(`/us/skidsteers/${m.mslug}/${m.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.name);
  await expect(page).toHaveTitle(new RegExp(`Rent a ${m.mname} ${m.name} ${m.tname} Today`));
  await expect(page.getByText("Watch this space - we are reviewing this Skid Steer")).toBeVisible();
  await expect(page.getByText(/N\/A x/)).toBeVisible();
  await page.goto("/us/skidsteers/bobcat/no-such-model");
  await expect(page.getByText("Equipment not found")).toBeVisible();
});

test("compare: the URL reopens the comparison, and at most 3 models", async ({ page }) => {
  const models = await query<{ slug: string; name: string }>("select slug, name from public.equipment_models order by id limit 4");
  await page.goto(`/us/skidsteers/compare?models=${models.map((m) => m.slug).join(",")}`);
  const headers = page.getByTestId("compare-table").locator("thead th");
  await expect(headers).toHaveCount(4);
  await expect(page.getByRole("button", { name: "Add Skid Steer To Compare" })).toHaveCount(0);
  await page.getByRole("link", { name: `Remove ${models[0].name}` }).click();
  await expect(page).toHaveURL(new RegExp(`models=${models[1].slug},${models[2].slug}$`));
  await page.getByRole("button", { name: "Add Skid Steer To Compare" }).click();
  await expect(page.getByRole("dialog", { name: "Select Equipment to Compare" })).toBeVisible();
});

test("popular models page lists the models with Read More", async ({ page }) => {
  const [{ n }] = await query<{ n: number }>("select count(*)::int n from public.models_skidsteers");
  await page.goto("/models");
  await expect(page.getByRole("button", { name: /Read More/ })).toHaveCount(n);
  await page.getByRole("button", { name: /Read More/ }).first().click();
  await expect(page.getByRole("dialog").getByText("Operating Weight Lbs")).toBeVisible();
});
