import { describe, expect, it } from "vitest";
import { waitingRental } from "./helpers/outbox-samples";
import {
  cancelDeadline,
  deletable,
  requestState,
  STAGE_TEXTS,
  vendorAnswer,
  type RequestStatus,
  type RenterRequest,
} from "@/lib/requests/status";
import type { Quote } from "@/lib/quotes/quote";

const request = (stages: RenterRequest["vendors"][number]["stage"][], withdrawn_at: string | null = null) => ({
  withdrawn_at,
  recipients: stages.length,
  vendors: stages.map((stage, i) => ({ name: `Vendor ${i + 1}`, stage })),
});

describe('"Your requests"', () => {
  it("says a vendor sent a quote when it quoted, and contacted the renter only when it marked the request contacted", () => {
    expect(requestState(request(["quoted", "sent", "sent"]))).toBe("1 of 3 vendors sent you a quote");
    expect(requestState(request(["contacted", "sent"]))).toBe("1 of 2 vendors contacted you");
    expect(requestState(request(["quoted", "contacted", "quoted"]))).toBe("3 of 3 vendors answered: 2 sent you a quote, 1 contacted you");
    expect(requestState(request(["quoted"]))).toBe("1 of 1 vendor sent you a quote");
    expect(requestState(request(["sent", "sent"]))).toBe("Sent to 2 vendors");
    expect(requestState(request(["quoted", "booked"]))).toBe("Booked with Vendor 2");
    expect(requestState(request(["quoted", "cancelled"]))).toBe("Booking cancelled");
    expect(requestState(request(["quoted"], "2027-03-01T10:00:00Z"))).toBe("Withdrawn");
    expect(requestState(request([]))).toBe("Our team is finding a vendor");
    expect(STAGE_TEXTS.quoted).toBe("sent you a quote");
    expect(STAGE_TEXTS.contacted).toBe("contacted you");
  });
});

describe("the status page's vendors", () => {
  it("name a vendor's quote rather than a contact it never made; a quote also marks it as having answered", () => {
    const quote = { total_cents: 95000 } as Quote;
    expect(vendorAnswer({ contacted: true, quote })).toBe(", sent you a quote of $950.00");
    expect(vendorAnswer({ contacted: true, quote: null })).toBe(", contacted you");
    expect(vendorAnswer({ contacted: false, quote: null })).toBe("");
  });
});

describe("a booking's days on the status page", () => {
  const booking = (status: "booked" | "cancelled"): NonNullable<RequestStatus["booking"]> => ({
    lead_id: 1,
    quote_id: 2,
    vendor_id: 3,
    status,
    // The booked quote offered other days than the request's 8 to 10 March.
    start_date: "2027-03-12",
    end_date: "2027-03-15",
    cancel_reason: null,
    booked_at: "2027-03-01T10:00:00Z",
    cancelled_at: null,
    ...waitingRental,
  });
  const lead = { withdrawn_at: null, rental_end_date: "2027-03-10" };

  it("the cancellation deadline is the day before the first day booked, not the request's start", () => {
    expect(cancelDeadline({ booking: booking("booked") }, "2027-03-09")).toBe("2027-03-11");
    expect(cancelDeadline({ booking: booking("booked") }, "2027-03-11")).toBe("2027-03-11");
    expect(cancelDeadline({ booking: booking("booked") }, "2027-03-12")).toBeNull();
    expect(cancelDeadline({ booking: booking("cancelled") }, "2027-03-01")).toBeNull();
    expect(cancelDeadline({ booking: null }, "2027-03-01")).toBeNull();
  });

  it("a booked request can be deleted after its last day booked; a withdrawn or cancelled one at once", () => {
    expect(deletable({ ...lead, booking: booking("booked") }, "2027-03-11")).toBe(false);
    expect(deletable({ ...lead, booking: booking("booked") }, "2027-03-16")).toBe(true);
    expect(deletable({ ...lead, booking: null }, "2027-03-11")).toBe(true);
    expect(deletable({ ...lead, booking: booking("cancelled") }, "2027-03-01")).toBe(true);
    expect(deletable({ ...lead, withdrawn_at: "2027-03-01T10:00:00Z", booking: null }, "2027-03-01")).toBe(true);
    expect(deletable({ ...lead, booking: null }, "2027-03-10")).toBe(false);
  });

  it("a delivered rental is not deletable after its last day: it ends when the vendor picks the machine up", () => {
    const delivered = { ...booking("booked"), delivered_at: "2027-03-12T15:00:00Z", delivery_hours: 1200, delivery_fuel: 8 };
    expect(deletable({ ...lead, booking: delivered }, "2027-03-16")).toBe(false);
  });
});
