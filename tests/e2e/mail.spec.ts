import { expect, type Browser, type Page } from "@playwright/test";
import { actionIds, callAction, dialogCompletion } from "./helpers/actions";
import { OPERATOR } from "./helpers/operator";
import { format, parseISO } from "date-fns";
import ICAL from "ical.js";
import { startSmtpServer, type TestSmtpServer } from "../unit/helpers/smtp";
import { query } from "./helpers/db";
import { chooseDates } from "./helpers/rental-dialog";
import { logIn, operatorRows, type LeadRow } from "./helpers/operator";
import { smtpPort } from "./helpers/smtp-port";
import { clientAddress, test } from "./helpers/test";

// The vendors' inboxes are outside the site: a real SMTP server in this test process
// stands in for them. One port: the tests run one after another, in the desktop project.
test.describe.configure({ mode: "serial" });
let smtp: TestSmtpServer;
test.beforeAll(async ({}, info) => {
  if (info.project.name === "desktop") smtp = await startSmtpServer(smtpPort);
});
test.afterAll(() => smtp?.close());
test.beforeEach(({}, info) => test.skip(info.project.name !== "desktop", "one SMTP port for the run"));

const addressOf = (mail: TestSmtpServer["received"][number]) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0].address;

/** The newest emailed link to this address, once it has arrived. */
async function emailedLink(to: string, after: number, timeout = 15_000): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = smtp.received
          .slice(after)
          .filter((mail) => addressOf(mail) === to)
          .at(-1)
          ?.text?.match(/https?:\/\/\S+\/business\/link\?\S+/)?.[0];
        return link;
      },
      { timeout },
    )
    .toBeTruthy();
  return new URL(link!).pathname + new URL(link!).search;
}

/** A browser of its own for one person, from an address of its own in this attempt (the tests stand in for the proxy). */
async function person(browser: Browser, who: string): Promise<Page> {
  return (await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": clientAddress(who) } })).newPage();
}

/** Listings with an email and a website on file, far from the ZIP the request test uses. */
/** Three listings to claim; a retry of the serial tests below takes three others, as the first try may have claimed these. */
async function listings() {
  return query<{ id: number; name: string; email: string; path: string; phone: string }>(
    `
    select v.id, v.name, v.email, v.phone, '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path from public.vendors v
    join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
    where v.email is not null and v.site is not null and s.slug in ('alaska', 'hawaii', 'wyoming', 'vermont', 'montana')
    order by v.id limit 3 offset $1`,
    [3 * test.info().retry],
  );
}

/** How many CSS pixels the page reaches past a 320 px phone screen: 0 when nothing scrolls sideways. */
async function pastPhoneWidth(page: Page): Promise<number> {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 740 });
  const past = await page.evaluate(() => document.documentElement.scrollWidth - 320);
  if (viewport) await page.setViewportSize(viewport);
  return Math.max(past, 0);
}

async function signIn(page: Page, email: string) {
  const before = smtp.received.length;
  await page.goto("/business");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByTestId("notice")).toContainText("Check your email");
  await page.goto(await emailedLink(email, before));
  await page.getByRole("button", { name: "Sign in and manage my listing" }).click();
  await expect(page.getByTestId("notice")).toHaveText("You are signed in.");
}

