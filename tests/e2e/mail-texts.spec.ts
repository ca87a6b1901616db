// Speed to lead in a browser: a claimed listing is texted its request (written to the texts folder,
// as a fresh install does without a provider), sees its time to respond on /business, answers "Not
// available for these dates"; the renter sees why and who the request went to next; the console
// lists the hand-on. Texts through the provider and the silent vendor: tests/unit/texts.test.ts.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { query, retryOffset } from "./helpers/db";
import { emailedLink, pastPhoneWidth, person, requestFrom, smtp, test } from "./helpers/inbox";
import { logIn } from "./helpers/operator";

test.describe.configure({ mode: "serial" });

const textsDir = `${process.env.E2E_DATA_DIR}-texts`;
const textsFor = (leadId: number) =>
  (existsSync(textsDir) ? readdirSync(textsDir, { withFileTypes: true }) : [])
    .filter((f) => f.isFile())
    .map((f) => readFileSync(`${textsDir}/${f.name}`, "utf8"))
    .filter((text) => text.includes(`#${leadId}`) || text.includes(`request #${leadId}`));

test("a claimed listing is texted its request, answers not available within its time; the renter is told and the request goes to the next vendor", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // A listing not yet claimed, with a mobile number, that has nearby vendors to hand on to.
  const [listing] = await query<{ id: number; email: string; name: string; zip: string; next: number }>(
    `select v.id, v.email, v.name, p.code as zip, n.vendor_id as next
     from public.vendors v join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id
     join public.states s on s.id = c.state_id
     cross join lateral (select n.vendor_id from public.vendors_near_zip(p.code, 1, v.id) n) n
     where v.email is not null and v.claimed_at is null and v.leads_paused_at is null and s.slug in ('oregon', 'idaho', 'nevada', 'maine', 'alaska')
     -- Texts wait from 9 pm to 8 am where the listing is: one where it is day now (Alaska, whose
     -- listings other mail tests claim, only when no other is), else in Maine.
     order by (now() at time zone s.time_zone)::time between '08:00' and '20:45' desc, s.slug = 'alaska', s.slug = 'maine' desc, v.id desc
     limit 1 offset $1`,
    [retryOffset()],
  );
  const [business, renter, operator] = [
    await person(browser, "text-business"),
    await person(browser, "text-renter"),
    await person(browser, "text-operator"),
  ];
  let leadId = 0;

  await test.step("the listing is claimed; the renter's request is texted to it with a link that opens the request", async () => {
    await business.goto(`/business/claim/${listing.id}`);
    const before = smtp.received.length;
    await business.getByLabel("Your email address").fill(listing.email);
    await business.getByLabel("Your name").fill("Rowan Desk");
    await business.getByRole("button", { name: "Claim this listing" }).click();
    await business.goto(await emailedLink(listing.email, before, "claim"));
    await business.getByRole("button", { name: "Claim and manage my listing" }).click();
    await expect(business.getByTestId("notice")).toHaveText("The listing is yours: you can edit it below.");
    // At night in Maine (when no listing above is in its day: in winter 5:45 am to 1 pm UTC, an hour
    // earlier in summer, past midnight in Maine), the rental starts tomorrow, the first day a quote may be for, whose midnight in Maine is
    // then within 24 hours: a text about a rental within 24 hours goes at once even at night.
    const [night] = await query<{ starts: string; ends: string }>(
      `select to_char(current_date + 1, 'YYYY-MM-DD') as starts, to_char(current_date + 3, 'YYYY-MM-DD') as ends
       from public.postcodes p join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
       where p.code = $1 and (now() at time zone s.time_zone)::time not between '08:00' and '20:45'`,
      [listing.zip],
    );
    leadId = await requestFrom(renter, { id: listing.id }, listing.zip, "Texted Renter", {
      phone: `(971) 555-${String(Date.now() % 10_000).padStart(4, "0")}`,
      ...(night && { rental_start_date: night.starts, rental_end_date: night.ends }),
    });
    let text: string | undefined;
    await expect.poll(() => (text = textsFor(leadId).find((t) => t.includes("new rental request"))), { timeout: 30_000 }).toBeTruthy();
    expect(text).toMatch(/^To: \+1\d{10}\n/);
    expect(text).toContain(`new rental request #${leadId}: wheeled skid steer`);
    const link = /(\/business\/quote\?token=[\w-]{43})/.exec(text!)![1];
    const page = await browser.newPage();
    await page.goto(link);
    await expect(page.getByText(`#${leadId}`).first()).toBeVisible();
    await page.close();
  });

  await test.step("/business shows the time left to respond; not available for these dates, with a reason", async () => {
    await business.goto("/business");
    const lead = business.getByTestId("business-lead").filter({ hasText: `#${leadId}` });
    await expect(lead.getByTestId("response-clock")).toContainText(/\d+ h \d+ min left to respond|\d+ min left to respond/);
    await expect(business.getByTestId("own-response-rate").first()).toContainText(
      "Your response rate shows on your listing once 5 requests were due",
    );
    expect(await pastPhoneWidth(business)).toBe(0);
    const form = lead.getByTestId("unavailable-form");
    await form.getByLabel("Why (the customer is told)").selectOption("no_machine");
    await form.getByRole("button", { name: "Not available for these dates" }).click();
    await expect(business.getByTestId("notice")).toHaveCount(1);
    await expect(lead.getByTestId("lead-standing")).toHaveText("Not available");
    await expect(lead.getByTestId("response-clock")).toHaveCount(0);
    await expect(lead.getByTestId("unavailable-form")).toHaveCount(0);
  });

  await test.step("the renter sees why, and who the request went to next; the renter is texted both", async () => {
    await renter.goto(`/requests/${leadId}`);
    const recipients = renter.getByTestId("request-recipients");
    await expect(recipients).toContainText(`${listing.name}: sent, is not available: it has no machine of that type`);
    await expect(recipients).toContainText(`${listing.name} cannot take it)`);
    expect(await pastPhoneWidth(renter)).toBe(0);
    await expect.poll(() => textsFor(leadId).filter((t) => t.startsWith("To: +1971")).length, { timeout: 30_000 }).toBe(2);
  });

  await test.step("the console lists the request handed on", async () => {
    await logIn(operator);
    await operator.goto("/operator/responses");
    const row = operator
      .getByTestId("handed-on")
      .getByRole("row")
      .filter({ hasText: `#${leadId}` });
    await expect(row).toContainText(listing.name);
    await expect(row).toContainText("Not available");
  });
});
