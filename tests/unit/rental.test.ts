import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addBillLine,
  answerBillLine,
  answerExtension,
  callOffRental,
  confirmWindow,
  deliverMachine,
  dispatchMachine,
  extendRental,
  pickUpMachine,
  releaseOverdueBookings,
  reportProblem,
  sendBill,
} from "@/lib/requests/data";
import { deleteQueuedPhotos, photoAddresses, preparePhotos, signedPhoto, storePhotos } from "@/lib/storage/photos";
import { book, jobSite, manageListing, sendQuote, sendRequest, useDatabase } from "./helpers/factories";
import { outcome } from "./helpers/request-life";
import { freshDb, isoDay } from "./helpers/db";

let db: PGlite;
const photosDir = mkdtempSync(path.join(tmpdir(), "rental-photos-"));
const env = process.env as Record<string, string | undefined>;
const before = env.PHOTOS_DIR;
beforeAll(async () => {
  db = await freshDb(true);
  useDatabase(db);
  env.PHOTOS_DIR = photosDir;
});
afterAll(() => {
  env.PHOTOS_DIR = before;
});

const inspect = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;

/** A phone photo: a JPEG whose EXIF holds the camera and where it was taken. */
async function phonePhoto(width = 3000, height = 2000): Promise<File> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 150, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Pocket 7" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "29/1 45/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "95/1 22/1 0/1" },
    })
    .toBuffer();
  return new File([new Uint8Array(jpeg)], "IMG_0001.JPG", { type: "image/jpeg" });
}

/** A request booked with its booked vendor's manager, from a browser of its own. */
async function booked(start = 4) {
  const request = await sendRequest({ start, days: 3, email: `renter-${start}-${Date.now()}@rental.example` });
  const vendor = request.vendors[0];
  const manager = await manageListing(db, vendor);
  const quote = await sendQuote(manager, vendor, request.id);
  await book(request, quote.id);
  return { request, vendor, manager, quote };
}

/**
 * The window's day comes: the confirmed window moved to start now, as days passing would. Now, not
 * later: it is today where the job site is at any hour, which an hour from now may not be.
 */
const windowToday = (lead: number) =>
  db.query("update public.bookings set window_start = now(), window_end = now() + interval '2 hours' where lead_id = $1", [lead]);

describe("a rental's photos", () => {
  it("are stored without their metadata (no location, no camera), at most 1600 pixels, as JPEG, whatever they were", async () => {
    const original = await phonePhoto();
    const before = await sharp(Buffer.from(await original.arrayBuffer())).metadata();
    expect(before.exif?.includes(Buffer.from("PhoneMaker"))).toBe(true);
    const prepared = await preparePhotos([original]);
    if (typeof prepared === "string") throw new Error(prepared);
    const after = await sharp(prepared[0]).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(Math.max(after.width!, after.height!)).toBe(1600);
    expect(prepared[0].includes(Buffer.from("PhoneMaker"))).toBe(false);
  });

  it("are refused by content, not name: a text file called .jpg, a ninth photo, one over 10 MB", async () => {
    const fake = new File(["not a photo at all"], "photo.jpg", { type: "image/jpeg" });
    expect(await preparePhotos([fake])).toBe("photo-not-image");
    const one = await phonePhoto(40, 30);
    expect(await preparePhotos(Array.from({ length: 9 }, () => one))).toBe("photos-too-many");
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.jpg", { type: "image/jpeg" });
    expect(await preparePhotos([huge])).toBe("photo-too-large");
  });

  it("open only through their signed, expiring address; an altered or expired one answers like an unknown one", async () => {
    const prepared = await preparePhotos([await phonePhoto(40, 30)]);
    if (typeof prepared === "string") throw new Error(prepared);
    const [key] = await storePhotos(987, "delivery", prepared);
    const [address] = await photoAddresses([key]);
    const url = new URL(address, "http://site.example");
    expect(url.pathname).toBe(`/api/photos/${key}`);
    const [expires, signature] = [url.searchParams.get("expires"), url.searchParams.get("signature")];
    expect(await signedPhoto(key, expires, signature)).toEqual(prepared[0]);
    expect(await signedPhoto(key, expires, `${signature!.slice(0, -2)}AA`)).toBeNull();
    expect(await signedPhoto(key, String(Number(expires) + 60), signature)).toBeNull();
    expect(await signedPhoto(key, String(Math.floor(Date.now() / 1000) - 1), signature)).toBeNull();
    expect(await signedPhoto(key.replace("987", "988"), expires, signature)).toBeNull();
    expect(await signedPhoto("../../etc/passwd", expires, signature)).toBeNull();
  });
});

