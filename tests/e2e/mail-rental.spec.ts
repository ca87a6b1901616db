// The rental after the booking, on both sides, each on a server of its own started on a copy of
// the run's database, so that days can pass while it is stopped: the whole rental from booking to
// a disputed bill and the listing's records; and a booking not confirmed in time, released and the
// next quote booked in one tap. The inboxes are a real SMTP server in this test process
// (tests/e2e/helpers/inbox.ts).
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Browser, type Page } from "@playwright/test";
import ICAL from "ical.js";
import { createPGlite } from "../../lib/db/pglite";
import sharp from "sharp";
import type { TestSmtpServer } from "../unit/helpers/smtp";
import { query, retryOffset } from "./helpers/db";
import { addressOf, emailedLink, fillJobSite, pastPhoneWidth, requestFrom, smtp, test } from "./helpers/inbox";
import { answers, startProcess } from "./helpers/processes";
import { smtpPort } from "./helpers/smtp-port";
import { copyTestDatabase } from "./helpers/test-database";
import { clientAddress } from "./helpers/test";

test.describe.configure({ mode: "serial" });

/** The port of the server the release test starts on a database of its own; no other test listens on it. */
const PORT = 3246;

type Mail = TestSmtpServer["received"][number];

/** The first mail to `to` whose subject matches, received after `before`. */
async function mailTo(to: string, subject: RegExp, before: number): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(() => (found = smtp.received.slice(before).find((m) => addressOf(m) === to && subject.test(m.subject ?? ""))), {
      timeout: 30_000,
    })
    .toBeTruthy();
  return found!;
}

/** A phone's photo on disk: a JPEG whose EXIF holds the camera and the place it was taken. */
async function phonePhoto(name: string): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "phone-")), name);
  const jpeg = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 220, g: 160, b: 30 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Pocket 7" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "29/1 45/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "95/1 22/1 0/1" },
    })
    .toBuffer();
  writeFileSync(file, jpeg);
  return file;
}

/** A listing claimed by its business (signed in on `business`), with a nearby vendor its widened requests also reach. */
async function claimedPair(business: Page, states: string[]) {
  const [pair] = await query<{
    a: number;
    a_email: string;
    a_name: string;
    path: string;
    zip: string;
    b: number;
    b_email: string;
    b_name: string;
  }>(
    `select a.id as a, a.email as a_email, a.name as a_name, p.code as zip, b.id as b, b.email as b_email, b.name as b_name,
            '/us/' || s.slug || '/' || c.slug || '/' || a.slug as path
     from public.vendors a join public.postcodes p on p.id = a.postcode_id join public.cities c on c.id = p.city_id
     join public.states s on s.id = c.state_id
     cross join lateral (select v.* from public.vendors_near_zip(p.code, 2, a.id) n join public.vendors v on v.id = n.vendor_id
                         where v.email is not null order by n.distance_miles limit 1) b
     where a.email is not null and a.claimed_at is null and s.slug = any ($1)
     order by a.id desc limit 1 offset $2`,
    // A retry takes the next listing: the servers share the build's page cache, which holds the
    // first try's pages of this one.
    [states, retryOffset()],
  );
  await business.goto(`/business/claim/${pair.a}`);
  const before = smtp.received.length;
  await business.getByLabel("Your email address").fill(pair.a_email);
  await business.getByLabel("Your name").fill("Rental Desk");
  await business.getByRole("button", { name: "Claim this listing" }).click();
  await business.goto(await emailedLink(pair.a_email, before, "claim"));
  await business.getByRole("button", { name: "Claim and manage my listing" }).click();
  await expect(business.getByTestId("notice")).toHaveText("The listing is yours: you can edit it below.");
  return pair;
}

