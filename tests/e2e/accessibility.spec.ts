import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { query } from "./helpers/db";
import { test } from "./helpers/test";

// WCAG 2.1 A/AA, plus 2.2's target size (Lighthouse checks it too).
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function expectNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const summary = violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")})`,
  );
  expect(summary, what).toEqual([]);
}

let pagePaths: Promise<Record<(typeof PAGE_TYPES)[number], string>> | undefined;
const pages = () => (pagePaths ??= pagesFromDatabase());

async function pagesFromDatabase() {
  const [v] = await query<{ id: number; path: string }>(
    `select v.id, '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path from public.vendors v
     join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
     where v.rating is not null order by v.id limit 1`,
  );
  const [reviewed] = await query<{ path: string }>(
    `select '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path from public.vendors v
     join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
     where exists (select 1 from public.reviews r where r.vendor_id = v.id and r.status = 'published') order by v.id limit 1`,
  );
  const models = await query<{ path: string; slug: string }>(
    `select '/us/skidsteers/' || f.slug || '/' || m.slug as path, m.slug from public.equipment_models m
     join public.equipment_manufacturer f on f.id = m.manufacturer_id order by m.id limit 3`,
  );
  const [article] = await query<{ slug: string }>("select slug from public.articles order by published_at desc limit 1");
  return {
    country: "/us",
    state: v.path.split("/").slice(0, 3).join("/"),
    city: v.path.split("/").slice(0, 4).join("/"),
    vendor: v.path,
    "vendor with reviews": reviewed.path,
    "catalogue grid": "/us/skidsteers",
    "catalogue table": "/us/skidsteers?view=table",
    model: models[0].path,
    "compare with three": `/us/skidsteers/compare?models=${models.map((m) => m.slug).join(",")}`,
    articles: "/articles",
    article: `/articles/${article.slug}`,
    about: "/about",
    contact: "/contact",
    privacy: "/privacy",
    terms: "/terms",
    submit: "/submit",
    search: "/us/search?q=zzzzqq",
    "business sign-in": "/business",
    claim: `/business/claim/${v.id}`,
  };
}

const PAGE_TYPES = [
  "country",
  "state",
  "city",
  "vendor",
  "vendor with reviews",
  "catalogue grid",
  "catalogue table",
  "model",
  "compare with three",
  "articles",
  "article",
  "about",
  "contact",
  "privacy",
  "terms",
  "submit",
  "search",
  "business sign-in",
  "claim",
] as const;
// At phone width the header, the filters and the grids change; the page types that show
// each are swept there, every type at desktop width.
const PHONE_PAGE_TYPES: ReadonlyArray<(typeof PAGE_TYPES)[number]> = [
  "country",
  "vendor",
  "vendor with reviews",
  "catalogue grid",
  "compare with three",
  "article",
  "submit",
];

for (const name of PAGE_TYPES) {
  test(`${name} page: no WCAG 2.1 A/AA violations`, async ({ page }, info) => {
    test.skip(info.project.name === "mobile" && !PHONE_PAGE_TYPES.includes(name), "laid out as at desktop width");
    await page.goto((await pages())[name]);
    await expectNoViolations(page, name);
  });
}

test("the popular models dialog, the compare picker and the filter drawer have no violations", async ({ page }) => {
  await page.goto("/models");
  await page
    .getByRole("button", { name: /Read More/ })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoViolations(page, "/models with its dialog open");
  await page.keyboard.press("Escape");
  await page.goto("/us/skidsteers/compare");
  await page.getByRole("button", { name: "Add Skid Steer To Compare" }).click();
  await expect(page.getByRole("dialog", { name: "Select Equipment to Compare" })).toBeVisible();
  await expectNoViolations(page, "compare picker");
  await page.keyboard.press("Escape");
  await page.goto("/us/skidsteers");
  const drawer = page.getByRole("button", { name: "Filters", exact: true });
  if (await drawer.isVisible()) {
    await drawer.click();
    await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();
    await expectNoViolations(page, "filter drawer");
  }
});