describe("where and when", () => {
  it("a booking holds the job site; its window is due within 4 business hours (8 to 6, Monday to Friday, the vendor's time) and 24 hours before the start", async () => {
    const { request } = await booked(10);
    const [row] = await inspect<{ site_address: string; access_notes: string; confirm_by: Date; booked_at: Date }>(
      "select site_address, access_notes, confirm_by, booked_at from public.bookings where lead_id = $1",
      [request.id],
    );
    expect(row.site_address).toBe(jobSite.site_address);
    expect(row.access_notes).toBe(jobSite.access_notes);
    expect(row.confirm_by.getTime()).toBeGreaterThan(row.booked_at.getTime() + 3_599_000);
    // Friday 4 pm in Houston: 2 hours that day, 2 on Monday from 8 am.
    const [{ due }] = await inspect<{ due: Date }>(
      "select private.business_hours_after($1, '2027-03-05 16:00 America/Chicago', 4) as due",
      [request.vendors[0]],
    );
    expect(due.toISOString()).toBe("2027-03-08T16:00:00.000Z");
  });

  it("a vendor's business hours are its listing's opening hours as its business wrote them, else 8 to 6 on weekdays", async () => {
    const read = async (text: string | null) =>
      (await inspect<{ week: unknown }>("select private.opening_hours($1) as week", [text]))[0].week;
    expect(await read("Mon-Fri 7am-5pm, Sat 8am-12pm")).toEqual([
      [420, 1020],
      [420, 1020],
      [420, 1020],
      [420, 1020],
      [420, 1020],
      [480, 720],
      null,
    ]);
    expect(await read("Weekdays 7:00-17:30; Sun closed")).toEqual([
      [420, 1050],
      [420, 1050],
      [420, 1050],
      [420, 1050],
      [420, 1050],
      null,
      null,
    ]);
    expect(await read("Tues to Thurs 8-4")).toEqual([null, [480, 960], [480, 960], [480, 960], null, null, null]);
    // What cannot be read whole is not guessed at.
    for (const text of ["Call us", "Mon-Fri 9am-5pm, by appointment", "Fri-Mon 8-4", "Mon 5pm-9am", "", null])
      expect(await read(text)).toBeNull();
    const { request } = await booked(12);
    const vendor = request.vendors[0];
    const due = async (hours: string | null) => {
      await db.query("update public.vendors set hours = $2 where id = $1", [vendor, hours]);
      const [row] = await inspect<{ due: Date }>("select private.business_hours_after($1, '2027-03-05 16:00 America/Chicago', 4) as due", [
        vendor,
      ]);
      return row.due.toISOString();
    };
    // Friday 4 pm in Houston: 1 hour that day and 3 on Saturday morning from 8.
    expect(await due("Mon-Fri 7am-5pm, Sat 8am-12pm")).toBe("2027-03-06T17:00:00.000Z");
    // Hours it cannot read: 8 to 6 on weekdays, 2 hours on Friday and 2 on Monday.
    expect(await due("Open when the gate is")).toBe("2027-03-08T16:00:00.000Z");
  });

  it("the booked vendor's window: refused when over 4 hours, past, on another day, or by anyone else", async () => {
    const { request, vendor, manager } = await booked(6);
    const start = isoDay(6);
    const other = request.vendors[1];
    const otherManager = await manageListing(db, other);
    expect(await outcome(confirmWindow(otherManager, other, request.id, start, "08:00", "10:00"))).toBe("no-request");
    expect(await outcome(confirmWindow(manager, vendor, request.id, start, "08:00", "12:30"))).toBe("window-too-long");
    expect(await outcome(confirmWindow(manager, vendor, request.id, start, "10:00", "09:00"))).toBe("window-too-long");
    expect(await outcome(confirmWindow(manager, vendor, request.id, isoDay(-1), "08:00", "10:00"))).toBe("window-past");
    expect(await outcome(confirmWindow(manager, vendor, request.id, isoDay(8), "08:00", "10:00"))).toBe("window-day");
    expect(await outcome(dispatchMachine(manager, vendor, request.id))).toBe("window-unconfirmed");
    const rental = await confirmWindow(manager, vendor, request.id, start, "08:00", "12:00");
    expect([rental.window_day, rental.window_from, rental.window_to, rental.sequence]).toEqual([start, "08:00", "12:00", 1]);
    expect(await outcome(confirmWindow(manager, vendor, request.id, start, "09:00", "10:00"))).toBe("window-confirmed");
    const [message] = await inspect<{ n: number }>(
      "select count(*)::int as n from public.outbox_messages where lead_id = $1 and kind = 'window_confirmed'",
      [request.id],
    );
    expect(message.n).toBe(1);
  });
});

