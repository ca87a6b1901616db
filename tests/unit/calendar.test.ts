import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { rentalInvitation } from "@/lib/outbox/calendar";
import type { OutboxQuote } from "@/lib/outbox/rows";
import { bookedEmail } from "@/lib/outbox/templates/booked";
import { bookingConfirmationEmail } from "@/lib/outbox/templates/booking-confirmation";
import { bookedOtherDays, hostile, lead, quote, windowConfirmed } from "./helpers/outbox-samples";

const site = "https://skidsteer.example";

/** The invitation's content lines, each unfolded (RFC 5545, 3.1). */
const contentLines = (text: string) => text.replace(/\r\n[ \t]/g, "").split("\r\n");
/** The content lines of one property, with their parameters. */
const property = (text: string, name: string) =>
  contentLines(text).filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
const bookedFor = (start_date: string, end_date: string): OutboxQuote => ({
  ...bookedOtherDays,
  booking: { ...bookedOtherDays.booking!, start_date, end_date },
});

describe("the rental's calendar invitation", () => {
  it("a real iCalendar parser reads one all-day event over the rental's dates, its text intact however hostile", () => {
    const text = rentalInvitation(lead, quote, "https://skidsteer.example");
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents("vevent");
    expect(events).toHaveLength(1);
    const event = new ICAL.Event(events[0]);
    expect(event.startDate.toString()).toBe("2027-03-08");
    expect(event.startDate.isDate).toBe(true);
    // DTEND of an all-day event is the day after the last one.
    expect(event.endDate.toString()).toBe("2027-03-11");
    expect(event.description).toContain(hostile);
    expect(event.summary).toBe("Skid steer rental: Gulf; Coast\nRentals for Quinn <b>Renter</b>");
    expect(event.uid).toBe("booking-41-7@skidsteer.example");
  });
});

describe("the calendar invitation of a quote booked for other days", () => {
  it("covers the days booked, not the days the request asked for", () => {
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(rentalInvitation(lead, bookedOtherDays, "https://skidsteer.example"))).getFirstSubcomponent("vevent")!,
    );
    expect(event.startDate.toString()).toBe("2027-03-09");
    expect(event.endDate.toString()).toBe("2027-03-13");
  });
});

describe("the calendar invitation once the vendor confirmed a delivery window", () => {
  it("is the same event (same UID) with its SEQUENCE raised, from the window's start to the end of the last day in the job site's time, at the site's address", () => {
    const parse = (text: string) => new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!);
    const before = parse(rentalInvitation(lead, bookedOtherDays, site));
    const after = parse(rentalInvitation(lead, windowConfirmed, site));
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.startDate.isDate).toBe(false);
    expect(after.startDate.toJSDate().toISOString()).toBe("2027-03-09T14:00:00.000Z");
    // Midnight after 12 March in Houston (CST, UTC-6).
    expect(after.endDate.toJSDate().toISOString()).toBe("2027-03-13T06:00:00.000Z");
    expect(after.location).toBe("2200 Ship Channel Road, Houston");
    expect(after.description).toContain("Delivery window: Tue, Mar 9, 8:00 AM to 10:00 AM CST");
  });
});

describe("the calendar invitation's text", () => {
  it("carries no control character RFC 5545 forbids, in any value, and a real parser reads the rest back", () => {
    const controls = "\u0000\u0001\u0007\u0008\u000b\u000c\u000e\u001b\u001f\u007f";
    const dirty: OutboxQuote = {
      ...quote,
      model: `T66${controls}`,
      lines: [{ ...quote.lines[0], label: `Day${controls}rate` }],
      message: `Call\u0000 first\u0007;\nthen\u000bcome`,
      vendor: { ...quote.vendor, name: `Gulf\u001bCoast\u007f Rentals` },
    };
    const text = rentalInvitation({ ...lead, name: `Quinn\u0008 Renter\u000c!` }, dirty, "https://skidsteer.example");
    expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!);
    // A vertical tab or form feed becomes a space; the other control characters are dropped.
    expect(event.summary).toBe("Skid steer rental: GulfCoast Rentals for Quinn Renter !");
    expect(event.description).toContain("(T66  )");
    expect(event.description).toContain("Day  rate × 3: $900.00");
    expect(event.description).toContain("Message: Call first;\nthen come");
  });
});

