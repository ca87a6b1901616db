import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import ICAL from "ical.js";
import { startSmtpServer, type TestSmtpServer } from "../../unit/helpers/smtp";
import { actionIds, callAction, dialogCompletion } from "./actions";
import { query, retryOffset } from "./db";
import { smtpPort } from "./smtp-port";
import { clientAddress, test as base } from "./test";

/**
 * The inboxes of the mail journeys (tests/e2e/mail-*.spec.ts): vendors, businesses and renters are
 * outside the site, so a real SMTP server in this test process stands in for them, on the one port
 * the site under test sends to. The mail project runs its files in one worker, one after another
 * (playwright.config.ts): the worker starts the server once, and every file reads what it received.
 */

let server: TestSmtpServer | undefined;

/** What the inbox has received, and the server's stop and start (a journey can take the mail server down). */
export const smtp = {
  get received() {
    return server!.received;
  },
  close: () => server!.close(),
  async restart() {
    server = await startSmtpServer(smtpPort);
  },
};

export const test = base.extend<object, { inbox: void }>({
  inbox: [
    async ({}, use) => {
      server = await startSmtpServer(smtpPort);
      await use();
      await server.close().catch(() => undefined);
    },
    { scope: "worker", auto: true },
  ],
});

export const addressOf = (mail: TestSmtpServer["received"][number]) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0].address;

/**
 * The newest emailed link of this purpose to this address, once it has arrived: the address may
 * also get requests, with links of their own, from other tests.
 */
export async function emailedLink(to: string, after: number, purpose: "sign_in" | "claim", timeout = 15_000): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = smtp.received
          .slice(after)
          .filter((mail) => addressOf(mail) === to)
          .map((mail) => mail.text?.match(/https?:\/\/\S+\/business\/link\?\S+/)?.[0])
          .filter((found) => found !== undefined && new URL(found).searchParams.get("purpose") === purpose)
          .at(-1);
        return link;
      },
      { timeout },
    )
    .toBeTruthy();
  return new URL(link!).pathname + new URL(link!).search;
}

/** A browser of its own for one person, from an address of its own in this attempt (the tests stand in for the proxy). */
export async function person(browser: Browser, who: string): Promise<Page> {
  return (await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": clientAddress(who) } })).newPage();
}

/** Three listings to claim; a retry of the serial tests below takes three others, as the first try may have claimed these. */
export async function listings() {
  return query<{ id: number; name: string; email: string; path: string; phone: string }>(
    `
    select v.id, v.name, v.email, v.phone, '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path from public.vendors v
    join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
    where v.email is not null and v.site is not null and s.slug in ('alaska', 'hawaii', 'wyoming', 'vermont', 'montana')
    order by v.id limit 3 offset $1`,
    [retryOffset(3)],
  );
}

/** How many CSS pixels the page reaches past a 320 px phone screen: 0 when nothing scrolls sideways. */
export async function pastPhoneWidth(page: Page): Promise<number> {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 740 });
  const past = await page.evaluate(() => document.documentElement.scrollWidth - 320);
  if (viewport) await page.setViewportSize(viewport);
  return Math.max(past, 0);
}

export async function signIn(page: Page, email: string) {
  const before = smtp.received.length;
  await page.goto("/business");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByTestId("notice")).toContainText("Check your email");
  await page.goto(await emailedLink(email, before, "sign_in"));
  await page.getByRole("button", { name: "Sign in and manage my listing" }).click();
  await expect(page.getByTestId("notice")).toHaveText("You are signed in.");
}

export const SAME_ANSWER =
  "Thank you. If this address belongs to the business, we have emailed it a link to claim the listing; otherwise our team will review your claim and reply by email.";

/**
 * A request completed through the site's actions from this browser, starting in 20 days; returns
 * its id. `origin`: the site it is sent to, when not the run's own server.
 */
export async function requestFrom(
  page: Page,
  vendor: { id: number },
  zip: string,
  name: string,
  details: {
    skid_steer_type?: "wheeled" | "tracked";
    phone?: string;
    email?: string;
    widen?: boolean;
    rental_start_date?: string;
    rental_end_date?: string;
  } = {},
  origin?: string,
): Promise<number> {
  const ids = actionIds();
  const started = await callAction(page.request, ids.startRequest, JSON.stringify([{ vendorId: vendor.id }]), { origin });
  const leadId = Number(/"leadId":(\d+)/.exec(await started.text())?.[1]);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const completed = await callAction(
    page.request,
    ids.completeRequest,
    await dialogCompletion(
      page.request,
      ids.estimateRequest,
      {
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
      },
      { origin },
    ),
    { origin },
  );
  expect(await completed.text()).toContain('"ok":true');
  return leadId;
}

/** Fills a booking form's job site details (its "Where and when"). */
export async function fillJobSite(
  form: Locator,
  site = { address: "2200 Ship Channel Road", contact: "Dana Site", phone: "(555) 010-0199" },
) {
  await form.getByLabel("Job site street address").fill(site.address);
  await form.getByLabel("Access notes (gate code, where to drop it)").fill("Gate code 4321; drop it by the north fence");
  await form.getByLabel("Site contact", { exact: true }).fill(site.contact);
  await form.getByLabel("Site contact's phone").fill(site.phone);
  await form.getByLabel("Delivery time you would like").selectOption("morning");
}

/** The calendar invitation a mail carries, read by a real iCalendar parser: its one event's first and last days. */
export function invitationDays(mail: TestSmtpServer["received"][number]): { first: string; last: string; description: string } {
  const calendar = mail.attachments.find((part) => part.contentType.startsWith("text/calendar"));
  expect(calendar, `a calendar invitation in "${mail.subject}"`).toBeTruthy();
  const events = new ICAL.Component(ICAL.parse(calendar!.content.toString("utf8"))).getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  const event = new ICAL.Event(events[0]);
  const last = event.endDate.clone();
  last.adjust(-1, 0, 0, 0);
  return { first: event.startDate.toString(), last: last.toString(), description: event.description };
}