describe("delivery", () => {
  it("needs the readings and 1 to 8 photos; the renter then confirms or reports, once", async () => {
    const { request, vendor, manager } = await booked(6);
    await confirmWindow(manager, vendor, request.id, isoDay(6), "08:00", "12:00");
    // Not before the window's day: the renter can still cancel until then.
    expect(await outcome(dispatchMachine(manager, vendor, request.id))).toBe("too-early");
    await windowToday(request.id);
    expect(await outcome(dispatchMachine(manager, vendor, request.id))).toBe("done");
    expect(await outcome(dispatchMachine(manager, vendor, request.id))).toBe("already-on-the-way");
    const paths = (n: number) => Array.from({ length: n }, (_, i) => `rentals/${request.id}/delivery-${String(i).padStart(24, "0")}.jpg`);
    expect(await outcome(deliverMachine(manager, vendor, request.id, 1200.5, 8, []))).toBe("photos-missing");
    expect(await outcome(deliverMachine(manager, vendor, request.id, 1200.5, 8, paths(9)))).toBe("photos-too-many");
    expect(await outcome(deliverMachine(manager, vendor, request.id, -3, 8, paths(1)))).toBe("reading-invalid");
    expect(await outcome(deliverMachine(manager, vendor, request.id, 1200.5, 9, paths(1)))).toBe("fuel-invalid");
    const delivered = await deliverMachine(manager, vendor, request.id, 1200.5, 6, paths(2));
    expect([delivered.delivery_hours, delivered.delivery_fuel, delivered.photos.length]).toEqual([1200.5, 6, 2]);
    const proof = { ownerToken: request.browser.token, linkHash: null };
    expect(await outcome(reportProblem(request.id, "damaged", "Dented bucket", [], proof))).toBe("photos-missing");
    expect(await outcome(reportProblem(request.id, "stolen", "?", [], proof))).toBe("problem-invalid");
    expect(await outcome(reportProblem(request.id, "damaged", "", paths(0), proof))).toBe("problem-note");
    expect(await outcome(reportProblem(request.id, "not_arrived", "Nothing here", [], { ...proof, ownerToken: "someone-else" }))).toBe(
      "no-request",
    );
    expect(await outcome(reportProblem(request.id, "not_arrived", "Nothing at the gate", [], proof))).toBe("done");
    expect(await outcome(reportProblem(request.id, "damaged", "Also dented", [], proof))).toBe("problem-reported");
    const told = await inspect<{ kind: string }>("select kind from public.outbox_messages where lead_id = $1 order by id", [request.id]);
    expect(told.map((m) => m.kind)).toEqual(expect.arrayContaining(["on_the_way", "delivered", "problem_reported"]));
  });
});