/** The business quotes 3 days at $300 from /business, 24 meter hours included and $45 an hour over. */
async function quoteFromDashboard(business: Page, leadId: number) {
  await business.goto("/business");
  const lead = business.getByTestId("business-lead").filter({ hasText: `#${leadId}` });
  await lead.getByText("Send a quote").click();
  const form = lead.getByTestId("quote-form");
  for (let i = 0; i < 8; i++) {
    await form.getByLabel(`Line ${i + 1}: label`).fill(i === 0 ? "Day" : "");
    await form.getByLabel(`Line ${i + 1}: quantity`).fill(i === 0 ? "3" : "");
    await form.getByLabel(`Line ${i + 1}: unit price in dollars`).fill(i === 0 ? "300" : "");
  }
  await form.getByLabel("Meter hours included").fill("24");
  await form.getByLabel("Each hour over ($)").fill("45");
  await form.getByLabel("Sales tax (%)").fill("");
  await form.getByRole("button", { name: "Send the quote" }).click();
  await expect(business.getByTestId("notice")).toHaveText("Your quote is sent: the renter sees it beside the others and can book it.");
}

/** The built site on a database folder of its own, mailing the test's inbox. */
function startSite(folder: string) {
  const site = `http://127.0.0.1:${PORT}`;
  return startProcess(
    process.execPath,
    ["scripts/start.mjs"],
    {
      PORT: String(PORT),
      HOSTNAME: "127.0.0.1",
      PROXY_HOPS: "1",
      INSECURE_COOKIES: "1",
      PGLITE_DATA_DIR: path.join(folder, "db"),
      PHOTOS_DIR: path.join(folder, "photos"),
      ALLOWED_ORIGINS: site,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      OUTBOX_INTERVAL_SECONDS: "1",
    },
    answers(`${site}/api/health`),
  );
}

/** A browser of its own on the site at `site`, from an address of its own in this attempt. */
async function personAt(browser: Browser, who: string, site: string): Promise<Page> {
  return (await browser.newContext({ baseURL: site, extraHTTPHeaders: { "X-Forwarded-For": clientAddress(who) } })).newPage();
}

/**
 * While the site is stopped, days pass: the rental's first day is today and its confirmed window
 * is open now; and the listing already has two rentals through the site, delivered on time and
 * billed as quoted, made by the product's own calls.
 */
async function daysPass(folder: string, leadId: number, vendor: number, manager: string) {
  const db = await createPGlite({ dataDir: path.join(folder, "db") });
  const shift = `(select start_date - current_date from public.bookings where lead_id = ${Number(leadId)})`;
  await db.exec(`
    update public.leads set rental_start_date = rental_start_date - ${shift}, rental_end_date = rental_end_date - ${shift} where id = ${Number(leadId)};
    update public.bookings set end_date = end_date - (start_date - current_date), start_date = current_date,
      window_start = now() - interval '1 hour', window_end = now() + interval '2 hours' where lead_id = ${Number(leadId)};`);
  const zip = (
    await db.query<{ code: string }>(
      "select p.code from public.vendors v join public.postcodes p on p.id = v.postcode_id where v.id = $1",
      [vendor],
    )
  ).rows[0].code;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  for (let n = 0; n < 2; n++) {
    const owner = randomBytes(32).toString("base64url");
    const id = Number(
      (await db.query<{ id: number }>("select public.create_lead($1, $2, $3) as id", [owner, randomBytes(16).toString("hex"), vendor]))
        .rows[0].id,
    );
    const { text } = (
      await db.query<{ text: string }>(
        "select private.consent_text(array(select v.name from public.lead_route($1, $2, false) r join public.vendors v on v.id = r.vendor_id order by r.rank)) as text",
        [zip, vendor],
      )
    ).rows[0];
    await db.query(
      "select public.complete_lead($1, $2, 'wheeled', $3::date, $4::date, 'Earlier Renter', '(555) 010-7272', $5, false, false, null, $6::jsonb, $7)",
      [id, owner, day(5), day(6), zip, JSON.stringify({ text, page: "/us" }), randomBytes(16).toString("hex")],
    );
    const lines = [{ kind: "rental", label: "Day", quantity: 2, unit_cents: 30000 }];
    const q = (
      await db.query<{ q: { id: number } }>("select public.business_save_quote($1, $2, $3, $4::jsonb) as q", [
        manager,
        vendor,
        id,
        JSON.stringify({ machine_class: "medium", available: true, lines, total_cents: 60000 }),
      ])
    ).rows[0].q;
    await db.query("select public.renter_book_quote($1, $2, null, $3, '1 Earlier Road', null, 'Earlier Site', '555-010-7373', 'any')", [
      id,
      owner,
      q.id,
    ]);
    await db.query("select public.business_confirm_window($1, $2, $3, $4::date, '08:00', '12:00')", [manager, vendor, id, day(5)]);
    await db.query(
      "update public.bookings set window_start = now() - interval '1 hour', window_end = now() + interval '2 hours' where lead_id = $1",
      [id],
    );
    await db.query("select public.business_deliver($1, $2, $3, 10, 8, $4)", [
      manager,
      vendor,
      id,
      [`rentals/${id}/delivery-${"e".repeat(24)}.jpg`],
    ]);
    await db.query("select public.business_pick_up($1, $2, $3, 20, 8, $4)", [
      manager,
      vendor,
      id,
      [`rentals/${id}/pickup-${"f".repeat(24)}.jpg`],
    ]);
    await db.query("select public.business_send_bill($1, $2, $3)", [manager, vendor, id]);
  }
  await db.close();
}

