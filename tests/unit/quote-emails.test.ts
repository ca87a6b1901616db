import { describe, expect, it } from "vitest";
import { recipientsSentence } from "@/lib/outbox/templates/format";
import { bookedEmail } from "@/lib/outbox/templates/booked";
import { bookingCancelledEmail } from "@/lib/outbox/templates/booking-cancelled";
import { bookingConfirmationEmail } from "@/lib/outbox/templates/booking-confirmation";
import { quoteEmail } from "@/lib/outbox/templates/quote";
import { quoteWithdrawnEmail } from "@/lib/outbox/templates/quote-withdrawn";
import { renterCopyEmail } from "@/lib/outbox/templates/renter-copy";
import { quoteFormSchema, quoteTotalCents } from "@/lib/quotes/form";
import { bookedOtherDays, lead, quote } from "./helpers/outbox-samples";

const site = "https://skidsteer.example";

describe("the booking's emails", () => {
  it("tell the days booked when the booked quote offered other dates: the vendor's, the renter's confirmation and the cancellation", () => {
    const booked = bookedEmail(lead, bookedOtherDays, site);
    expect(booked.subject).toBe("Booked: rental request #41, 2027-03-09 to 2027-03-12");
    expect(booked.text).toContain("for 2027-03-09 to 2027-03-12");
    expect(booked.text).toContain("Start date: Tuesday, March 9, 2027");
    expect(booked.text).toContain("End date: Friday, March 12, 2027");
    expect(booked.text).toContain("Rental days: 3");
    expect(booked.text).not.toContain("March 8");
    const confirmation = bookingConfirmationEmail(lead, bookedOtherDays, "https://skidsteer.example/requests/41?key=k", site);
    expect(confirmation.text).toContain("You booked Gulf Coast Rentals for $974.25, from 2027-03-09 to 2027-03-12.");
    expect(confirmation.text).toContain("Your booking, and cancelling it before 2027-03-09: https://skidsteer.example/requests/41?key=k");
    const cancelled = bookingCancelledEmail(lead, {
      ...bookedOtherDays,
      booking: { ...bookedOtherDays.booking!, status: "cancelled", cancel_reason: "Job moved" },
    });
    expect(cancelled.subject).toBe("Cancelled: rental request #41, 2027-03-09 to 2027-03-12");
    expect(cancelled.text).toContain("Start date: Tuesday, March 9, 2027");
  });

  it("give the booked vendor the renter's email address when they gave one, and no email line when they did not", () => {
    const withEmail = bookedEmail({ ...lead, email: "quinn&co@example.com" }, bookedOtherDays, site);
    expect(withEmail.text).toContain("Email: quinn&co@example.com");
    expect(withEmail.html).toContain('<th align="left">Email</th><td>quinn&amp;co@example.com</td>');
    for (const without of [lead, { ...lead, email: null }])
      expect(bookedEmail(without, bookedOtherDays, site).text).not.toContain("Email:");
  });
});

describe("whom a sent request went to", () => {
  it("says why each vendor received it: the one the renter chose and those near the ZIP, never that they serve it", () => {
    expect(recipientsSentence(["vendor_page", "nearby", "nearby"], "77007", "now")).toBe(
      "Your request is going to 3 vendors: the one you chose and 2 near ZIP 77007.",
    );
    expect(recipientsSentence(["vendor_page"], "77007", "now")).toBe("Your request is going to 1 vendor: the one you chose.");
    expect(recipientsSentence(["nearby", "nearby", "nearby"], "77007", "now")).toBe("Your request is going to 3 vendors near ZIP 77007.");
    expect(recipientsSentence(["nearby"], "77007", "past")).toBe("Your request went to 1 vendor near ZIP 77007.");
    // Without every vendor's reason, the count alone.
    expect(recipientsSentence(["vendor_page", undefined], "77007", "past")).toBe("Your request went to 2 vendors.");
    expect(recipientsSentence([], "77007", "now")).toBe(
      "No vendor serves ZIP 77007 yet: we have kept your request and will find one for you.",
    );
  });

  it("the renter's copy says it from each vendor's reason, and gives the count alone when the reasons do not match its vendors", () => {
    const payload = {
      recipients: [
        { name: "Chosen Rentals", phone: "(555) 010-0001" },
        { name: "Near One", phone: null },
        { name: "Near Two", phone: "(555) 010-0003" },
      ],
    };
    const copy = renterCopyEmail(lead, payload, "https://skidsteer.example/requests/41?key=k", ["vendor_page", "nearby", "nearby"]);
    expect(copy.text).toContain(
      "Your request went to 3 vendors: the one you chose and 2 near ZIP 77002. They will call you back:\n\n- Chosen Rentals, (555) 010-0001\n- Near One\n",
    );
    expect(copy.html).toContain("<p>Your request went to 3 vendors: the one you chose and 2 near ZIP 77002. They will call you back:</p>");
    expect(renterCopyEmail(lead, payload, "https://x.example", ["vendor_page"]).text).toContain("Your request went to 3 vendors. They");
    expect(renterCopyEmail(lead, { recipients: [] }, "https://x.example", []).text).toContain(
      "No vendor serves ZIP 77002 yet: our team has your request and will find one for you.",
    );
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
    const booked = bookedEmail(lead, quote, site);
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
    // A ninth line, which the form has no row for, is refused rather than dropped.
    expect(code({ line_kind_8: "fee", line_label_8: "Extra", line_quantity_8: "1", line_unit_8: "5" })).toBe("quote-lines");
    expect(code({ machine_class: "huge" })).toBe("quote-invalid");
  });
});