describe("a booking not confirmed in time", () => {
  it("is released: the renter and the vendor are told, the other quotes open again, and the next one is booked", async () => {
    const request = await sendRequest({ start: 5, days: 2, widen: true, email: "quinn@release.example" });
    const [first, second] = request.vendors;
    const firstQuote = await sendQuote(await manageListing(db, first), first, request.id);
    const secondQuote = await sendQuote(await manageListing(db, second), second, request.id);
    await book(request, firstQuote.id);
    await db.query("update public.bookings set confirm_by = now() - interval '1 minute' where lead_id = $1", [request.id]);
    expect(await releaseOverdueBookings()).toBeGreaterThanOrEqual(1);
    const [lead] = await inspect<{ state: string }>("select state from public.leads where id = $1", [request.id]);
    expect(lead.state).toBe("sent");
    const quotes = await inspect<{ id: number; status: string }>("select id, status from public.quotes where lead_id = $1 order by id", [
      request.id,
    ]);
    expect(quotes.map((q) => [Number(q.id), q.status])).toEqual([
      [firstQuote.id, "closed"],
      [secondQuote.id, "open"],
    ]);
    const told = await inspect<{ kind: string }>(
      "select kind from public.outbox_messages where lead_id = $1 and kind like 'released%' order by kind",
      [request.id],
    );
    expect(told.map((m) => m.kind)).toEqual(["released_renter", "released_vendor"]);
    expect(await outcome(book(request, firstQuote.id))).toBe("quote-closed");
    await book(request, secondQuote.id);
    const [again] = await inspect<{ vendor_id: number }>("select vendor_id from public.bookings where lead_id = $1", [request.id]);
    expect(Number(again.vendor_id)).toBe(second);
    // Released once: the job finds nothing more to do for it.
    await releaseOverdueBookings();
    const [still] = await inspect<{ state: string }>("select state from public.leads where id = $1", [request.id]);
    expect(still.state).toBe("booked");
  });
});

describe("erasure", () => {
  it("takes a rental's photos with it: their rows at once, their files by the job round", async () => {
    const { request, vendor, manager } = await booked(6);
    await confirmWindow(manager, vendor, request.id, isoDay(6), "08:00", "12:00");
    await windowToday(request.id);
    const prepared = await preparePhotos([await phonePhoto(40, 30)]);
    if (typeof prepared === "string") throw new Error(prepared);
    const stored = await storePhotos(request.id, "delivery", prepared);
    await deliverMachine(manager, vendor, request.id, 10, 8, stored);
    expect(existsSync(path.join(photosDir, stored[0]))).toBe(true);
    await db.query("select public.operator_erase_person($1, null, 'test')", [
      (await inspect<{ phone: string }>("select phone from public.leads where id = $1", [request.id]))[0].phone,
    ]);
    expect(await inspect("select 1 from public.rental_photos where lead_id = $1", [request.id])).toEqual([]);
    expect(await deleteQueuedPhotos()).toBeGreaterThanOrEqual(1);
    expect(existsSync(path.join(photosDir, stored[0]))).toBe(false);
    expect(await inspect("select 1 from private.photo_deletions where path = $1", [stored[0]])).toEqual([]);
  });

  it("takes each deleted file off the queue once, whatever else the paths hold", async () => {
    const queued = [1, 2].map(() => `rentals/0/delivery-${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}.jpg`);
    await db.query("insert into private.photo_deletions (path) select unnest($1::text[])", [queued]);
    const done = async (paths: Array<string | null> | null) =>
      (await inspect<{ n: number }>("select public.photo_deletions_done($1) as n", [paths]))[0].n;
    expect(await done([queued[0], queued[0], null, "rentals/0/delivery-never-queued.jpg"])).toBe(1);
    expect(await done([])).toBe(0);
    expect(await done(null)).toBe(0);
    expect(await inspect("select path from private.photo_deletions where path = any($1)", [queued])).toEqual([{ path: queued[1] }]);
  });
});