test("a rental request from the header reaches the nearby vendors by email; its status page shows them and withdraws it", async ({
  page,
  browser,
}) => {
  // The ZIP the most vendors serve, so the request goes to 3 of them.
  const [{ zip }] = await query<{ zip: string }>(`
    select p.code as zip from public.postcodes p join public.vendors_serviced s on s.postcode_id = p.id
    group by p.code order by count(*) desc, p.code limit 1`);
  await page.goto("/about");
  await page.getByRole("button", { name: "Book a Skid Steer" }).filter({ visible: true }).first().click();
  const dialog = page.getByTestId("rental-dialog");
  await dialog.getByRole("button", { name: "Tracked Skid Steer" }).click();
  await chooseDates(dialog);
  await dialog.getByRole("button", { name: "Continue" }).click();
  // The header has no vendor: no opt-in box, and no page ZIP to prefill on /about.
  await expect(dialog.getByLabel("Also send my request to up to 2 other nearby vendors")).toHaveCount(0);
  await expect(dialog.getByLabel("Job Site ZIP Code")).toHaveValue("");
  await dialog.getByPlaceholder("Your name").fill("Morgan Mailtest");
  await dialog.getByPlaceholder("Your phone number").fill("(555) 010-7788");
  await dialog.getByLabel("Job Site ZIP Code").fill(zip);
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Thanks! The vendor will contact you shortly about your rental request.")).toBeVisible();
  // Routed by the ZIP (no vendor chosen): they are the vendors near it, and the sentence says no more.
  await expect(page.getByTestId("rental-recipients")).toHaveText(`Your request is going to 3 vendors near ZIP ${zip}.`);

  const lead = (await operatorRows<LeadRow>(page.request, "leads")).find((l) => l.name === "Morgan Mailtest")!;
  expect(lead).toMatchObject({ location: zip, completed: true, vendor_id: null });
  expect(lead.recipients).toHaveLength(3);
  const vendors = await query<{ email: string }>("select email from public.vendors where id = any($1)", [
    lead.recipients.map((r) => r.vendor_id),
  ]);
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

  // The renter's private status page, linked from the success message: each vendor sent, then withdrawn.
  await page.getByRole("link", { name: "See your request's status" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Your rental request #${lead.id}`);
  await expect(page.getByTestId("request-recipients").locator("li")).toHaveText(lead.recipients.map((r) => `${r.vendor_name}: sent`));
  await page.getByRole("button", { name: "Withdraw my request" }).click();
  await expect(page.getByTestId("request-withdrawn")).toBeVisible();
  // Anyone else, without this browser's owner cookie, finds nothing there.
  const stranger = await (await browser.newContext()).newPage();
  expect((await stranger.goto(`/requests/${lead.id}`))?.status()).toBe(404);
});

const SAME_ANSWER =
  "Thank you. If this address belongs to the business, we have emailed it a link to claim the listing; otherwise our team will review your claim and reply by email.";

test("claim by the listing's own email: the emailed link makes it the owner, and a phone edit is public at once", async ({ browser }) => {
  const [listing] = await listings();
  const page = await person(browser, "visitor");
  await page.goto(listing.path);
  await page.getByRole("link", { name: "Is this your business? Claim this listing" }).click();
  const before = smtp.received.length;
  await page.getByLabel("Your email address").fill(listing.email);
  await page.getByLabel("Your name").fill("Pat Owner");
  await page.getByRole("button", { name: "Claim this listing" }).click();
  await expect(page.getByTestId("notice")).toHaveText(SAME_ANSWER);
  const link = await emailedLink(listing.email, before);
  await page.goto(link);
  await page.getByRole("button", { name: "Claim and manage my listing" }).click();
  await expect(page.getByTestId("notice")).toHaveText("The listing is yours: you can edit it below.");
  const editor = page.getByTestId("business-listing").filter({ hasText: listing.name });
  await editor.getByLabel("Phone").fill("(555) 010-6464");
  await editor.getByLabel("Opening hours").fill("Mon-Sat 6:30-6");
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("notice")).toHaveText("Saved: the public page shows the change.");
  await page.goto(listing.path);
  await expect(page.locator('a[href^="tel:"]').first()).toHaveText("(555) 010-6464");
  await expect(page.getByText("Mon-Sat 6:30-6")).toBeVisible();
  await expect(page.getByText("Claimed by the business")).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await page.getByRole("button", { name: "Claim and manage my listing" }).click();
  await expect(page.getByTestId("notice")).toHaveText("This link is invalid or has expired. Ask for a new one below.");
});

test("a sign-in request answers the same for any address and while the mail server is down; the link arrives once it is back", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // The first claim test made this listing's own address its owner.
  const [listing] = await listings();
  const page = await person(browser, "visitor");
  await smtp.close();
  const answers: Array<{ url: string; notice: string | null }> = [];
  for (const email of [listing.email, "nobody.here@elsewhere.example"]) {
    await page.goto("/business");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByTestId("notice")).toContainText("Check your email");
    answers.push({ url: page.url(), notice: await page.getByTestId("notice").textContent() });
  }
  expect(answers[1]).toEqual(answers[0]);
  // The outbox failed to send while the server was down, and sends again once it is up.
  smtp = await startSmtpServer(smtpPort);
  await page.goto(await emailedLink(listing.email, 0, 90_000));
  await page.getByRole("button", { name: "Sign in and manage my listing" }).click();
  await expect(page.getByTestId("notice")).toHaveText("You are signed in.");
  expect(smtp.received.filter((mail) => addressOf(mail) === "nobody.here@elsewhere.example")).toEqual([]);
});

test("claim by another email: the same answer, no email, the operator approves it, then the claimant signs in", async ({ browser }) => {
  const [, listing] = await listings();
  const claimant = "manager@claims.example";
  const page = await person(browser, "visitor");
  const before = smtp.received.length;
  await page.goto(`/business/claim/${listing.id}`);
  await page.getByLabel("Your email address").fill(claimant);
  await page.getByLabel("Your name").fill("Morgan Manager");
  await page.getByLabel("Anything our team should know (optional)").fill("I run the yard; call the office.");
  await page.getByRole("button", { name: "Claim this listing" }).click();
  await expect(page.getByTestId("notice")).toHaveText(SAME_ANSWER);

  const operator = await person(browser, "operator");
  await operator.goto("/operator/login");
  await operator.getByLabel("Email").fill(OPERATOR.email);
  await operator.getByLabel("Password").fill(OPERATOR.password);
  await operator.getByRole("button", { name: "Log in" }).click();
  await operator.waitForURL(/\/operator\/leads$/);
  await operator.goto("/operator/claims");
  const item = operator.getByTestId("claim").filter({ hasText: claimant });
  await expect(item).toContainText("I run the yard; call the office.");
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(operator.getByTestId("notice")).toContainText("Approved");
  expect(smtp.received.slice(before).filter((mail) => addressOf(mail) === claimant)).toEqual([]);

  await signIn(page, claimant);
  await expect(page.getByTestId("business-listing").filter({ hasText: listing.name })).toContainText(`${claimant} (owner)`);
});

test("a colleague is added, signs in, and is removed; a business cannot touch another's listing", async ({ browser }) => {
  const [first, second, third] = await listings();
  const owner = await person(browser, "owner");
  await signIn(owner, first.email);
  const editor = owner.getByTestId("business-listing").filter({ hasText: first.name });
  await editor.getByLabel("Add a colleague by email").fill("helper@claims.example");
  await editor.getByRole("button", { name: "Add colleague" }).click();
  await expect(owner.getByTestId("notice")).toHaveText("Added: they can now sign in with their email address.");

  const colleague = await person(browser, "colleague");
  await signIn(colleague, "helper@claims.example");
  await expect(colleague.getByTestId("business-listing")).toHaveCount(1);
  await expect(colleague.getByTestId("business-listing")).toContainText(first.name);

  await owner
    .getByTestId("business-listing")
    .filter({ hasText: first.name })
    .getByRole("button", { name: "Remove helper@claims.example" })
    .click();
  await expect(owner.getByTestId("notice")).toHaveText("Removed: they can no longer manage this listing.");
  await colleague.goto("/business");
  await expect(colleague.getByText("This address manages no listing any more.")).toBeVisible();

  // The owner's session posting an edit of a listing it does not manage: refused, nothing changed.
  for (const other of [second, third]) {
    const form = owner.getByTestId("business-listing").first().locator("form").first();
    await form.locator('input[name="vendor_id"]').evaluate((input, id) => ((input as HTMLInputElement).value = String(id)), other.id);
    await form.getByLabel("Phone").fill("(555) 010-9999");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(owner.getByTestId("notice")).toHaveText("No such listing");
    await owner.goto("/business");
  }
  const page = await person(browser, "visitor");
  await page.goto(third.path);
  await expect(page.locator('a[href^="tel:"]').first()).toHaveText(third.phone);
});

