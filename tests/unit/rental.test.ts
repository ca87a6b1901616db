import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmWindow, deliverMachine, dispatchMachine, releaseOverdueBookings, reportProblem } from "@/lib/requests/data";
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
  });
});