describe("after delivery: extension, call-off, pickup and the final bill", () => {
  /** A rental delivered (hour meter 100), with its window confirmed for today; the quote: 3 days at $300, delivery, 24 hours included, $45 an hour over, 8.25 % tax. */
  async function delivered() {
    const { request, vendor, manager, quote } = await booked(4);
    await confirmWindow(manager, vendor, request.id, isoDay(4), "08:00", "12:00");
    await windowToday(request.id);
    const paths = [`rentals/${request.id}/delivery-${"a".repeat(24)}.jpg`];
    await deliverMachine(manager, vendor, request.id, 100, 8, paths);
    const proof = { ownerToken: request.browser.token, linkHash: null };
    return { request, vendor, manager, quote, proof };
  }
  const photo = (lead: number, n = 0) => [`rentals/${lead}/bill-${String(n).padStart(24, "b")}.jpg`];

  it("extends at the quote's own rates, picks up with over-hours, bills a disputed damage line, and counts the vendor's records", async () => {
    const { request, vendor, manager, proof } = await delivered();
    // Marked delivered an hour before its window opened.
    await db.query("update public.bookings set delivered_at = window_start - interval '1 hour' where lead_id = $1", [request.id]);
    const [{ end_date }] = await inspect<{ end_date: string }>(
      "select to_char(end_date, 'YYYY-MM-DD') as end_date from public.bookings where lead_id = $1",
      [request.id],
    );
    expect(await outcome(extendRental(request.id, end_date, proof))).toBe("extension-dates");
    expect(await outcome(extendRental(request.id, isoDay(60), proof))).toBe("extension-too-long");
    const asked = await extendRental(request.id, isoDay(8), proof);
    const extension = asked.extensions[0];
    // The quote's "Day" line is $300 a day: 2 more days are $600.
    expect([extension.added_days, extension.price_cents, extension.status]).toEqual([2, 60000, "asked"]);
    expect(await outcome(extendRental(request.id, isoDay(9), proof))).toBe("extension-open");
    const accepted = await answerExtension(manager, vendor, request.id, true);
    expect(accepted.end_date).toBe(isoDay(8));
    expect(await outcome(answerExtension(manager, vendor, request.id, false))).toBe("no-extension");
    // The renter cannot pick up; the reading cannot go backwards.
    expect(await outcome(pickUpMachine(manager, vendor, request.id, 99, 4, photo(request.id)))).toBe("reading-backwards");
    const returned = await pickUpMachine(manager, vendor, request.id, 150, 4, [`rentals/${request.id}/pickup-${"c".repeat(24)}.jpg`]);
    // 50 hours used; the 3 days quoted included 24, the 5 days booked now 40: 10 over at $45 = $450, in the quote's terms.
    const over = returned.bill.find((line) => line.kind === "over_hours")!;
    expect([over.label, over.amount_cents, over.in_quote]).toEqual(["10 meter hours over the 40 included", 45000, true]);
    expect(returned.bill.find((line) => line.kind === "extension")?.amount_cents).toBe(60000);
    expect(await outcome(callOffRental(request.id, proof))).toBe("picked-up");
    expect(
      await outcome(
        addBillLine(manager, vendor, request.id, { kind: "damage", label: "Bent bucket", amount_cents: 48000, reason: "Bent" }, []),
      ),
    ).toBe("photos-missing");
    expect(
      await outcome(
        addBillLine(
          manager,
          vendor,
          request.id,
          { kind: "damage", label: "Bent bucket", amount_cents: 48000, reason: "" },
          photo(request.id),
        ),
      ),
    ).toBe("line-reason");
    const added = await addBillLine(
      manager,
      vendor,
      request.id,
      { kind: "damage", label: "Bent bucket", amount_cents: 48000, reason: "Bent on a rock" },
      photo(request.id),
    );
    const damage = added.bill.find((line) => line.kind === "damage")!;
    expect([damage.in_quote, damage.photos.length]).toEqual([false, 1]);
    // The total is the sum of the lines, the tax among them.
    expect(added.bill_total_cents).toBe(added.bill.reduce((sum, line) => sum + line.amount_cents, 0));
    const tax = added.bill.find((line) => line.kind === "tax")!.amount_cents;
    expect(tax).toBe(Math.round(((added.bill_total_cents! - tax) * 8.25) / 100));
    expect(await outcome(answerBillLine(request.id, damage.id, false, "It was bent when it came", proof))).toBe("no-bill");
    await sendBill(manager, vendor, request.id);
    expect(
      await outcome(
        addBillLine(manager, vendor, request.id, { kind: "other", label: "Late", amount_cents: 100, reason: "x" }, photo(request.id, 1)),
      ),
    ).toBe("bill-sent");
    expect(await outcome(answerBillLine(request.id, damage.id, false, "", proof))).toBe("dispute-reason");
    const inQuote = added.bill.find((line) => line.in_quote)!;
    expect(await outcome(answerBillLine(request.id, inQuote.id, true, "", proof))).toBe("no-line");
    const settled = await answerBillLine(request.id, damage.id, false, "It was bent when it came", proof);
    expect(settled.settled_at).not.toBeNull();
    expect(await outcome(answerBillLine(request.id, damage.id, true, "", proof))).toBe("bill-settled");
    const [records] = await inspect<{ rentals_completed: number; rentals_on_time: number; rentals_matched: number }>(
      "select rentals_completed, rentals_on_time, rentals_matched from public.vendors where id = $1",
      [vendor],
    );
    // Delivered before its window opened: not on time; a disputed line: not matched.
    expect(records).toEqual({ rentals_completed: 1, rentals_on_time: 0, rentals_matched: 0 });
    const disputed = await inspect<{ n: number }>(
      "select count(*)::int as n from public.outbox_messages where lead_id = $1 and kind = 'line_disputed'",
      [request.id],
    );
    expect(disputed[0].n).toBe(1);
  });

  it("a call-off after an accepted extension stops rent then: the unused extension days are not billed", async () => {
    const { request, vendor, manager, proof } = await delivered();
    await extendRental(request.id, isoDay(9), proof);
    await answerExtension(manager, vendor, request.id, true);
    await callOffRental(request.id, proof);
    const returned = await pickUpMachine(manager, vendor, request.id, 104, 8, [`rentals/${request.id}/pickup-${"g".repeat(24)}.jpg`]);
    expect(returned.bill.some((line) => line.kind === "extension")).toBe(false);
    expect(returned.bill.find((line) => line.kind === "rental")?.amount_cents).toBe(30000);
  });

  it("extension days are priced by the periods the quote's labels name, and prorated when they name none", async () => {
    const price = async (lines: Array<{ label: string; unit_cents: number }>, days: number) => {
      const request = await sendRequest({ start: 6, days: 3 });
      const vendor = request.vendors[0];
      const quote = await sendQuote(await manageListing(db, vendor), vendor, request.id, {
        lines: lines.map((line) => ({ kind: "rental", quantity: 1, ...line })),
        tax_percent: null,
        total_cents: lines.reduce((sum, line) => sum + line.unit_cents, 0),
      });
      const [{ cents }] = await inspect<{ cents: number }>("select private.rental_price($1, $2) as cents", [quote.id, days]);
      return Number(cents);
    };
    expect(
      await price(
        [
          { label: "Daily", unit_cents: 30000 },
          { label: "Weekly", unit_cents: 100000 },
        ],
        1,
      ),
    ).toBe(30000);
    expect(
      await price(
        [
          { label: "Daily", unit_cents: 30000 },
          { label: "Weekly", unit_cents: 100000 },
        ],
        8,
      ),
    ).toBe(130000);
    expect(await price([{ label: "2 weeks", unit_cents: 200000 }], 14)).toBe(200000);
    expect(
      await price(
        [
          { label: "Day", unit_cents: 30000 },
          { label: "Monthly", unit_cents: 300000 },
        ],
        28,
      ),
    ).toBe(300000);
    expect(
      await price(
        [
          { label: "Day", unit_cents: 30000 },
          { label: "Same-day delivery surcharge", unit_cents: 5000 },
        ],
        2,
      ),
    ).toBe(60000);
    // No period named: the quote's rental over the 3 days it quoted, $900 for 3 days, so $300 a day.
    expect(await price([{ label: "Rental", unit_cents: 90000 }], 2)).toBe(60000);
  });

  it("a call-off gives its number at once and stops rent by the quote's periods", async () => {
    const { request, vendor, manager, proof } = await delivered();
    const called = await callOffRental(request.id, proof);
    expect(called.call_off_number).toMatch(new RegExp(`^CO-${request.id}-[0-9A-F]{6}$`));
    expect(await outcome(callOffRental(request.id, proof))).toBe("called-off");
    expect(await outcome(extendRental(request.id, isoDay(5), proof))).toBe("called-off");
    const returned = await pickUpMachine(manager, vendor, request.id, 104, 8, [`rentals/${request.id}/pickup-${"d".repeat(24)}.jpg`]);
    // Called off on its first day: one day at $300 instead of three.
    const rental = returned.bill.find((line) => line.kind === "rental")!;
    expect(rental.amount_cents).toBe(30000);
    expect(rental.label).toContain(called.call_off_number!);
    expect(returned.bill.some((line) => line.label === "Day")).toBe(false);
    const sent = await sendBill(manager, vendor, request.id);
    // Every line follows from the quote: settled at once.
    expect(sent.settled_at).not.toBeNull();
  });
});