/** A completed request from the vendor's own page, as the rental dialog sends it; returns its id. */
/** A request completed through the site's actions from this browser, starting in 20 days; returns its id. */
async function requestFrom(
  page: Page,
  vendor: { id: number },
  zip: string,
  name: string,
  details: { skid_steer_type?: "wheeled" | "tracked"; phone?: string; email?: string; widen?: boolean } = {},
): Promise<number> {
  const ids = actionIds();
  const started = await callAction(page.request, ids.startLead, JSON.stringify([{ vendorId: vendor.id }]));
  const leadId = Number(/"leadId":(\d+)/.exec(await started.text())?.[1]);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const completed = await callAction(
    page.request,
    ids.completeLead,
    await dialogCompletion(page.request, ids.estimateRequest, {
      leadId,
      vendorId: vendor.id,
      skid_steer_type: "wheeled",
      rental_start_date: day(20),
      rental_end_date: day(22),
      name,
      phone: "(555) 010-5151",
      job_zip: zip,
      widen: false,
      ...details,
    }),
  );
  expect(await completed.text()).toContain('"ok":true');
  return leadId;
}

test("a vendor marks leads contacted from the emailed link; from the third, its page shows how fast it responds", async ({ browser }) => {
  const [vendor] = await query<{ id: number; email: string; path: string; zip: string }>(`
    select v.id, v.email, '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path, p.code as zip from public.vendors v
    join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
    where v.email is not null and s.slug in ('north-dakota', 'south-dakota', 'idaho') order by v.id limit 1`);
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
  await expect(visitor.getByTestId("response-time")).toHaveText(`Usually responds within ${hours} hour${hours === 1 ? "" : "s"}`);
  // The reporting API carries each recipient's status and response time.
  const reported = (await operatorRows<LeadRow>(visitor.request, "leads", 1000)).filter((lead) =>
    lead.name.startsWith("Responsive Renter"),
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
  const [vendor] = await query<{ id: number; name: string; email: string; zip: string; path: string }>(`
    select v.id, v.name, v.email, p.code as zip, '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path
    from public.vendors v join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
    where v.email is not null and s.slug in ('new-mexico', 'nevada') order by v.id limit 1`);
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
    await dialog.getByPlaceholder("Your name").fill("Paused Page Renter");
    await dialog.getByPlaceholder("Your phone number").fill("(555) 010-5152");
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByText("Thanks! The vendor will contact you shortly about your rental request.")).toBeVisible();
    const sent = (await operatorRows<LeadRow>(request, "leads", 1000)).find((lead) => lead.name === "Paused Page Renter")!;
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

test("a renter who gives an email address gets a copy with each vendor's phone and a status link; Your requests lists it; a bad address changes nothing", async ({
  browser,
  request,
}) => {
  const [vendor] = await query<{ id: number; name: string; path: string; zip: string }>(`
    select v.id, v.name, '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path, p.code as zip from public.vendors v
    join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
    where s.slug in ('maine', 'new-hampshire', 'rhode-island') order by v.id limit 1`);
  const page = await person(browser, "visitor");
  await test.step("the server refuses a bad address whatever the form let through, and completes nothing", async () => {
    // The server refuses a bad address whatever the form let through, and completes nothing.
    const ids = actionIds();
    const started = await callAction(page.request, ids.startLead, JSON.stringify([{ vendorId: vendor.id }]));
    const draft = Number(/"leadId":(\d+)/.exec(await started.text())?.[1]);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const refused = await callAction(
      page.request,
      ids.completeLead,
      JSON.stringify([
        {
          leadId: draft,
          skid_steer_type: "wheeled",
          rental_start_date: day(20),
          rental_end_date: day(22),
          name: "Bad Address Renter",
          phone: "(555) 010-5153",
          job_zip: vendor.zip,
          email: "renter@@example",
          widen: false,
          consent: { text: `I agree that ${vendor.name} may call me`, page: vendor.path },
        },
      ]),
    );
    expect(await refused.text()).toContain('"ok":false');
    expect((await operatorRows<LeadRow>(request, "leads", 1000)).find((lead) => lead.id === draft)?.completed ?? false).toBe(false);
  });

  await test.step("the dialog asks again for a bad address, then sends the request", async () => {
    await page.goto(vendor.path);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Your requests" })).toHaveCount(0);
    await page.getByRole("main").getByRole("button", { name: "Book a Skid Steer" }).click();
    const dialog = page.getByTestId("rental-dialog");
    await dialog.getByRole("button", { name: "Wheeled Skid Steer" }).click();
    await chooseDates(dialog);
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByPlaceholder("Your name").fill("Copy Keeping Renter");
    await dialog.getByPlaceholder("Your phone number").fill("(555) 010-5154");
    await dialog.getByLabel("Email (optional)").fill("not-an-address");
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(dialog.getByText("Please enter a valid email address, or leave it empty")).toBeVisible();
    await dialog.getByLabel("Email (optional)").fill("Copy.Renter@example.com");
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByText("Thanks! The vendor will contact you shortly about your rental request.")).toBeVisible();
  });

  const { lead, link } = await test.step("the renter's copy names each vendor with its phone and links the status page", async () => {
    const lead = (await operatorRows<LeadRow>(request, "leads", 1000)).find((l) => l.name === "Copy Keeping Renter")!;
    const vendors = await query<{ name: string; phone: string }>("select name, phone from public.vendors where id = any($1)", [
      lead.recipients.map((r) => r.vendor_id),
    ]);
    let copy: TestSmtpServer["received"][number] | undefined;
    await expect
      .poll(() => (copy = smtp.received.find((m) => addressOf(m) === "copy.renter@example.com")), { timeout: 15_000 })
      .toBeTruthy();
    expect(copy!.subject).toBe(
      `Your rental request #${lead.id}: Wheeled Skid Steer, ${lead.rental_days} day${lead.rental_days === 1 ? "" : "s"} near ${vendor.zip}`,
    );
    expect(vendors.length).toBeGreaterThan(0);
    for (const v of vendors) expect(copy!.text).toContain(`- ${v.name}${v.phone ? `, ${v.phone}` : ""}`);
    expect(copy!.text).toContain("Phone: (555) 010-5154");
    expect(copy!.text).toContain(
      "Once a vendor has contacted you, or from your rental's start date on, you can review them on the same page",
    );
    expect(copy!.html).toContain(vendors[0].name.replace(/&/g, "&amp;"));
    const link = new URL(copy!.text!.match(/https?:\/\/\S+\/requests\/\d+\?key=\S+/)![0]);
    expect(link.pathname).toBe(`/requests/${lead.id}`);
    return { lead, link };
  });

  await test.step('the browser that sent it finds it under "Your requests" in the footer', async () => {
    // The browser that sent it finds it under "Your requests" in the footer.
    await page.reload();
    await page.getByRole("contentinfo").getByRole("link", { name: "Your requests" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your requests");
    const listed = page.getByTestId("your-request").filter({ hasText: `Request #${lead.id}` });
    await expect(listed.getByTestId("your-request-state")).toHaveText(
      `Sent to ${lead.recipients.length} vendor${lead.recipients.length === 1 ? "" : "s"}`,
    );
  });

  await test.step("the emailed link opens the status page from any browser, and its holder may withdraw it; an altered key, or none, finds nothing", async () => {
    // The emailed link opens the status page from any browser; an altered key, or none, finds nothing.
    const elsewhere = await person(browser, "visitor elsewhere");
    await elsewhere.goto(link.pathname + link.search);
    await expect(elsewhere.getByRole("heading", { level: 1 })).toHaveText(`Your rental request #${lead.id}`);
    await expect(elsewhere.getByTestId("request-recipients").locator("li")).toHaveCount(lead.recipients.length);
    const altered = link.searchParams.get("key")!.replace(/^./, (c) => (c === "A" ? "B" : "A"));
    expect((await elsewhere.goto(`/requests/${lead.id}?key=${altered}`))?.status()).toBe(404);
    expect((await elsewhere.goto(`/requests/${lead.id}`))?.status()).toBe(404);
    await elsewhere.goto("/requests");
    await expect(elsewhere.getByTestId("no-requests")).toHaveText("No rental requests from this browser yet.");
    // The link's holder may withdraw it too.
    await elsewhere.goto(link.pathname + link.search);
    await elsewhere.getByRole("button", { name: "Withdraw my request" }).click();
    await expect(elsewhere.getByTestId("request-withdrawn")).toBeVisible();
    await page.goto("/requests");
    await expect(
      page
        .getByTestId("your-request")
        .filter({ hasText: `Request #${lead.id}` })
        .getByTestId("your-request-state"),
    ).toHaveText("Withdrawn");
  });
});

test("a renter reviews a vendor that contacted them; the operator publishes it, the business is emailed, replies and reports it; the vendor page and its JSON-LD show both until the operator rejects it", async ({
  browser,
}) => {
  // Four people and a dozen pages, each a first visit: longer than one page's test.
  test.setTimeout(360_000);
  const [listing] = await query<{ id: number; name: string; email: string; path: string; zip: string }>(`
    select v.id, v.name, v.email, '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path, p.code as zip from public.vendors v
    join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
    where v.email is not null and v.site is not null and s.slug in ('delaware', 'west-virginia', 'kentucky') order by v.id limit 1`);

  // Four people, each a browser of their own; what one step learns, the next uses.
  const business = await person(browser, "business");
  const renter = await person(browser, "renter");
  const operator = await person(browser, "operator");
  const answer = business.getByTestId("business-review").filter({ hasText: "Reviewing R." });
  const review = renter.getByTestId("review");
  const hostile = `<img src=x onerror="window.__reviewed=1"> On time & the machine was clean, see www.example.com`;
  let before = 0;
  let leadMail: TestSmtpServer["received"][number] | undefined;
  let statusPath = "";
  let replyPath = "";
  const report = "This renter <b>never</b> rented from us.";

  await test.step("the business claims its listing, so it can answer reviews from /business", async () => {
    // The business claims its listing, so it can answer reviews from /business.
    await business.goto(`/business/claim/${listing.id}`);
    before = smtp.received.length;
    await business.getByLabel("Your email address").fill(listing.email);
    await business.getByLabel("Your name").fill("Rae Owner");
    await business.getByRole("button", { name: "Claim this listing" }).click();
    await business.goto(await emailedLink(listing.email, before));
    await business.getByRole("button", { name: "Claim and manage my listing" }).click();
    await expect(business.getByTestId("notice")).toHaveText("The listing is yours: you can edit it below.");
  });

  await test.step("the renter sends a request with an email address and the vendor is emailed; nothing can be reviewed yet", async () => {
    // The renter sends a request from the listing's page, starting in 20 days, with an email address for the copy and the invitation.
    await renter.goto(listing.path);
    await expect(renter.getByTestId("rating").first()).toContainText("New on Skid Steer Rentals");
    const leadId = await requestFrom(renter, listing, listing.zip, "Reviewing Renter", {
      skid_steer_type: "tracked",
      phone: "(555) 010-4141",
      email: "reviewing.renter@example.com",
    });
    // The lead email reaches the vendor.
    await expect
      .poll(() => (leadMail = smtp.received.find((m) => addressOf(m) === listing.email && m.text?.includes("Reviewing Renter"))), {
        timeout: 30_000,
      })
      .toBeTruthy();
    statusPath = `/requests/${leadId}`;
    // Before the vendor answers (the rental starts later), there is nothing to review yet; retried until the send is recorded.
    await expect(async () => {
      await renter.goto(statusPath);
      await expect(renter.getByTestId("vendor-review")).toContainText("once they have contacted you", { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(renter.getByTestId("review-form")).toHaveCount(0);
  });

  await test.step("the vendor marks it contacted from the lead email, and the renter is invited to review at once", async () => {
    // The vendor marks it contacted from the lead email; the renter is invited to review at once.
    before = smtp.received.length;
    const contacted = new URL(leadMail!.text!.match(/I've contacted this customer: (\S+)/)![1]);
    await business.goto(contacted.pathname + contacted.search);
    await business.getByRole("button", { name: "Mark the request as contacted" }).click();
    await expect(business.getByTestId("notice")).toHaveText("Thank you: the request is marked as contacted.");
    let invite: TestSmtpServer["received"][number] | undefined;
    await expect
      .poll(() => (invite = smtp.received.slice(before).find((m) => addressOf(m) === "reviewing.renter@example.com")), { timeout: 15_000 })
      .toBeTruthy();
    expect(invite!.subject).toBe(`How did it go? Review ${listing.name}`);
    expect(new URL(invite!.text!.match(/https?:\/\/\S+\/requests\/\d+\?key=\S+/)![0]).pathname).toBe(statusPath);
  });

  await test.step("the renter reviews; a second review, a text over 2,000 characters and another browser are refused", async () => {
    // The renter reviews from the status page; markup in the text stays text, and a link holds it for a closer look.
    await renter.goto(statusPath);
    const stale = await renter.context().newPage();
    await stale.goto(statusPath);
    expect(await pastPhoneWidth(stale)).toBe(0);
    const form = renter.getByTestId("review-form");
    await form.getByLabel("4 stars").check();
    await form.getByLabel("Your review (optional)").fill(hostile);
    await form.getByRole("button", { name: "Post my review" }).click();
    await expect(renter.getByTestId("notice")).toHaveText(
      "Thank you: your review waits for our team and shows on the vendor's page once it is published.",
    );
    await expect(renter.getByTestId("own-review")).toContainText("waiting for our team");
    // A second review of the pair, from a page opened before the first was posted, is refused; so is a text over 2,000
    // characters that the browser let through; the review stays as it was. Another browser cannot even see the request.
    await stale.getByTestId("review-form").getByLabel("5 stars").check();
    await stale.getByRole("button", { name: "Post my review" }).click();
    await expect(stale.getByTestId("notice")).toHaveText(
      "You have already reviewed this vendor for this request: edit your review instead.",
    );
    await renter.getByText("Edit my review").click();
    const edit = renter.getByTestId("review-form");
    await edit.getByLabel("Your review (optional)").evaluate((field) => field.removeAttribute("maxlength"));
    await edit.getByLabel("Your review (optional)").fill("x".repeat(2001));
    await edit.getByRole("button", { name: "Save my review" }).click();
    await expect(renter.getByTestId("notice")).toHaveText("A review can be at most 2,000 characters.");
    await expect(renter.getByTestId("own-review")).toContainText(hostile);
    const stranger = await person(browser, "stranger");
    expect((await stranger.goto(statusPath))?.status()).toBe(404);
    await renter.goto(`${statusPath}?error=review-exists&vendor=${listing.id}`);
    await expect(renter.getByTestId("notice")).toHaveText(
      "You have already reviewed this vendor for this request: edit your review instead.",
    );
    await expect(renter.getByTestId("own-review")).toContainText(hostile);
    // Not public before the operator publishes it.
    await renter.goto(listing.path);
    await expect(renter.getByTestId("review")).toHaveCount(0);
  });

  await test.step("the operator publishes the review held for its link, and the business is emailed a link to reply", async () => {
    // The operator publishes it from the queue; the business is emailed a link to reply.
    await logIn(operator);
    await operator.goto("/operator/reviews");
    const row = operator.getByTestId("review-row").filter({ hasText: listing.name });
    await expect(row).toContainText(hostile);
    await expect(row).toContainText("Reviewing R.");
    await expect(row.getByTestId("held-reason")).toHaveText("Held: Contains a link");
    before = smtp.received.length;
    await row.getByRole("button", { name: "Publish" }).click();
    await expect(operator.getByTestId("notice")).toHaveText(
      "Published: the review shows on the listing's page, and the business is emailed.",
    );
    let published: TestSmtpServer["received"][number] | undefined;
    await expect
      .poll(() => (published = smtp.received.slice(before).find((m) => addressOf(m) === listing.email)), { timeout: 15_000 })
      .toBeTruthy();
    expect(published!.subject).toBe(`New review of ${listing.name}: 4 out of 5 stars`);
    expect(published!.html).toContain("&lt;img src=x");
    expect(published!.html).not.toContain("<img src=x");
    const replyLink = new URL(published!.text!.match(/Reply to it: (\S+)/)![1]);
    replyPath = replyLink.pathname + replyLink.hash;
  });

  await test.step("the business replies from /business", async () => {
    // The business replies from /business.
    await business.goto(replyPath);
    await answer.getByLabel("Reply publicly").fill("Thank you, glad the job went well!");
    await answer.getByRole("button", { name: "Post reply" }).click();
    await expect(business.getByTestId("notice")).toHaveText("Saved: your reply shows under the review on your listing's page.");
  });

  await test.step("the vendor page and its JSON-LD show the verified review and the reply", async () => {
    // The vendor page shows the verified review and the reply, and says so in its JSON-LD.
    await renter.goto(listing.path);
    await expect(review).toHaveCount(1);
    await expect(review).toContainText("Reviewing R.");
    await expect(review).toContainText(hostile);
    await expect(review).toContainText(/Requested through Skid Steer Rentals, [A-Z][a-z]+ \d{4}/);
    await expect(review).toContainText("Tracked skid steer");
    await expect(review.getByTestId("review-reply")).toContainText("Thank you, glad the job went well!");
    await expect(review.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
    // One review: no average yet.
    await expect(renter.getByTestId("review-summary")).toContainText("New on Skid Steer Rentals");
    expect(await renter.evaluate(() => (window as { __reviewed?: number }).__reviewed)).toBeUndefined();
    const blocks = (await renter.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
    const local = blocks.find((b) => b["@type"] === "LocalBusiness");
    expect(local.aggregateRating).toBeUndefined();
    expect(local.review).toEqual([
      expect.objectContaining({
        "@type": "Review",
        reviewRating: expect.objectContaining({ ratingValue: 4 }),
        author: { "@type": "Person", name: "Reviewing R." },
        reviewBody: hostile,
      }),
    ]);
  });

  await test.step("the business edits its reply, then reports the review, which stays published", async () => {
    // The business edits its reply, then reports the review: it stays published until the operator decides.
    await business.goto(replyPath);
    await answer.getByLabel("Your public reply").fill("Thank you again: see you next season!");
    await answer.getByRole("button", { name: "Save reply" }).click();
    await expect(business.getByTestId("notice")).toHaveText("Saved: your reply shows under the review on your listing's page.");
    await answer.getByText("Report this review").click();
    expect(await pastPhoneWidth(business)).toBe(0);
    await answer.getByLabel("Why should our team remove it?").fill(report);
    await answer.getByRole("button", { name: "Report", exact: true }).click();
    await expect(business.getByTestId("notice")).toHaveText("Reported: our team will look at this review and may remove it.");
    await expect(answer).toContainText("You reported this review: our team is looking at it.");
    await renter.goto(listing.path);
    await expect(review.getByTestId("review-reply")).toContainText("Thank you again: see you next season!");
  });

  await test.step("the operator rejects the reported review with a reason: it leaves the listing's page and the renter sees why", async () => {
    // The operator reads the report and rejects the review with a reason, audit-logged: it leaves the listing's page,
    // and the renter's status page says why.
    await operator.goto("/operator/reviews?status=reported");
    const reported = operator.getByTestId("review-row").filter({ hasText: listing.name });
    await expect(reported.getByTestId("report-reason")).toHaveText(`Reported by the business: ${report}`);
    expect(await pastPhoneWidth(operator)).toBe(0);
    await reported.getByLabel("Reason").fill("The renter's request went to another vendor's yard");
    await reported.getByRole("button", { name: "Reject" }).click();
    await expect(operator.getByTestId("notice")).toHaveText("Rejected, with the reason recorded: the review is not shown.");
    await operator.goto("/operator/audit");
    await expect(operator.getByTestId("audit-table").locator("tr", { hasText: "reject_review" }).first()).toContainText(
      "The renter's request went to another vendor's yard",
    );
    await renter.goto(listing.path);
    await expect(renter.getByTestId("review")).toHaveCount(0);
    await renter.goto(statusPath);
    await expect(renter.getByTestId("own-review")).toContainText("not published: The renter's request went to another vendor's yard");
    expect(await pastPhoneWidth(renter)).toBe(0);
  });
});

/** The calendar invitation a mail carries, read by a real iCalendar parser: its one event's first and last days. */
function invitationDays(mail: TestSmtpServer["received"][number]): { first: string; last: string; description: string } {
  const calendar = mail.attachments.find((part) => part.contentType.startsWith("text/calendar"));
  expect(calendar, `a calendar invitation in "${mail.subject}"`).toBeTruthy();
  const events = new ICAL.Component(ICAL.parse(calendar!.content.toString("utf8"))).getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  const event = new ICAL.Event(events[0]);
  const last = event.endDate.clone();
  last.adjust(-1, 0, 0, 0);
  return { first: event.startDate.toString(), last: last.toString(), description: event.description };
}

test("two vendors quote a request, one from /business and one from the emailed link; the renter compares and books one; everyone is told, with a calendar invitation", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // A listing that will claim and quote from /business, and another of the nearby vendors its requests widen to.
  const [pair] = await query<{
    a: number;
    a_email: string;
    a_name: string;
    path: string;
    zip: string;
    b: number;
    b_email: string;
    b_name: string;
  }>(`
    select a.id as a, a.email as a_email, a.name as a_name, '/us/' || s.slug || '/' || c.slug || '/' || a.slug as path, p.code as zip,
           b.id as b, b.email as b_email, b.name as b_name
    from public.vendors a join public.postcodes p on p.id = a.postcode_id join public.cities c on c.id = p.city_id
    join public.states s on s.id = c.state_id
    cross join lateral (select v.* from public.vendors_near_zip(p.code, 2, a.id) n join public.vendors v on v.id = n.vendor_id
                        where v.email is not null order by n.distance_miles limit 1) b
    where a.email is not null and a.claimed_at is null and s.slug in ('arkansas', 'nebraska', 'iowa', 'kansas', 'utah')
    order by a.id desc limit 1`);
  const renterEmail = `booking.renter.${Date.now()}@example.com`;
  const [business, vendorB, renter] = [
    await person(browser, "business"),
    await person(browser, "vendor-b"),
    await person(browser, "renter"),
  ];
  let leadId = 0;
  let quoteLink = "";

  await test.step("the first listing is claimed; the renter's request reaches both vendors", async () => {
    await business.goto(`/business/claim/${pair.a}`);
    let before = smtp.received.length;
    await business.getByLabel("Your email address").fill(pair.a_email);
    await business.getByLabel("Your name").fill("Quinn Desk");
    await business.getByRole("button", { name: "Claim this listing" }).click();
    await business.goto(await emailedLink(pair.a_email, before));
    await business.getByRole("button", { name: "Claim and manage my listing" }).click();
    await expect(business.getByTestId("notice")).toHaveText("The listing is yours: you can edit it below.");
    before = smtp.received.length;
    leadId = await requestFrom(renter, { id: pair.a }, pair.zip, "Booking Renter", { widen: true, email: renterEmail });
    let mailB: TestSmtpServer["received"][number] | undefined;
    await expect
      .poll(() => (mailB = smtp.received.slice(before).find((m) => addressOf(m) === pair.b_email && m.text?.includes("Booking Renter"))), {
        timeout: 30_000,
      })
      .toBeTruthy();
    const link = new URL(mailB!.text!.match(/Send a quote: (\S+)/)![1]);
    quoteLink = link.pathname + link.search;
  });

  const fillQuote = async (form: ReturnType<Page["getByTestId"]>, lines: Array<[string, string, string]>, tax: string) => {
    for (let i = 0; i < 8; i++) {
      const [label, quantity, unit] = lines[i] ?? ["", "", ""];
      await form.getByLabel(`Line ${i + 1}: label`).fill(label);
      await form.getByLabel(`Line ${i + 1}: quantity`).fill(quantity);
      await form.getByLabel(`Line ${i + 1}: unit price in dollars`).fill(unit);
    }
    await form.getByLabel("Sales tax (%)").fill(tax);
  };

  await test.step("one vendor quotes from /business, the other from the emailed link", async () => {
    await business.goto("/business");
    const lead = business.getByTestId("business-lead").filter({ hasText: `#${leadId}` });
    // A new request has no status yet: its menu says so, and saving nothing is stopped before it marks it contacted.
    const status = lead.getByLabel("Status");
    await expect(status).toHaveValue("");
    await expect(status.locator("option:checked")).toHaveText("Choose a status");
    await lead.getByRole("button", { name: "Save status" }).click();
    expect(await status.evaluate((select: HTMLSelectElement) => select.validity.valueMissing)).toBe(true);
    await expect(business.getByTestId("notice")).toHaveCount(0);
    await expect(lead.getByTestId("lead-standing")).toHaveText("New");
    await lead.getByText("Send a quote").click();
    const formA = lead.getByTestId("quote-form");
    // The dashboard's quote form, all eight lines, fits a 320 px phone.
    expect(await pastPhoneWidth(business)).toBe(0);
    await fillQuote(
      formA,
      [
        ["Day", "3", "310"],
        ["Delivery and pickup", "2", "90"],
      ],
      "8.25",
    );
    await formA.getByLabel("Message to the renter (optional)").fill("Call me; we deliver at 7.\nBEGIN:VEVENT");
    await formA.getByRole("button", { name: "Send the quote" }).click();
    await expect(business.getByTestId("notice")).toHaveText("Your quote is sent: the renter sees it beside the others and can book it.");
    // 3 × $310 + 2 × $90 = $1,110, and 8.25 % tax ($91.58): $1,201.58.
    await expect(
      business
        .getByTestId("business-lead")
        .filter({ hasText: `#${leadId}` })
        .getByTestId("lead-standing"),
    ).toHaveText("Quoted $1,201.58");
    // Its menu now shows the status the quote gave it.
    await expect(
      business
        .getByTestId("business-lead")
        .filter({ hasText: `#${leadId}` })
        .getByLabel("Status"),
    ).toHaveValue("quoted");

    await vendorB.goto(quoteLink);
    const formB = vendorB.getByTestId("quote-form");
    expect(await pastPhoneWidth(vendorB)).toBe(0);
    await fillQuote(formB, [["Week", "1", "950"]], "");
    await formB.getByRole("button", { name: "Send the quote" }).click();
    await expect(vendorB.getByTestId("notice")).toHaveText("Your quote is sent: the renter sees it beside the others and can book it.");
    await expect(vendorB.getByTestId("open-quote")).toContainText("$950.00");
  });

  await test.step("a vendor withdraws its quote from the emailed link: the renter is emailed and cannot book it; it quotes again", async () => {
    const before = smtp.received.length;
    await vendorB.getByRole("button", { name: "Withdraw your quote" }).click();
    await expect(vendorB.getByTestId("notice")).toHaveText(
      "Your quote is withdrawn: the renter sees that it was, and can no longer book it.",
    );
    let mail: TestSmtpServer["received"][number] | undefined;
    await expect
      .poll(
        () => (mail = smtp.received.slice(before).find((m) => addressOf(m) === renterEmail && /withdrew its quote/.test(m.subject ?? ""))),
        { timeout: 30_000 },
      )
      .toBeTruthy();
    expect(mail!.subject).toBe(`${pair.b_name} withdrew its quote for your rental request #${leadId}`);
    expect(mail!.text).toContain("withdrew its quote of $950.00");
    const link = new URL(mail!.text!.match(/Your request and its quotes: (\S+)/)![1]);
    await renter.goto(link.pathname + link.search);
    const withdrawn = renter.getByTestId("quote").filter({ hasText: pair.b_name });
    await expect(withdrawn).toContainText("Withdrawn by the vendor");
    await expect(withdrawn.getByText("Book this quote")).toHaveCount(0);

    const formB = vendorB.getByTestId("quote-form");
    await fillQuote(formB, [["Week", "1", "950"]], "");
    await formB.getByRole("button", { name: "Send the quote" }).click();
    await expect(vendorB.getByTestId("notice")).toHaveText("Your quote is sent: the renter sees it beside the others and can book it.");
    await expect(vendorB.getByTestId("open-quote")).toContainText("version 2");
  });

  await test.step("the renter compares the quotes side by side and books one, after confirming", async () => {
    await renter.goto(`/requests/${leadId}`);
    const quotes = renter.getByTestId("quote");
    await expect(quotes).toHaveCount(2);
    await expect(quotes.filter({ hasText: pair.a_name }).getByTestId("quote-total")).toHaveText("$1,201.58");
    await expect(quotes.filter({ hasText: pair.a_name })).toContainText("Call me; we deliver at 7.");
    const chosen = quotes.filter({ hasText: pair.b_name });
    await expect(chosen.getByTestId("quote-total")).toHaveText("$950.00");
    // On a desktop the quotes are a comparison: a column a vendor, each row at one height across them, no amount broken.
    const totals = await Promise.all(
      [pair.a_name, pair.b_name].map((name) => quotes.filter({ hasText: name }).getByTestId("quote-total").boundingBox()),
    );
    expect(Math.abs(totals[0]!.y - totals[1]!.y)).toBeLessThan(1);
    expect(Math.abs(totals[0]!.x - totals[1]!.x)).toBeGreaterThan(totals[0]!.width);
    for (const total of totals) expect(total!.height).toBeLessThan(48);
    expect(await pastPhoneWidth(renter)).toBe(0);
    await chosen.getByText("Book this quote").click();
    const before = smtp.received.length;
    await chosen.getByRole("button", { name: "Confirm booking" }).click();
    await expect(renter.getByTestId("notice")).toContainText("Booked.");
    await expect(renter.getByTestId("booking")).toContainText(`Booked with ${pair.b_name}`);
    await expect(renter.getByText("Book this quote")).toHaveCount(0);
    // "Your requests" names each vendor and where it stands.
    await renter.goto("/requests");
    const listed = renter
      .getByTestId("your-request")
      .filter({ hasText: `Request #${leadId}` })
      .getByTestId("your-request-vendors");
    await expect(listed).toContainText(`${pair.b_name}: booked`);
    await expect(listed).toContainText(`${pair.a_name}: sent you a quote`);

    // The booked vendor and the renter each get an invitation for the rental's dates; the other vendor is told.
    const found = (to: string, subject: RegExp) =>
      smtp.received.slice(before).find((m) => addressOf(m) === to && subject.test(m.subject ?? ""));
    await expect
      .poll(
        () =>
          found(pair.b_email, /^Booked: rental request/) && found(renterEmail, /is booked/) && found(pair.a_email, /chose another vendor/),
        {
          timeout: 30_000,
        },
      )
      .toBeTruthy();
    const vendorMail = found(pair.b_email, /^Booked: rental request/)!;
    expect(vendorMail.text).toContain("Booking Renter");
    expect(vendorMail.text).toContain("(555) 010-5151");
    const dates = vendorMail.subject!.match(/(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/)!;
    for (const mail of [vendorMail, found(renterEmail, /is booked/)!]) {
      const days = invitationDays(mail);
      expect([days.first, days.last]).toEqual([dates[1], dates[2]]);
    }
  });

  await test.step("the other vendor's quote is closed on /business, and the review of the rental says it was booked", async () => {
    await business.goto("/business");
    await expect(
      business
        .getByTestId("business-lead")
        .filter({ hasText: `#${leadId}` })
        .getByTestId("lead-standing"),
    ).toHaveText("Closed: the renter chose another vendor");
    await renter.goto(`/requests/${leadId}`);
    const form = renter.getByTestId("vendor-review").filter({ hasText: pair.b_name }).getByTestId("review-form");
    // 4 stars, the seeded reviews' average: the site's average, by which other pages rank, stays as it was.
    await form.getByLabel("4 stars").check();
    await form.getByRole("button", { name: "Post my review" }).click();
    const operator = await person(browser, "operator");
    await logIn(operator);
    await operator.goto("/operator/reviews");
    await operator.getByTestId("review-row").filter({ hasText: pair.b_name }).getByRole("button", { name: "Publish" }).click();
    await expect(operator.getByTestId("notice")).toContainText("Published");
    const [{ path }] = await query<{ path: string }>(
      `select '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path from public.vendors v join public.postcodes p on p.id = v.postcode_id
       join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id where v.id = $1`,
      [pair.b],
    );
    await renter.goto(path);
    await expect(renter.getByTestId("review").filter({ hasText: "Booking R." })).toContainText(
      /Booked through Skid Steer Rentals, [A-Z][a-z]+ \d{4}/,
    );
  });
});