test("the whole rental: booked, window confirmed, delivered with phone photos (stripped of location), extended, called off, picked up over the included hours, billed with a damage line the renter disputes; the listing's two records appear", async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const folder = mkdtempSync(path.join(tmpdir(), "rental-"));
  await copyTestDatabase(path.join(folder, "db"));
  const site = `http://127.0.0.1:${PORT}`;
  let server = await startSite(folder);
  try {
    const business = await personAt(browser, "business", site);
    const renter = await personAt(browser, "renter", site);
    const pair = await claimedPair(business, ["nebraska", "iowa", "kansas"]);
    const manager = pair.a_email.toLowerCase();
    const renterEmail = `rental.renter.${Date.now()}@example.com`;
    const leadId = await requestFrom(renter, { id: pair.a }, pair.zip, "Rental Renter", { email: renterEmail }, site);
    await quoteFromDashboard(business, leadId);
    let start = "";

    await test.step("the renter books with the job site's details; the vendor is emailed them and the window's deadline", async () => {
      await renter.goto(`/requests/${leadId}`);
      const quote = renter.getByTestId("quote").filter({ hasText: pair.a_name });
      await quote.getByText("Book this quote").click();
      // Without the job site's details the browser stops the booking before it is sent.
      await quote.getByRole("button", { name: "Confirm booking" }).click();
      await expect(renter.getByTestId("booking")).toHaveCount(0);
      await fillJobSite(quote);
      expect(await pastPhoneWidth(renter)).toBe(0);
      const before = smtp.received.length;
      await quote.getByRole("button", { name: "Confirm booking" }).click();
      await expect(renter.getByTestId("notice")).toContainText("Booked.");
      await expect(renter.getByTestId("rental-stage")).toContainText("Waiting for the vendor to confirm a delivery window, by");
      const booked = await mailTo(pair.a_email, /^Booked: rental request/, before);
      expect(booked.text).toContain("2200 Ship Channel Road");
      expect(booked.text).toContain("Gate code 4321");
      expect(booked.text).toContain("Dana Site, (555) 010-0199");
      expect(booked.text).toMatch(/Confirm a delivery window \(at most 4 hours\) on your business page by /);
      start = booked.subject!.match(/(\d{4}-\d{2}-\d{2}) to/)![1];
    });

    await test.step("the vendor's window is refused over 4 hours, then confirmed; the renter's invitation is the same event, updated", async () => {
      await business.goto("/business");
      const form = () =>
        business
          .getByTestId("business-lead")
          .filter({ hasText: `#${leadId}` })
          .getByTestId("confirm-window");
      await expect(
        business
          .getByTestId("business-lead")
          .filter({ hasText: `#${leadId}` })
          .getByTestId("rental-steps"),
      ).toContainText("2200 Ship Channel Road");
      await form().getByLabel("Day").fill(start);
      await form().getByLabel("From").fill("07:00");
      await form().getByLabel("To").fill("12:00");
      await form().getByRole("button", { name: "Confirm the window" }).click();
      await expect(business.getByTestId("notice")).toHaveText("A delivery window ends after it starts, and is at most 4 hours.");
      const before = smtp.received.length;
      await form().getByLabel("Day").fill(start);
      await form().getByLabel("From").fill("08:00");
      await form().getByLabel("To").fill("11:00");
      await form().getByRole("button", { name: "Confirm the window" }).click();
      await expect(business.getByTestId("notice")).toHaveText(
        "The delivery window is confirmed: the renter is told, with the calendar invitation updated.",
      );
      // Not before the window's day: the renter can still cancel until then.
      await business
        .getByTestId("business-lead")
        .filter({ hasText: `#${leadId}` })
        .getByRole("button", { name: "On the way" })
        .click();
      await expect(business.getByTestId("notice")).toHaveText(
        "The machine can be marked on its way or delivered from the delivery window's day on.",
      );
      const mail = await mailTo(renterEmail, /^Delivery confirmed/, before);
      expect(mail.text).toContain("8:00 AM to 11:00 AM");
      const booking = smtp.received.find((m) => addressOf(m) === renterEmail && /is booked/.test(m.subject ?? ""))!;
      const event = (m: Mail) =>
        new ICAL.Event(
          new ICAL.Component(
            ICAL.parse(m.attachments.find((a) => a.contentType.startsWith("text/calendar"))!.content.toString("utf8")),
          ).getFirstSubcomponent("vevent")!,
        );
      expect(event(mail).uid).toBe(event(booking).uid);
      expect(event(mail).sequence).toBeGreaterThan(event(booking).sequence);
      expect(event(mail).location).toBe("2200 Ship Channel Road");
    });

    await test.step("days pass while the site is stopped: the window is open now, and the listing has two earlier rentals", async () => {
      await server.stop();
      await daysPass(folder, leadId, pair.a, manager);
      server = await startSite(folder);
      await renter.goto(pair.path);
      // Two completed rentals are not yet enough for the records.
      await expect(renter.getByTestId("rental-records")).toHaveCount(0);
    });

    await test.step("on its way, then delivered with the meter, the fuel and two photos from the phone's camera", async () => {
      let before = smtp.received.length;
      await business.goto("/business");
      await business
        .getByTestId("business-lead")
        .filter({ hasText: `#${leadId}` })
        .getByRole("button", { name: "On the way" })
        .click();
      await expect(business.getByTestId("notice")).toHaveText("Marked on the way: the renter is told.");
      await mailTo(renterEmail, /^On the way/, before);
      const steps = () =>
        business
          .getByTestId("business-lead")
          .filter({ hasText: `#${leadId}` })
          .getByTestId("rental-steps");
      await steps().getByText("Delivered", { exact: true }).click();
      const camera = steps().getByTestId("deliver").getByLabel("Take photos");
      await expect(camera).toHaveAttribute("capture", "environment");
      await expect(camera).toHaveAttribute("accept", "image/*");
      // A text file named like a photo is refused by its content.
      const fake = path.join(mkdtempSync(path.join(tmpdir(), "fake-")), "photo.jpg");
      writeFileSync(fake, "not a photo");
      await steps().getByLabel("Hour meter").fill("1204.5");
      await camera.setInputFiles(fake);
      await steps().getByRole("button", { name: "Mark delivered" }).click();
      await expect(business.getByTestId("notice")).toHaveText("That file is not a photo: choose a JPEG, PNG, WebP or HEIC image.");
      before = smtp.received.length;
      await steps().getByText("Delivered", { exact: true }).click();
      await steps().getByLabel("Hour meter").fill("1204.5");
      await steps().getByLabel("Fuel").selectOption("3/4");
      await steps()
        .getByLabel("Take photos")
        .setInputFiles([await phonePhoto("IMG_0001.JPG"), await phonePhoto("IMG_0002.JPG")]);
      await steps().getByRole("button", { name: "Mark delivered" }).click();
      await expect(business.getByTestId("notice")).toHaveText("Marked delivered: the renter is told, and sees your readings and photos.");
      await expect(steps().getByTestId("rental-delivered")).toContainText("hour meter 1204.5 · fuel 3/4");
      const mail = await mailTo(renterEmail, /^Delivered/, before);
      expect(mail.text).toContain("Hour meter: 1204.5");
    });

    await test.step("the renter sees the photos, without their location or camera, only through a signed address, and confirms it arrived", async () => {
      await renter.goto(`/requests/${leadId}`);
      await expect(renter.getByTestId("delivery-readings")).toContainText("Hour meter at delivery: 1204.5. Fuel: 3/4.");
      const images = renter.getByTestId("rental-photos").getByRole("img");
      await expect(images).toHaveCount(2);
      const src = (await images.first().getAttribute("src"))!;
      const photo = await renter.request.get(src);
      expect(photo.status()).toBe(200);
      const body = await photo.body();
      const meta = await sharp(body).metadata();
      expect(meta.exif).toBeUndefined();
      expect(Math.max(meta.width!, meta.height!)).toBe(1600);
      expect(body.includes(Buffer.from("PhoneMaker"))).toBe(false);
      // Another's guess at the address (an altered signature, or none) answers like an unknown photo.
      const url = new URL(src, site);
      expect((await renter.request.get(url.pathname)).status()).toBe(404);
      url.searchParams.set("signature", "A".repeat(43));
      expect((await renter.request.get(url.pathname + url.search)).status()).toBe(404);
      expect(await pastPhoneWidth(renter)).toBe(0);
      await renter.getByRole("button", { name: "Arrived" }).click();
      await expect(renter.getByTestId("notice")).toHaveText("Thank you: the machine is marked arrived.");
    });

    await test.step("the renter asks to extend by two days at the quote's rate; the vendor accepts; the invitation moves", async () => {
      await renter.getByText("Extend the rental").click();
      const end = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
      await renter.getByLabel("Keep it until").fill(end);
      await renter.getByRole("button", { name: "Ask to extend" }).click();
      await expect(renter.getByTestId("notice")).toHaveText(
        "Your extension is asked: the vendor accepts or declines it, and you are told.",
      );
      await expect(renter.getByTestId("extension")).toContainText("(2 days, $600.00 before tax): waiting for the vendor");
      const before = smtp.received.length;
      await business.goto("/business");
      await business.getByTestId("extension-ask").getByRole("button", { name: "Accept the extension" }).click();
      await expect(business.getByTestId("notice")).toContainText("Extension accepted");
      const answered = await mailTo(renterEmail, /accepted your extension/, before);
      expect(answered.attachments.some((a) => a.contentType.startsWith("text/calendar"))).toBe(true);
    });

    await test.step("the renter calls it off: the number is given at once; the vendor picks it up over the included hours", async () => {
      await renter.goto(`/requests/${leadId}`);
      await renter.getByText("Call the rental off now").click();
      await renter.getByRole("button", { name: "Call it off" }).click();
      await expect(renter.getByTestId("call-off")).toContainText(`call-off number CO-${leadId}-`);
      const steps = () =>
        business
          .getByTestId("business-lead")
          .filter({ hasText: `#${leadId}` })
          .getByTestId("rental-steps");
      await business.goto("/business");
      await expect(steps().getByTestId("rental-called-off")).toContainText(`CO-${leadId}-`);
      const calledOff = await mailTo(pair.a_email, /^Called off: rental request/, 0);
      expect(calledOff.attachments.some((part) => part.contentType.startsWith("text/calendar"))).toBe(true);
      await steps().getByText("Picked up", { exact: true }).click();
      // Below the delivery's reading: refused, nothing changed.
      await steps()
        .getByTestId("pick-up")
        .getByLabel("Hour meter")
        .evaluate((input: HTMLInputElement) => input.removeAttribute("min"));
      await steps().getByTestId("pick-up").getByLabel("Hour meter").fill("1200");
      await steps()
        .getByTestId("pick-up")
        .getByLabel("Take photos")
        .setInputFiles(await phonePhoto("IMG_0003.JPG"));
      await steps().getByRole("button", { name: "Record the pickup" }).click();
      await expect(business.getByTestId("notice")).toHaveText("The hour meter cannot read less than it did at delivery.");
      await steps().getByText("Picked up", { exact: true }).click();
      // 60 hours used; the 24 included for the 3 days quoted grew to 40 with the 2 extended days: 20 over at $45.
      await steps().getByTestId("pick-up").getByLabel("Hour meter").fill("1264.5");
      await steps()
        .getByTestId("pick-up")
        .getByLabel("Take photos")
        .setInputFiles(await phonePhoto("IMG_0003.JPG"));
      await steps().getByRole("button", { name: "Record the pickup" }).click();
      await expect(business.getByTestId("notice")).toContainText("Pickup recorded");
      await expect(steps().getByTestId("bill")).toContainText("20 meter hours over the 40 included");
      await expect(steps().getByTestId("bill")).toContainText("$900.00");
    });

    await test.step("the vendor adds a damage line with a photo and sends the bill; the renter disputes it; the records appear", async () => {
      const steps = () =>
        business
          .getByTestId("business-lead")
          .filter({ hasText: `#${leadId}` })
          .getByTestId("rental-steps");
      await steps().getByText("Add a line (damage, cleaning, fuel)").click();
      const form = steps().getByTestId("add-line");
      await form.getByLabel("For").selectOption("damage");
      await form.getByLabel("Line").fill("Bent bucket edge");
      await form.getByLabel("Amount ($)").fill("480");
      await form.getByLabel("Reason").fill("The bucket edge was bent on return");
      await form.getByLabel("Take photos").setInputFiles(await phonePhoto("IMG_0004.JPG"));
      await form.getByRole("button", { name: "Add the line" }).click();
      await expect(business.getByTestId("notice")).toContainText("Line added");
      expect(await pastPhoneWidth(business)).toBe(0);
      const before = smtp.received.length;
      await steps().getByRole("button", { name: "Send the bill" }).click();
      await expect(business.getByTestId("notice")).toHaveText("The bill is sent: the renter is told.");
      await mailTo(renterEmail, /^Your final bill/, before);

      await renter.goto(`/requests/${leadId}`);
      const line = renter.getByTestId("bill-line").filter({ hasText: "Bent bucket edge" });
      await expect(line.getByTestId("not-in-quote")).toHaveText("Not in your quote");
      await expect(line.getByRole("img")).toHaveCount(1);
      expect(await pastPhoneWidth(renter)).toBe(0);
      await line.getByLabel("Why do you dispute it?").fill("It was bent when it came");
      const disputed = smtp.received.length;
      await line.getByRole("button", { name: "Dispute this line" }).click();
      await expect(renter.getByTestId("notice")).toHaveText(
        "Your dispute is sent to the vendor, and our team can see it with its evidence.",
      );
      await expect(renter.getByTestId("bill-line").filter({ hasText: "Bent bucket edge" }).getByTestId("disputed")).toContainText(
        "It was bent when it came",
      );
      await mailTo(pair.a_email, /^Disputed:/, disputed);
      // The printable bill, and the listing's records: 3 rentals, all on time, 2 billed as quoted.
      await renter.getByRole("link", { name: "Print the bill" }).click();
      await expect(renter.getByTestId("printable-bill")).toContainText("Bent bucket edge");
      await renter.goto(pair.path);
      const records = renter.getByTestId("rental-records");
      await expect(records).toContainText("Delivered on time: 3 of 3 rentals");
      await expect(records).toContainText("Final bill matched the quote: 2 of 3");
      await expect(renter.getByTestId("rental-records-explained")).toBeVisible();
    });
  } finally {
    await server.stop();
  }
});

