import { expect, test } from "@playwright/test";
import { format, parseISO } from "date-fns";
import { startSmtpServer, type TestSmtpServer } from "../unit/helpers/smtp";
import { query } from "./helpers/db";
import { operatorRows, type LeadRow } from "./helpers/operator";
import { smtpPort } from "./helpers/smtp-port";

// The vendors' inbox is outside the site: a real SMTP server in this test process
// stands in for it. One port, so the test runs in the desktop project only.
let smtp: TestSmtpServer;
test.beforeAll(async ({}, info) => {
  if (info.project.name === "desktop") smtp = await startSmtpServer(smtpPort);
});
test.afterAll(() => smtp?.close());

test("a rental request from the header reaches the nearby vendors by email", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "one SMTP port for the run");
  // The ZIP the most vendors serve, so the request goes to 3 of them.
  const [{ zip }] = await query<{ zip: string }>(`
    select p.code as zip from public.postcodes p join public.vendors_serviced s on s.postcode_id = p.id
    group by p.code order by count(*) desc, p.code limit 1`);
  await page.goto("/about");
  await page.getByRole("button", { name: "Book a Skid Steer" }).filter({ visible: true }).first().click();
  const dialog = page.getByTestId("rental-dialog");
  await dialog.getByRole("button", { name: "Tracked Skid Steer" }).click();
  await dialog.getByRole("button", { name: /Start Date/ }).click();
  await dialog.locator("[data-day] button:not([disabled])").first().click();
  await dialog.getByRole("button", { name: /End Date/ }).click();
  await dialog.locator("[data-day] button:not([disabled])").nth(2).click();
  await dialog.getByRole("button", { name: "Continue" }).click();
  // The header has no vendor: no opt-in box, and no page ZIP to prefill on /about.
  await expect(dialog.getByLabel("Also send my request to up to 2 other nearby vendors")).toHaveCount(0);
  await expect(dialog.getByLabel("Job Site ZIP Code")).toHaveValue("");
  await dialog.getByPlaceholder("Your name").fill("Morgan Mailtest");
  await dialog.getByPlaceholder("Your phone number").fill("(555) 010-7788");
  await dialog.getByLabel("Job Site ZIP Code").fill(zip);
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Thanks! The vendor will contact you shortly about your rental request.")).toBeVisible();
  await expect(page.getByTestId("rental-recipients")).toHaveText(`Your request is going to 3 vendors serving ZIP ${zip}.`);

  const lead = (await operatorRows<LeadRow>(page.request, "leads")).find((l) => l.name === "Morgan Mailtest")!;
  expect(lead).toMatchObject({ location: zip, completed: true, vendor_id: null });
  expect(lead.recipients).toHaveLength(3);
  const vendors = await query<{ email: string }>("select email from public.vendors where id = any($1)", [lead.recipients.map((r) => r.vendor_id)]);
  const longDay = (day: string | null) => format(parseISO(day!), "EEEE, MMMM d, yyyy");
  await expect.poll(() => smtp.received.filter((m) => m.text?.includes("Morgan Mailtest")).length, { timeout: 30_000 }).toBe(3);
  const mails = smtp.received.filter((m) => m.text?.includes("Morgan Mailtest"));
  expect(mails.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0].address).sort()).toEqual(vendors.map((v) => v.email).sort());
  for (const mail of mails) {
    expect(mail.text).toContain(`Job site ZIP: ${zip}`);
    expect(mail.text).toContain("Phone: (555) 010-7788");
    expect(mail.text).toContain("Machine: Tracked Skid Steer");
    expect(mail.text).toContain(`Start date: ${longDay(lead.rental_start_date)}`);
    expect(mail.text).toContain(`End date: ${longDay(lead.rental_end_date)}`);
    expect(mail.text).toContain(`Rental days: ${lead.rental_days}`);
    expect(mail.text).toContain(`vendors near ZIP ${zip}`);
    expect(mail.html).toContain("Morgan Mailtest");
  }
});