describe("the invitation as RFC 5545 text", () => {
  const text = rentalInvitation(lead, quote, site);

  it("ends every line with CRLF, the last one too", () => {
    expect(text.endsWith("\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("is one VCALENDAR 2.0, published, holding one VEVENT stamped in UTC", () => {
    const lines = contentLines(text);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-2)).toBe("END:VCALENDAR");
    expect(lines).toEqual(expect.arrayContaining(["VERSION:2.0", "PRODID:-//Skid Steer Rentals//bookings//EN", "METHOD:PUBLISH"]));
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines.filter((line) => line === "END:VEVENT")).toHaveLength(1);
    expect(property(text, "DTSTAMP")).toEqual([expect.stringMatching(/^DTSTAMP:\d{8}T\d{6}Z$/)]);
  });

  it("folds a line longer than 75 octets, never inside a character, and unfolding gives its text back", () => {
    const message = `${"Déjà vu, ünïcödé 🚜; ".repeat(12)}end`;
    const name = Array(6).fill("Ünïcödé Rentals").join(" ");
    const long = rentalInvitation(lead, { ...quote, message, vendor: { ...quote.vendor, name } }, site);
    const physical = long.split("\r\n");
    expect(physical.filter((line) => line.startsWith(" ")).length).toBeGreaterThan(4);
    for (const line of physical) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(long)).getFirstSubcomponent("vevent")!);
    expect(event.description).toContain(`Message: ${message}`);
    expect(event.summary).toBe(`Skid steer rental: ${name} for Quinn <b>Renter</b>`);
  });

  it("escapes commas, semicolons, backslashes and newlines in its text values", () => {
    const tricky = rentalInvitation(
      lead,
      { ...quote, message: "a, b; c\\d\ne", vendor: { ...quote.vendor, name: "Gulf; Coast, Rentals" } },
      site,
    );
    expect(property(tricky, "SUMMARY")).toEqual(["SUMMARY:Skid steer rental: Gulf\\; Coast\\, Rentals for Quinn <b>Renter</b>"]);
    expect(property(tricky, "DESCRIPTION")[0]).toMatch(/\\nMessage: a\\, b\\; c\\\\d\\ne$/);
    expect(property(tricky, "LOCATION")).toEqual(["LOCATION:ZIP 77002"]);
  });

  it("marks the days as all-day dates, DTEND the day after the last, across a month's and a year's end", () => {
    expect(property(text, "DTSTART")).toEqual(["DTSTART;VALUE=DATE:20270308"]);
    expect(property(text, "DTEND")).toEqual(["DTEND;VALUE=DATE:20270311"]);
    const leapMonth = rentalInvitation(lead, bookedFor("2028-02-27", "2028-02-28"), site);
    expect(property(leapMonth, "DTEND")).toEqual(["DTEND;VALUE=DATE:20280229"]);
    const yearEnd = rentalInvitation(lead, bookedFor("2027-12-30", "2027-12-31"), site);
    expect(property(yearEnd, "DTSTART")).toEqual(["DTSTART;VALUE=DATE:20271230"]);
    expect(property(yearEnd, "DTEND")).toEqual(["DTEND;VALUE=DATE:20280101"]);
  });

  it("gives the same days whatever the server's time zone", () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ["Pacific/Honolulu", "Pacific/Kiritimati"]) {
        process.env.TZ = tz;
        const zoned = rentalInvitation(lead, quote, site);
        expect([...property(zoned, "DTSTART"), ...property(zoned, "DTEND")]).toEqual([
          "DTSTART;VALUE=DATE:20270308",
          "DTEND;VALUE=DATE:20270311",
        ]);
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("keeps the booking's UID, so the vendor's and the renter's copies are one event, and another quote's booking another", () => {
    expect(property(text, "UID")).toEqual(["UID:booking-41-7@skidsteer.example"]);
    const vendorCopy = bookedEmail(lead, bookedOtherDays, site).calendar!;
    const renterCopy = bookingConfirmationEmail(lead, bookedOtherDays, `${site}/requests/41?key=k`, site).calendar!;
    expect(property(vendorCopy, "UID")).toEqual(property(text, "UID"));
    expect(property(renterCopy, "UID")).toEqual(property(text, "UID"));
    expect(property(rentalInvitation(lead, { ...quote, id: 8 }, site), "UID")).toEqual(["UID:booking-41-8@skidsteer.example"]);
  });

  it("links the request's page", () => {
    expect(property(text, "URL")).toEqual(["URL;VALUE=URI:https://skidsteer.example/requests/41"]);
  });
});