/**
 * A request of this browser's owner token, sent to ZIP 77002's vendors, quoted by two of them and
 * booked (the first quote) with the job site's details, in the database folder `folder` while no
 * server runs; then the vendor's time to confirm a window runs out (its deadline a minute ago).
 */
async function bookedAndOverdue(folder: string, owner: string) {
  const db = await createPGlite({ dataDir: folder });
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0];
  const zip = "77002";
  const route = (
    await db.query<{ id: number; name: string }>(
      "select r.vendor_id as id, v.name from public.lead_route($1, null, true) r join public.vendors v on v.id = r.vendor_id order by r.rank",
      [zip],
    )
  ).rows;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const { id } = await one<{ id: number }>("select public.create_lead($1, $2, null) as id", [owner, randomBytes(16).toString("hex")]);
  const { text } = await one<{ text: string }>("select private.consent_text($1::text[]) as text", [route.map((v) => v.name)]);
  const renterEmail = `released.renter.${Date.now()}@example.com`;
  await db.query(
    "select public.complete_lead($1, $2, 'tracked', $3::date, $4::date, 'Released Renter', '(555) 010-7171', $5, true, false, $6, $7::jsonb, $8)",
    [id, owner, day(9), day(11), zip, renterEmail, JSON.stringify({ text, page: "/us/texas/houston" }), randomBytes(16).toString("hex")],
  );
  const quotes: Array<{ vendor: { id: number; name: string; email: string }; quote: number }> = [];
  for (const [i, vendor] of route.slice(0, 2).entries()) {
    const email = `desk-${vendor.id}-${Date.now()}@vendors.example`;
    await db.query("update public.vendors set email = $2 where id = $1", [vendor.id, email]);
    await db.query("insert into public.vendor_managers (vendor_id, email, role, added_by) values ($1, $2, 'colleague', 'test')", [
      vendor.id,
      email,
    ]);
    const lines = [{ kind: "rental", label: "Day", quantity: 3, unit_cents: 30_000 + i * 3_000 }];
    const { q } = await one<{ q: { id: number } }>("select public.business_save_quote($1, $2, $3, $4::jsonb) as q", [
      email,
      vendor.id,
      id,
      JSON.stringify({ machine_class: "track", available: true, lines, total_cents: 90_000 + i * 9_000 }),
    ]);
    quotes.push({ vendor: { ...vendor, email }, quote: Number(q.id) });
  }
  await db.query(
    "select public.renter_book_quote($1, $2, null, $3, '2200 Ship Channel Road', 'Gate code 4321', 'Dana Site', '(555) 010-0199', 'morning')",
    [id, owner, quotes[0].quote],
  );
  await db.query("update public.bookings set confirm_by = now() - interval '1 minute' where lead_id = $1", [id]);
  await db.close();
  return { id: Number(id), renterEmail, first: quotes[0].vendor, next: quotes[1].vendor };
}

