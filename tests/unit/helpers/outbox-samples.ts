import type { ClaimedLead, OutboxQuote } from "@/lib/outbox/rows";

/** A request as the outbox claims it, its renter's name holding markup. */
export const lead: ClaimedLead = {
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

/** A message that tries to break out of the HTML and of the calendar invitation. */
export const hostile = "Call first;\nBEGIN:VEVENT\nSUMMARY:Free rental, no charge <script>alert(1)</script>";

/** A quote as outbox_quote returns it, its vendor's name and message holding the characters iCalendar escapes. */
export const quote: OutboxQuote = {
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

/** A booking's rental before the vendor confirmed its window: the job site's details and nothing after. */
export const waitingRental = {
  site_address: "2200 Ship Channel Road, Houston",
  access_notes: "Gate code 4321",
  site_contact: "Dana Site",
  site_phone: "(555) 010-0199",
  window_preference: "morning",
  confirm_by: "2027-03-02T14:00:00Z",
  confirmed_at: null,
  window_start: null,
  window_end: null,
  sequence: 0,
  time_zone: "America/Chicago",
  window_day: null,
  window_from: null,
  window_to: null,
  dispatched_at: null,
  delivered_at: null,
  delivery_hours: null,
  delivery_fuel: null,
  arrived_at: null,
  problem: null,
  problem_note: null,
  problem_at: null,
  photos: [],
  off_rent_at: null,
  call_off_number: null,
  picked_up_at: null,
  pickup_hours: null,
  pickup_fuel: null,
  billed_at: null,
  settled_at: null,
  bill_total_cents: null,
  extensions: [],
  bill: [],
} satisfies Partial<NonNullable<OutboxQuote["booking"]>>;

/** The quote booked for other days than the request's: the vendor offered 9 to 12 March, and the renter booked it. */
export const bookedOtherDays: OutboxQuote = {
  ...quote,
  message: "Call first",
  vendor: { ...quote.vendor, name: "Gulf Coast Rentals" },
  available: false,
  alternate_start: "2027-03-09",
  alternate_end: "2027-03-12",
  booking: {
    lead_id: 41,
    quote_id: 7,
    vendor_id: 3,
    status: "booked",
    start_date: "2027-03-09",
    end_date: "2027-03-12",
    cancel_reason: null,
    booked_at: "2027-03-02T10:00:00Z",
    cancelled_at: null,
    ...waitingRental,
  },
};

/** The same booking once the vendor confirmed its window: 9 March, 8 to 10 am in Houston (CST, UTC-6). */
export const windowConfirmed: OutboxQuote = {
  ...bookedOtherDays,
  booking: {
    ...bookedOtherDays.booking!,
    confirmed_at: "2027-03-02T12:00:00Z",
    window_start: "2027-03-09T14:00:00Z",
    window_end: "2027-03-09T16:00:00Z",
    window_day: "2027-03-09",
    window_from: "08:00",
    window_to: "10:00",
    sequence: 1,
  },
};
