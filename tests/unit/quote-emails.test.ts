import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import type { ClaimedLead } from "@/lib/outbox/lead-email";
import { bookedEmail, quoteEmail, quoteWithdrawnEmail, rentalInvitation, type OutboxQuote } from "@/lib/outbox/quote-emails";
import { quoteFormSchema, quoteTotalCents } from "@/lib/quotes/form";

const lead: ClaimedLead = {
  id: 41,
  name: "Quinn <b>Renter</b>",
  phone: "(555) 123-0000",
  skid_steer_type: "tracked",
  rental_start_date: "2027-03-08",
  rental_end_date: "2027-03-10",
  rental_days: 3,
  location: "77002",
  completed_at: "2027-03-01T10:00:00Z",
  vendor_id: null,
  vendor_name: null,
};

const hostile = "Call first;\nBEGIN:VEVENT\nSUMMARY:Free rental, no charge <script>alert(1)</script>";

const quote: OutboxQuote = {
  id: 7,
  lead_id: 41,
  vendor_id: 3,
  revision: 1,
  status: "booked",
  machine_class: "track",
  model: "T66",
  available: true,
  alternate_start: null,
  alternate_end: null,
  lines: [{ kind: "rental", label: "Day", quantity: 3, unit_cents: 30000, amount_cents: 90000 }],
  included_hours: 24,
  over_hour_cents: 4500,
  fuel_policy: "full_to_full",
  tax_percent: 8.25,
  subtotal_cents: 90000,
  tax_cents: 7425,
  total_cents: 97425,
  message: hostile,
  valid_until: "2027-03-04T10:00:00Z",
  created_at: "2027-03-01T10:00:00Z",
  vendor: { name: "Gulf; Coast\nRentals", phone: "(555) 010-0001", address: "1 Main St, Houston, TX" },
  booking: null,
};

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

describe("quote emails", () => {
  it("escape the renter's and vendor's text in HTML and itemize the quote", () => {
    const mail = quoteEmail(lead, quote, true, "https://skidsteer.example/requests/41?key=k");
    expect(mail.subject).toBe("Revised quote from Gulf; Coast\nRentals: $974.25 for your rental request #41");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.text).toContain("Day × 3: $900.00");
    expect(mail.text).toContain("Sales tax (8.25%): $74.25");
    const booked = bookedEmail(lead, quote);
    expect(booked.html).toContain("Quinn &lt;b&gt;Renter&lt;/b&gt;");
    expect(booked.text).toContain("Phone: (555) 123-0000");
  });

  it("tell the renter a vendor withdrew its quote, with the link to the quotes still open", () => {
    const mail = quoteWithdrawnEmail(lead, quote, "https://skidsteer.example/requests/41?key=k");
    expect(mail.subject).toBe("Gulf; Coast\nRentals withdrew its quote for your rental request #41");
    expect(mail.text).toContain("withdrew its quote of $974.25 for your Tracked Skid Steer rental. It can no longer be booked");
    expect(mail.text).toContain("Your request and its quotes: https://skidsteer.example/requests/41?key=k");
    expect(mail.html).toContain("Quinn &lt;b&gt;Renter&lt;/b&gt;");
    expect(mail.html).toContain('<a href="https://skidsteer.example/requests/41?key=k">');
  });
});

describe("the quote form", () => {
  const fields = (extra: Record<string, string> = {}) => ({
    machine_class: "track",
    available: "yes",
    line_kind_0: "rental",
    line_label_0: "Day",
    line_quantity_0: "3",
    line_unit_0: "300",
    line_kind_1: "delivery",
    line_label_1: "Delivery and pickup",
    line_quantity_1: "2",
    line_unit_1: "95.50",
    line_label_2: "",
    tax_percent: "8.25",
    valid_days: "3",
    ...extra,
  });

  it("turns the rows with a label into lines in cents and computes the total as the database does", () => {
    const quote = quoteFormSchema.parse(fields());
    expect(quote.lines).toEqual([
      { kind: "rental", label: "Day", quantity: 3, unit_cents: 30000 },
      { kind: "delivery", label: "Delivery and pickup", quantity: 2, unit_cents: 9550 },
    ]);
    // 1,091.00 and 8.25 % tax (90.0075, rounded to the cent).
    expect(quote.total_cents).toBe(109100 + 9001);
    expect(quoteTotalCents(quote.lines, 8.25)).toBe(quote.total_cents);
  });

  it("refuses negative amounts, a quote without lines and an unknown machine with their codes", () => {
    const code = (extra: Record<string, string>) => quoteFormSchema.safeParse(fields(extra)).error?.issues[0].message;
    expect(code({ line_unit_0: "-300" })).toBe("negative-amount");
    expect(code({ line_label_0: "", line_label_1: "" })).toBe("quote-lines");
    expect(code({ machine_class: "huge" })).toBe("quote-invalid");
  });
});