test("a booking the vendor does not confirm in time is released: the renter is told and books the next quote in one tap", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // The time to confirm runs out while no server runs: the site, started then, releases the booking on its timer.
  const folder = mkdtempSync(path.join(tmpdir(), "released-"));
  await copyTestDatabase(path.join(folder, "db"));
  const owner = randomBytes(32).toString("base64url");
  const booking = await bookedAndOverdue(path.join(folder, "db"), owner);
  const site = `http://127.0.0.1:${PORT}`;
  const before = smtp.received.length;
  const server = await startSite(folder);
  try {
    const toRenter = await mailTo(booking.renterEmail, /did not confirm your delivery: book the next quote/, before);
    await mailTo(booking.first.email, /^Released: rental request/, before);
    const renter = await (await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": clientAddress("renter") } })).newPage();
    await renter.context().addCookies([{ name: "lead_owner", value: owner, url: site }]);
    const next = new URL(toRenter.text!.match(/Book the next quote: (\S+)/)![1]);
    await renter.goto(`${site}${next.pathname}${next.search}`);
    const released = renter.getByTestId("released");
    await expect(released).toContainText(`${booking.first.name} did not confirm a delivery window in time`);
    await expect(released).toContainText(`The next quote is ${booking.next.name}'s, for $990.00, delivered to 2200 Ship Channel Road.`);
    expect(await pastPhoneWidth(renter)).toBe(0);
    const rebooked = smtp.received.length;
    await released.getByRole("button", { name: "Book the next quote" }).click();
    await expect(renter.getByTestId("notice")).toContainText("Booked.");
    await expect(renter.getByTestId("booking")).toContainText(`Booked with ${booking.next.name}`);
    const toNext = await mailTo(booking.next.email, /^Booked: rental request/, rebooked);
    expect(toNext.text).toContain("2200 Ship Channel Road");
    expect(toNext.text).toContain("Gate code 4321");
    // The released vendor is not told again that the renter chose another.
    await renter.waitForTimeout(3_000);
    expect(smtp.received.slice(rebooked).filter((m) => addressOf(m) === booking.first.email)).toEqual([]);
  } finally {
    await server.stop();
  }
});
