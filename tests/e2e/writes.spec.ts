import { createHash } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { addDays, addYears, differenceInCalendarDays, format } from "date-fns";
import { query, retryOffset } from "./helpers/db";
import { chooseDates, pickedDay } from "./helpers/rental-dialog";
import { operatorRows, type LeadRow, type SubmissionRow } from "./helpers/operator";
import { test } from "./helpers/test";

const SUBMIT_FAILURE = "There was a problem submitting your request. Please try again.";

/** A vendor page per test and browser project, so parallel tests never share a vendor's leads. */
async function vendorFor(project: string, journey: "request" | "forgery") {
  const rows = await query<{ id: number; name: string; path: string; zip: string }>(
    `select v.id, v.name, '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path, p.code as zip
     from public.vendors v join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id
     join public.states s on s.id = c.state_id
     order by v.id limit 4 offset $1`,
    // A retry takes four others: the first try's drafts and requests stay with its listings.
    [retryOffset(4)],
  );
  return rows[(journey === "request" ? 0 : 2) + (project === "desktop" ? 0 : 1)];
}

/** The header's booking button; under 768 px it sits in the mobile menu. */
async function openBookingFromHeader(page: Page) {
  const menu = page.getByRole("button", { name: "Open menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("button", { name: "Book a Skid Steer" }).filter({ visible: true }).first().click();
}

async function leadWhere(page: Page, match: (lead: LeadRow) => boolean): Promise<LeadRow> {
  let found: LeadRow | undefined;
  await expect
    .poll(async () => {
      found = (await operatorRows<LeadRow>(page.request, "leads")).find(match);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

test("rental request from a vendor: the three steps, messages, toast, and the completed lead row", async ({ page }, info) => {
  const vendor = await vendorFor(info.project.name, "request");
  const name = `Pat Renter ${info.project.name} ${info.retry}`;
  await page.goto(vendor.path);
  await page.getByRole("main").getByRole("button", { name: "Book a Skid Steer" }).click();
  const dialog = page.getByTestId("rental-dialog");
  await expect(dialog.getByText("What type of Skid Steer do you need?")).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(425);
  await dialog.getByRole("button", { name: "Tracked Skid Steer" }).click();
  await expect(dialog.getByText("When do you need it?")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Continue" })).toBeDisabled();
  await expect(dialog.getByText("Pick a date")).toHaveCount(2);
  await chooseDates(dialog);
  const start = await pickedDay(dialog, "Start Date");
  const end = await pickedDay(dialog, "End Date");
  await dialog.getByRole("button", { name: "Continue" }).click();
  // The job site ZIP starts as the vendor's own; the opt-in to nearby vendors starts unticked.
  await expect(dialog.getByLabel("Job Site ZIP Code")).toHaveValue(vendor.zip);
  await expect(dialog.getByLabel("Also send my request to up to 2 other nearby vendors")).not.toBeChecked();
  await dialog.getByLabel("Job Site ZIP Code").fill("");
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(dialog.getByText("Name must be at least 2 characters")).toBeVisible();
  await expect(dialog.getByText("Please enter a valid phone number")).toBeVisible();
  await expect(dialog.getByText("Please enter a valid US ZIP code for the job site")).toBeVisible();
  await dialog.getByPlaceholder("Your name").fill(name);
  await dialog.getByPlaceholder("Your phone number").fill("(555) 010-2030");
  // Five digits but no US ZIP we know: the server says so and nothing completes.
  await dialog.getByLabel("Job Site ZIP Code").fill("00000");
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(dialog.getByText("Please enter a valid US ZIP code for the job site")).toBeVisible();
  await expect(page.getByText(SUBMIT_FAILURE)).toBeVisible();
  await dialog.getByLabel("Job Site ZIP Code").fill(vendor.zip);
  await dialog.getByRole("button", { name: "Submit Request" }).dblclick();
  await expect(page.getByText("Thanks! The vendor will contact you shortly about your rental request.")).toBeVisible();
  await expect(page.getByTestId("rental-recipients")).toHaveText("Your request is going to 1 vendor: the one you chose.");
  await expect(dialog).toHaveCount(0);
  expect(await page.evaluate(() => window.analyticsEvents ?? [])).toContainEqual({
    name: "click",
    category: "rental",
    label: "Submit rental form",
  });

  const lead = await leadWhere(page, (l) => l.name === name);
  expect(lead).toMatchObject({
    vendor_id: vendor.id,
    vendor_name: vendor.name,
    step: 3,
    location: vendor.zip,
    phone: "(555) 010-2030",
    skid_steer_type: "tracked",
    completed: true,
    rental_start_date: format(start, "yyyy-MM-dd"),
    rental_end_date: format(end, "yyyy-MM-dd"),
    rental_days: Math.ceil(differenceInCalendarDays(end, start)),
  });
  // The lead goes to this vendor alone, with one outbox email; the double click sent one request.
  expect(lead.recipients).toEqual([expect.objectContaining({ vendor_id: vendor.id, reason: "vendor_page" })]);
  expect(lead.messages).toEqual([expect.objectContaining({ vendor_id: vendor.id, channel: "email" })]);
  expect((await operatorRows<LeadRow>(page.request, "leads")).filter((l) => l.name === name)).toHaveLength(1);

  // The dialog opens again on a new, empty draft.
  await page.getByRole("main").getByRole("button", { name: "Book a Skid Steer" }).click();
  await expect(dialog.getByText("What type of Skid Steer do you need?")).toBeVisible();
});

test("rental dates: past days and days beyond a year disabled, end days up to the start disabled", async ({ page }) => {
  await page.goto("/about");
  await openBookingFromHeader(page);
  const dialog = page.getByTestId("rental-dialog");
  await dialog.getByRole("button", { name: "Wheeled Skid Steer" }).click();
  await dialog.getByRole("button", { name: /Start Date/ }).click();
  const today = new Date();
  const day = (d: Date) => dialog.locator(`[data-day="${format(d, "yyyy-MM-dd")}"] button`);
  await expect(day(today)).toBeEnabled();
  if (addDays(today, -1).getMonth() === today.getMonth()) await expect(day(addDays(today, -1))).toBeDisabled();
  // Week starts on Sunday.
  await expect(dialog.locator("thead th").first()).toHaveAttribute("aria-label", "Sunday");
  const lastDay = addYears(today, 1);
  for (let i = 0; i < 12; i++) await dialog.getByRole("button", { name: /next month/i }).click();
  await expect(day(lastDay)).toBeEnabled();
  if (addDays(lastDay, 1).getMonth() === lastDay.getMonth()) await expect(day(addDays(lastDay, 1))).toBeDisabled();
  for (let i = 0; i < 12; i++) await dialog.getByRole("button", { name: /previous month/i }).click();
  await day(today).click();
  await dialog.getByRole("button", { name: /End Date/ }).click();
  await expect(day(today)).toBeDisabled();
  if (addDays(today, 1).getMonth() === today.getMonth()) await expect(day(addDays(today, 1))).toBeEnabled();
});

test("a forged lead id changes nothing: only the browser that created a lead may change it", async ({ page, browser }, info) => {
  test.skip(info.project.name !== "desktop", "the server refuses the forgery; the dialog is tested at both widths elsewhere");
  const vendor = await vendorFor(info.project.name, "forgery");
  // The victim starts a request from a vendor page and picks Tracked.
  await page.goto(vendor.path);
  await page.getByRole("main").getByRole("button", { name: "Book a Skid Steer" }).click();
  await page.getByTestId("rental-dialog").getByRole("button", { name: "Tracked Skid Steer" }).click();
  const victim = await leadWhere(page, (l) => l.vendor_id === vendor.id && !l.completed && l.skid_steer_type === "tracked");

  // The attacker, in another browser, rewrites every lead id its actions send to the victim's.
  const attackerContext = await browser.newContext({ baseURL: info.project.use.baseURL });
  const attacker = await attackerContext.newPage();
  await attacker.route("**/*", async (route) => {
    const request = route.request();
    const body = request.postData();
    if (request.method() === "POST" && request.headers()["next-action"] && body?.includes('"leadId":')) {
      return route.continue({ postData: body.replace(/"leadId":\d+/g, `"leadId":${victim.id}`) });
    }
    return route.continue();
  });
  await attacker.goto("/about");
  await openBookingFromHeader(attacker);
  const dialog = attacker.getByTestId("rental-dialog");
  await dialog.getByRole("button", { name: "Wheeled Skid Steer" }).click();
  await chooseDates(dialog);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await dialog.getByPlaceholder("Your name").fill("Mallory Forger");
  await dialog.getByPlaceholder("Your phone number").fill("(555) 010-9999");
  await dialog.getByLabel("Job Site ZIP Code").fill("77002");
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(attacker.getByText(SUBMIT_FAILURE)).toBeVisible();
  await attackerContext.close();

  const after = (await operatorRows<LeadRow>(page.request, "leads")).find((l) => l.id === victim.id);
  expect(after).toEqual(victim);
});

test("opening the rental dialog leaves the page as it was: the owner cookie comes with the draft, not with a new render", async ({
  page,
}) => {
  await page.goto("/us/skidsteers");
  // Next renders a page again after any action that sets a cookie itself: the head's title
  // and meta tags are replaced and the recommended models drawn anew.
  await page.evaluate(() => {
    const removed: string[] = ((window as unknown as { removedFromHead: string[] }).removedFromHead = []);
    new MutationObserver((records) =>
      records.forEach((r) =>
        r.removedNodes.forEach((n) => {
          if (n.nodeName === "TITLE" || n.nodeName === "META") removed.push(n.nodeName);
        }),
      ),
    ).observe(document.head, { childList: true });
  });
  // The shown row only: until React reveals the grid's streamed part, its copy waits hidden beside it.
  const recommended = () =>
    page
      .getByTestId("recommended")
      .locator("img:visible")
      .evaluateAll((images) => images.map((i) => (i as HTMLImageElement).alt));
  const before = await recommended();
  const started = page.waitForResponse((r) => r.request().method() === "POST" && r.request().headers()["next-action"] !== undefined);
  const dialog = page.getByTestId("rental-dialog");
  // Tapped again until the dialog shows: in one run the first tap opened nothing and sent no
  // action for 2.5 minutes, the page otherwise whole (cause not found: a tap as the page loads,
  // on a phone's CPU, opens it). What this test checks follows the opening.
  await expect(async () => {
    if (!(await dialog.isVisible())) await openBookingFromHeader(page);
    await expect(dialog).toBeVisible({ timeout: 3_000 });
  }).toPass();
  expect((await started).status()).toBe(200);
  await dialog.getByRole("button", { name: "Wheeled Skid Steer" }).click();
  await expect(dialog.getByText("When do you need it?")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { removedFromHead: string[] }).removedFromHead)).toEqual([]);
  expect(await recommended()).toEqual(before);
  const owner = (await page.context().cookies()).find((c) => c.name === "lead_owner");
  expect(owner?.httpOnly).toBe(true);
});

test("submit your business: messages, city choice, the vendors_submissions row, and a duplicate refused", async ({ page }, info) => {
  const states = await query<{ name: string }>("select name from public.states order by name");
  const houston = await query<{ name: string }>(
    "select c.name from public.cities c join public.states s on s.id = c.state_id where s.slug = 'texas' order by c.name",
  );
  await page.goto("/submit");
  await expect(page.getByLabel("City")).toBeDisabled();
  await expect(page.getByLabel("City")).toContainText("Select a state first");
  await expect(page.getByLabel("State").locator("option:not([value=''])")).toHaveText(states.map((s) => s.name));
  await page.getByRole("button", { name: "Submit Business" }).click();
  for (const message of [
    "Business name must be at least 2 characters",
    "Website URL is too short",
    "Please enter a valid phone number",
    "Please enter a valid address",
    "Please select a state",
    "Please enter a valid ZIP code",
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  const site = `https://test-${info.project.name}-${Date.now()}.example`;
  await page.getByLabel("Business Name").fill("Test & Sons,  Rentals!");
  await page.getByLabel("Website").fill(site);
  await page.getByLabel("Phone").fill("5551234567");
  await expect(page.getByLabel("Phone")).toHaveValue("(555) 123-4567");
  await page.getByLabel("Address").fill("12 Main Street");
  await page.getByLabel("State").selectOption("texas");
  await expect(page.getByLabel("City")).toBeEnabled();
  await expect(page.getByLabel("City")).toContainText("Select a city");
  await expect(page.getByLabel("City").locator("option:not([value=''])")).toHaveText(houston.map((c) => c.name));
  await page.getByLabel("City").selectOption("houston");
  await page.getByLabel("Zipcode").fill("77002");
  await page.getByRole("button", { name: "Submit Business" }).click();
  await expect(page.getByText("Your business has been submitted successfully.")).toBeVisible();
  await expect(page.getByLabel("Business Name")).toHaveValue("");

  const row = (await operatorRows<SubmissionRow>(page.request, "submissions")).find((s) => s.site === site);
  expect(row).toEqual(
    expect.objectContaining({
      name: "Test & Sons,  Rentals!",
      name_for_emails: "Test and Sons Rentals",
      phone: "(555) 123-4567",
      full_address: "12 Main Street",
      street: "12 Main Street",
      city: "houston",
      state: "texas",
      postal_code: "77002",
      cid: `SUB${createHash("sha256").update(site).digest("hex")}`,
    }),
  );

  // The same website again is refused as already under review, and nothing is added.
  await page.getByLabel("Business Name").fill("Test Again");
  await page.getByLabel("Website").fill(site);
  await page.getByLabel("Phone").fill("5551234567");
  await page.getByLabel("Address").fill("12 Main Street");
  await page.getByLabel("State").selectOption("texas");
  await page.getByLabel("City").selectOption("houston");
  await page.getByLabel("Zipcode").fill("77002");
  await page.getByRole("button", { name: "Submit Business" }).click();
  await expect(page.getByText("There was a problem submitting your business. Please try again.")).toBeVisible();
  await expect(page.getByText("This website has already been submitted and is under review.")).toBeVisible();
  const copies = (await operatorRows<SubmissionRow>(page.request, "submissions")).filter((s) => s.site === site);
  expect(copies).toHaveLength(1);
});

test("the operator endpoint is closed without the token", async ({ request }) => {
  expect((await request.get("/api/operator/leads")).status()).toBe(404);
  expect((await request.get("/api/operator/leads", { headers: { Authorization: "Bearer wrong" } })).status()).toBe(404);
});
