// What a vendor does from a request's email: marking it contacted, opting out.
// The inboxes are a real SMTP server in this test process (tests/e2e/helpers/inbox.ts).
import { expect } from "@playwright/test";
import type { TestSmtpServer } from "../unit/helpers/smtp";
import { query, retryOffset } from "./helpers/db";
import { addressOf, person, requestFrom, smtp, test } from "./helpers/inbox";
import { logIn, operatorRows, type LeadRow } from "./helpers/operator";
import { chooseDates } from "./helpers/rental-dialog";

// In the order written; a failure retries the file's journeys from the first.
test.describe.configure({ mode: "serial" });

test("a vendor marks leads contacted from the emailed link; from the third, its page shows how fast it responds", async ({ browser }) => {
  const [vendor] = await query<{ id: number; email: string; path: string; zip: string }>(
    `
    select v.id, v.email, '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path, p.code as zip from public.vendors v
    join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
    where v.email is not null and s.slug in ('north-dakota', 'south-dakota', 'idaho') order by v.id limit 1 offset $1`,
    [retryOffset()],
  );
  const visitor = await person(browser, "visitor");
  const delays: number[] = [];
  for (const n of [1, 2, 3]) {
    const before = smtp.received.length;
    await requestFrom(visitor, vendor, vendor.zip, `Responsive Renter ${n}`);
    let mail: TestSmtpServer["received"][number] | undefined;
    await expect
      .poll(
        () => (mail = smtp.received.slice(before).find((m) => addressOf(m) === vendor.email && m.text?.includes(`Responsive Renter ${n}`))),
        { timeout: 30_000 },
      )
      .toBeTruthy();
    const link = mail!.text!.match(/I've contacted this customer: (\S+)/)![1];
    const page = await person(browser, "vendor");
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByRole("button", { name: "Mark the request as contacted" }).click();
    await expect(page.getByTestId("notice")).toHaveText("Thank you: the request is marked as contacted.");
    delays.push((Date.now() - mail!.date!.getTime()) / 3_600_000);
    await visitor.goto(vendor.path);
    if (n < 3) await expect(visitor.getByTestId("response-time")).toHaveCount(0);
  }
  const median = [...delays].sort((a, b) => a - b)[1];
  const hours = Math.max(Math.ceil(median), 1);
  // Counted once the vendor's answer has gone, and its page rebuilt on the next visit.
  await expect(async () => {
    await visitor.goto(vendor.path);
    await expect(visitor.getByTestId("response-time")).toHaveText(`Usually responds within ${hours} hour${hours === 1 ? "" : "s"}`, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  // The reporting API carries each recipient's status and response time.
  const reported = (await operatorRows<LeadRow>(visitor.request, "leads", 1000)).filter(
    (lead) => lead.name.startsWith("Responsive Renter") && lead.recipients[0].vendor_id === vendor.id,
  );
  expect(reported).toHaveLength(3);
  for (const lead of reported) {
    expect(lead.recipients[0]).toMatchObject({ vendor_id: vendor.id, status: "contacted" });
    expect(typeof lead.recipients[0].response_hours).toBe("number");
  }
});

test("the one-click opt-out in a lead email's List-Unsubscribe header takes the vendor out of routing; its page then offers the vendors nearby", async ({
  browser,
  request,
}) => {
  const [vendor] = await query<{ id: number; name: string; email: string; zip: string; path: string }>(
    `
    select v.id, v.name, v.email, p.code as zip, '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path
    from public.vendors v join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
    where v.email is not null and s.slug in ('new-mexico', 'nevada') order by v.id limit 1 offset $1`,
    [retryOffset()],
  );
  const visitor = await person(browser, "visitor");
  const first = await test.step("the lead email's one-click opt-out stops the vendor's requests; a wrong token finds nothing", async () => {
    const before = smtp.received.length;
    const lead = await requestFrom(visitor, vendor, vendor.zip, "Opt Out Renter 1");
    let mail: TestSmtpServer["received"][number] | undefined;
    await expect
      .poll(() => (mail = smtp.received.slice(before).find((m) => addressOf(m) === vendor.email && m.text?.includes("Opt Out Renter 1"))), {
        timeout: 30_000,
      })
      .toBeTruthy();
    const unsubscribe = mail!.headerLines.find((line) => line.key === "list-unsubscribe")!.line.match(/<([^>]+)>/)![1];
    expect(mail!.headerLines.find((line) => line.key === "list-unsubscribe-post")?.line).toContain("List-Unsubscribe=One-Click");
    const url = new URL(unsubscribe);
    expect(
      (
        await request.post(url.pathname + url.search, {
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          data: "List-Unsubscribe=One-Click",
        })
      ).status(),
    ).toBe(200);
    expect(
      (
        await request.post(`${url.pathname}?token=${"A".repeat(43)}`, {
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          data: "List-Unsubscribe=One-Click",
        })
      ).status(),
    ).toBe(404);
    return lead;
  });

  await test.step("a later request is routed past the paused vendor", async () => {
    const second = await requestFrom(visitor, vendor, vendor.zip, "Opt Out Renter 2");
    const leads = await operatorRows<LeadRow>(request, "leads", 1000);
    expect(leads.find((lead) => lead.id === first)!.recipients.map((r) => r.vendor_id)).toContain(vendor.id);
    expect(leads.find((lead) => lead.id === second)!.recipients.map((r) => r.vendor_id)).not.toContain(vendor.id);
  });

  await test.step("its page says so, offers the vendors nearby, and the dialog names them before sending", async () => {
    // Its page says so at once, offers the vendors nearby instead, and the dialog names them before sending.
    const page = await person(browser, "visitor of the paused page");
    await page.goto(vendor.path);
    await expect(page.getByTestId("requests-paused")).toContainText(`${vendor.name} is not taking rental requests here right now.`);
    await expect(page.getByRole("main").getByRole("button", { name: "Book a Skid Steer" })).toHaveCount(0);
    await page.getByRole("main").getByRole("button", { name: "Ask nearby vendors" }).click();
    const dialog = page.getByTestId("rental-dialog");
    await expect(dialog).toContainText(`Rental request to vendors near ${vendor.name} · Step 1 of 3`);
    await expect(dialog).not.toContainText(`Rental request for ${vendor.name}`);
    await dialog.getByRole("button", { name: "Wheeled Skid Steer" }).click();
    await chooseDates(dialog);
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(dialog).toContainText(`Rental request to vendors near ${vendor.name} · Step 3 of 3`);
    await expect(dialog.getByLabel("Also send my request to up to 2 other nearby vendors")).toHaveCount(0);
    await expect(dialog.getByTestId("request-receivers")).toContainText("Your request will go to");
    const shown = (await dialog.getByTestId("request-estimate").allInnerTexts()).map((text) => text.split(":")[0]);
    expect(shown.length).toBeGreaterThan(0);
    // Beside the submit button, the consent sentence names those vendors and the site.
    const consent = dialog.getByTestId("consent");
    for (const name of shown) await expect(consent).toContainText(name);
    await expect(consent).toContainText("and Skid Steer Rentals may call or text me");
    await expect(consent).toContainText("Consent is not a condition of renting.");
    const consentShown = await consent.innerText();
    await dialog.getByPlaceholder("Your name").fill(`Paused Page Renter ${vendor.id}`);
    await dialog.getByPlaceholder("Your phone number").fill("(555) 010-5152");
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByText("Thanks! The vendor will contact you shortly about your rental request.")).toBeVisible();
    const sent = (await operatorRows<LeadRow>(request, "leads", 1000)).find((lead) => lead.name === `Paused Page Renter ${vendor.id}`)!;
    // The vendors named before sending are those it went to, the paused one not among them (a namesake may be).
    expect(sent.recipients.map((r) => r.vendor_name)).toEqual(shown);
    expect(sent.recipients.map((r) => r.vendor_id)).not.toContain(vendor.id);
    // The console's request page shows the consent record: the sentence word for word, and the page it was given on.
    const operator = await person(browser, "operator");
    await logIn(operator);
    await operator.goto(`/operator/leads/${sent.id}`);
    await expect(operator.getByTestId("lead-consent")).toContainText(consentShown);
    await expect(operator.getByTestId("lead-consent")).toContainText(`on ${new URL(vendor.path, "http://x").pathname}`);
  });
});