test("a side panel takes focus once open, keeps Tab inside, and Escape closes it and returns focus to its button", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "mobile", "the filter drawer and the menu are a phone's");
  await page.goto("/us/skidsteers");
  for (const [button, name] of [
    ["Filters", "Filters"],
    ["Open menu", "Menu"],
  ]) {
    const opener = page.getByRole("button", { name: button, exact: true });
    await opener.focus();
    await page.keyboard.press("Enter");
    const sheet = page.getByRole("dialog", { name });
    await expect(sheet).toHaveAttribute("aria-modal", "true");
    await expect(sheet.getByRole("button", { name: /^Close/ })).toBeFocused();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await sheet.evaluate((d) => d.contains(document.activeElement)), `Tab ${i + 1} in ${name}`).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(sheet).toHaveCount(0);
    await expect(opener).toBeFocused();
  }
});

test("the rental dialog at each step has no violations and works with the keyboard alone", async ({ page }) => {
  await page.goto("/about");
  const menu = page.getByRole("button", { name: "Open menu" });
  if (await menu.isVisible()) {
    await menu.focus();
    await page.keyboard.press("Enter");
    const sheet = page.getByRole("dialog", { name: "Menu" });
    await expect(sheet).toBeVisible();
    await sheet.getByRole("button", { name: "Book a Skid Steer" }).focus();
  } else {
    await page.getByRole("banner").getByRole("button", { name: "Book a Skid Steer" }).focus();
  }
  await page.keyboard.press("Enter");
  const dialog = page.getByTestId("rental-dialog");
  await expect(dialog.getByText("What type of Skid Steer do you need?")).toBeVisible();
  await expectNoViolations(page, "rental dialog step 1");
  // Focus stays inside the dialog.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await dialog.getByRole("button", { name: "Wheeled Skid Steer" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("When do you need it?")).toBeVisible();
  await expectNoViolations(page, "rental dialog step 2");
  // The calendar by keyboard: open, the focused day is today; Enter picks it.
  await dialog.getByRole("button", { name: /Start Date/ }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog.locator("[data-day] button:focus")).toHaveCount(1);
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("button", { name: /Start Date/ })).not.toContainText("Pick a date");
  await dialog.getByRole("button", { name: /End Date/ }).focus();
  await page.keyboard.press("Enter");
  // As a person would, move on once the calendar shows with a day in focus.
  await expect(dialog.locator("[data-day] button:focus")).toHaveCount(1);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("button", { name: /End Date/ })).not.toContainText("Pick a date");
  await dialog.getByRole("button", { name: "Continue" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Your contact details")).toBeVisible();
  await expectNoViolations(page, "rental dialog step 3");
  await dialog.getByRole("button", { name: "Submit Request" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Name must be at least 2 characters")).toBeVisible();
  await expectNoViolations(page, "rental dialog step 3 with messages");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
});

test("dialogs return focus to what opened them", async ({ page }) => {
  await page.goto("/models");
  const readMore = page.getByRole("button", { name: /Read More/ }).first();
  await readMore.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(readMore).toBeFocused();
  await page.goto("/us/skidsteers/compare");
  const add = page.getByRole("button", { name: "Add Skid Steer To Compare" });
  await add.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: "Select Equipment to Compare" });
  await expect(panel).toBeVisible();
  // The accordion by keyboard: the first group opens with Enter.
  const firstGroup = panel.locator("h3 button").first();
  await firstGroup.focus();
  await page.keyboard.press("Enter");
  await expect(firstGroup).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(add).toBeFocused();
  const [vendor] = await query<{ path: string }>(
    `select '/us/' || st.slug || '/' || c.slug || '/' || v.slug as path from public.vendors v join public.postcodes p on p.id = v.postcode_id
     join public.cities c on c.id = p.city_id join public.states st on st.id = c.state_id where not v.hidden order by v.id limit 1`,
  );
  await page.goto(vendor.path);
  const book = page.getByRole("main").getByRole("button", { name: "Book a Skid Steer" }).first();
  await book.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("rental-dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("rental-dialog")).toHaveCount(0);
  await expect(book).toBeFocused();
});
