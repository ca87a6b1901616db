// A rental request reaches its vendors by email, and the renter's own copy reaches the renter.
// The inboxes are a real SMTP server in this test process (tests/e2e/helpers/inbox.ts).
import { expect } from "@playwright/test";
import { format, parseISO } from "date-fns";
import type { TestSmtpServer } from "../unit/helpers/smtp";
import { actionIds, callAction } from "./helpers/actions";
import { query } from "./helpers/db";
import { addressOf, person, smtp, test } from "./helpers/inbox";
import { operatorRows, type LeadRow } from "./helpers/operator";
import { chooseDates } from "./helpers/rental-dialog";

// In the order written; a failure retries the file's journeys from the first.
test.describe.configure({ mode: "serial" });

test("a rental request from the header reaches the nearby vendors by email; its status page shows them and withdraws it", async ({
  page,
  browser,
}) => {
  // A name of this attempt's own: a first try's emails may still be arriving.
  const renter = `Morgan Mailtest ${test.info().retry}`;
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
  await dialog.getByPlaceholder("Your name").fill(renter);
  await dialog.getByPlaceholder("Your phone number").fill("(555) 010-7788");
  await dialog.getByLabel("Job Site ZIP Code").fill(zip);
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Thanks! The vendor will contact you shortly about your rental request.")).toBeVisible();
  // Routed by the ZIP (no vendor chosen): they are the vendors near it, and the sentence says no more.
  await expect(page.getByTestId("rental-recipients")).toHaveText(`Your request is going to 3 vendors near ZIP ${zip}.`);

  const lead = (await operatorRows<LeadRow>(page.request, "leads")).find((l) => l.name === renter)!;
  expect(lead).toMatchObject({ location: zip, completed: true, vendor_id: null });
  expect(lead.recipients).toHaveLength(3);
  const vendors = await query<{ email: string }>("select email from public.vendors where id = any($1)", [
    lead.recipients.map((r) => r.vendor_id),
  ]);
  const longDay = (day: string | null) => format(parseISO(day!), "EEEE, MMMM d, yyyy");
  await expect.poll(() => smtp.received.filter((m) => m.text?.includes(renter)).length, { timeout: 30_000 }).toBe(3);
  const mails = smtp.received.filter((m) => m.text?.includes(renter));
  expect(mails.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0].address).sort()).toEqual(vendors.map((v) => v.email).sort());
  for (const mail of mails) {
    expect(mail.text).toContain(`Job site ZIP: ${zip}`);
    expect(mail.text).toContain("Phone: (555) 010-7788");
    expect(mail.text).toContain("Machine: Tracked Skid Steer");
    expect(mail.text).toContain(`Start date: ${longDay(lead.rental_start_date)}`);
    expect(mail.text).toContain(`End date: ${longDay(lead.rental_end_date)}`);
    expect(mail.text).toContain(`Rental days: ${lead.rental_days}`);
    expect(mail.text).toContain(`vendors near ZIP ${zip}`);
    expect(mail.html).toContain(renter);
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

test("a renter who gives an email address gets a copy with each vendor's phone and a status link; Your requests lists it; a bad address changes nothing", async ({
  browser,
  request,
}) => {
  // An address of this attempt's own, given in capitals: the copy goes to it in lower case.
  const given = `Copy.Renter.${test.info().retry}@example.com`;
  const copyTo = given.toLowerCase();
  const [vendor] = await query<{ id: number; name: string; path: string; zip: string }>(`
    select v.id, v.name, '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path, p.code as zip from public.vendors v
    join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
    where s.slug in ('maine', 'new-hampshire', 'rhode-island') order by v.id limit 1`);
  const page = await person(browser, "visitor");
  await test.step("the server refuses a bad address whatever the form let through, and completes nothing", async () => {
    // The server refuses a bad address whatever the form let through, and completes nothing.
    const ids = actionIds();
    const started = await callAction(page.request, ids.startRequest, JSON.stringify([{ vendorId: vendor.id }]));
    const draft = Number(/"leadId":(\d+)/.exec(await started.text())?.[1]);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const refused = await callAction(
      page.request,
      ids.completeRequest,
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
    await dialog.getByLabel("Email (optional)").fill(given);
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByText("Thanks! The vendor will contact you shortly about your rental request.")).toBeVisible();
  });

  const { lead, link } = await test.step("the renter's copy names each vendor with its phone and links the status page", async () => {
    const lead = (await operatorRows<LeadRow>(request, "leads", 1000)).find((l) => l.name === "Copy Keeping Renter")!;
    const vendors = await query<{ name: string; phone: string }>("select name, phone from public.vendors where id = any($1)", [
      lead.recipients.map((r) => r.vendor_id),
    ]);
    let copy: TestSmtpServer["received"][number] | undefined;
    await expect.poll(() => (copy = smtp.received.find((m) => addressOf(m) === copyTo)), { timeout: 15_000 }).toBeTruthy();
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
