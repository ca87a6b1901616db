import type { PGlite } from "@electric-sql/pglite";
import { randomBytes } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { format as tzFormat } from "date-fns";
import fc from "fast-check";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drainOutbox } from "@/lib/outbox/drain";
import { quoteFormSchema } from "@/lib/quotes/form";
import {
  act,
  expectEveryHolderSearched,
  expectInvariants,
  outcome,
  person,
  prepareVendors,
  type Database,
  type Person,
} from "./helpers/request-life";
import { startSmtpServer, type TestSmtpServer } from "./helpers/smtp";
import { asService, embeddedClient, freshDb, isoDay } from "./helpers/db";

// A request's whole life, model-based: fast-check generates sequences of what renters, vendors,
// operators and the jobs do (in any order, to any request, at any time), runs each against the
// embedded database with the site's own calls, and after every step compares the database with a
// simple model of the state machine (supabase/migrations/*_request_states.sql) and checks the
// invariants (tests/unit/helpers/request-life.ts). A failing run prints its shrunk sequence.

/** How many sequences a run of npm test tries (LIFE_RUNS to try more). */
const RUNS = Number(process.env.LIFE_RUNS ?? 40);
const RENTAL_RUNS = Math.ceil(RUNS / 2);

let pglite: PGlite;
let db: Database;
let smtp: TestSmtpServer;
let vendors: Array<{ id: number; name: string; manager: string }>;
const bouncing = new Set<string>();

beforeAll(async () => {
  pglite = await freshDb(true);
  db = {
    service: (sql, params = []) => asService(pglite, sql, params),
    owner: async (sql, params = []) => (await pglite.query(sql, params)).rows as never,
  };
  smtp = await startSmtpServer(0, { reject: (address) => bouncing.has(address) });
  vendors = await prepareVendors(db);
});
afterAll(() => smtp?.close());

type State =
  | "draft"
  | "sent"
  | "withdrawn"
  | "booked"
  | "confirmed"
  | "on_the_way"
  | "on_rent"
  | "returned"
  | "billed"
  | "settled"
  | "cancelled"
  | "erased"
  | "gone";
/** The states of a live booking: from booked (waiting for a window) to settled. */
const LIVE: State[] = ["booked", "confirmed", "on_the_way", "on_rent", "returned", "billed", "settled"];
const PICKED_UP: State[] = ["returned", "billed", "settled"];
/** The job site's time zone (ZIP 77002, Texas). */
const ZONE = "America/Chicago";

interface ModelQuote {
  id: number;
  vendor: number;
  open: boolean;
  /** When it stops being bookable (ms), moved back as time passes. */
  validUntil: number;
  /** The other dates it offered, as day offsets from today, or null. */
  dates: [number, number] | null;
}

interface ModelRequest {
  id: number;
  who: Person;
  state: State;
  /** The rental's first and last day, as day offsets from today. */
  start: number;
  end: number;
  /** How many days ago it was last changed (drafts) or sent. */
  age: number;
  spam: boolean;
  quotes: ModelQuote[];
  booking: {
    quote: number;
    vendor: number;
    start: number;
    end: number;
    /** When its window is due (ms), moved back as time passes. */
    confirmBy: number;
    /** The quotes the booking closed, open again if it is released. */
    closed: number[];
    arrived: boolean;
    problem: boolean;
    /** The confirmed window's day (YYYY-MM-DD, job site time) and end (ms); null before. */
    windowDay: string | null;
    windowEnd: number | null;
    deliveryHours: number | null;
    calledOff: boolean;
    extensionOpen: boolean;
    /** The last day quoted (day offset): extensions add at most 28 days past it in all. */
    quotedEnd: number;
    /** The bill's lines outside the quote still waiting for the renter. */
    openLines: number[];
  } | null;
  /** Vendors whose booking of it was released: never booked again. */
  released: number[];
  /** Its photos' paths in the store. */
  photos: string[];
  freeText: string[];
}

interface Model {
  requests: ModelRequest[];
}

const DAY = 86_400_000;
const isoDayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** What the runs did: each step's name and outcome, counted, so a run shows what it covered. */
const tally = new Map<string, number>();
function count(step: string, result: string) {
  tally.set(`${step} ${result}`, (tally.get(`${step} ${result}`) ?? 0) + 1);
  return result;
}
let invitationsChecked = 0;

/** The state the machine sees: a request whose rental ended before the machine was delivered is over. */
function lifeState(r: ModelRequest): State | "over" {
  const end = LIVE.includes(r.state) && r.booking ? r.booking.end : r.end;
  return ["sent", "booked", "confirmed", "on_the_way"].includes(r.state) && end < 0 ? "over" : r.state;
}

/** The code a state refuses an action with (private.lead_move), or null when it allows it. */
function refusal(r: ModelRequest, action: string): string | null {
  const state = lifeState(r);
  const allowed: Record<string, Array<State | "over">> = {
    withdraw: ["sent", "withdrawn"],
    book: ["sent"],
    cancel: ["booked", "confirmed"],
    delete: ["withdrawn", "cancelled", "over", "settled"],
    review: ["sent", "withdrawn", ...LIVE, "cancelled", "over"],
    set_status: ["sent", "withdrawn", ...LIVE, "cancelled", "over"],
    confirm_window: ["booked"],
    dispatch: ["confirmed"],
    deliver: ["confirmed", "on_the_way"],
    arrive: ["on_rent"],
    report_problem: ["confirmed", "on_the_way", "on_rent"],
    extend: ["on_rent"],
    answer_extension: ["on_rent"],
    call_off: ["on_rent"],
    pick_up: ["on_rent"],
    add_line: ["returned"],
    send_bill: ["returned"],
    answer_line: ["billed"],
    quote: ["sent"],
    withdraw_quote: ["sent"],
    mark_spam: ["sent", "withdrawn", "over"],
    resend: ["sent"],
  };
  if (allowed[action].includes(state)) return null;
  if (state === "erased" || state === "draft" || state === "gone") return "no-request";
  const rentalActions = [
    "confirm_window",
    "dispatch",
    "deliver",
    "arrive",
    "report_problem",
    "extend",
    "answer_extension",
    "call_off",
    "pick_up",
    "add_line",
    "send_bill",
    "answer_line",
  ];
  const is = (...states: string[]) => states.includes(state);
  const onSite = ["arrive", "report_problem", "extend", "answer_extension", "call_off", "pick_up"];
  if (rentalActions.includes(action) && state === "sent") return "no-booking";
  if (action === "confirm_window" && is("confirmed", "on_the_way", "on_rent", ...PICKED_UP)) return "window-confirmed";
  if ((action === "dispatch" || action === "deliver") && state === "booked") return "window-unconfirmed";
  if (action === "dispatch" && state === "on_the_way") return "already-on-the-way";
  if ((action === "dispatch" || action === "deliver") && state === "on_rent") return "already-delivered";
  if (onSite.includes(action) && is("booked", "confirmed", "on_the_way")) return "not-delivered";
  if ([...onSite, "dispatch", "deliver"].includes(action) && is(...PICKED_UP)) return "picked-up";
  if ((action === "add_line" || action === "send_bill") && is("booked", "confirmed", "on_the_way", "on_rent")) return "not-picked-up";
  if ((action === "add_line" || action === "send_bill") && is("billed", "settled")) return "bill-sent";
  if (action === "answer_line" && is("booked", "confirmed", "on_the_way", "on_rent", "returned")) return "no-bill";
  if (action === "answer_line" && state === "settled") return "bill-settled";
  if (action === "cancel" && is("on_the_way", "on_rent", ...PICKED_UP)) return "rental-started";
  if (action === "delete" && is("sent", "booked", "confirmed", "on_the_way", "on_rent", "returned", "billed")) return "delete-too-early";
  if (action === "cancel") return state === "over" ? "rental-started" : "no-booking";
  if (action === "book" && LIVE.includes(state as State)) return "already-booked";
  return (
    (
      {
        withdrawn: "request-withdrawn",
        booked: "request-booked",
        confirmed: "request-booked",
        on_the_way: "request-booked",
        on_rent: "request-booked",
        returned: "request-booked",
        billed: "request-booked",
        settled: "request-booked",
        cancelled: "request-cancelled",
        over: "rental-over",
      } as Record<string, string>
    )[state] ?? "request-state"
  );
}

const tracked = (m: Model) => m.requests.filter((r) => r.state !== "gone").map((r) => ({ id: r.id, who: r.who, freeText: r.freeText }));

/** Marks a request erased in the model, with every message it had no longer sendable. */
function erased(r: ModelRequest) {
  if (r.state === "draft") r.state = "gone";
  else {
    r.state = "erased";
    r.quotes.forEach((q) => (q.open = false));
  }
}

/** Every photo of an erased request is queued for deletion from the store (the job round deletes the files). */
async function expectErasedPhotosQueued(m: Model, real: Database) {
  const paths = m.requests.filter((r) => r.state === "erased" || r.state === "gone").flatMap((r) => r.photos);
  if (paths.length === 0) return;
  const queued = await real.owner<{ path: string }>("select path from private.photo_deletions where path = any($1)", [paths]);
  expect(queued.map((row) => row.path).sort()).toEqual([...paths].sort());
}

abstract class Step implements fc.AsyncCommand<Model, Database> {
  /** The request it acts on: an index into the run's requests, taken modulo their number. */
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.requests.some((r) => r.state !== "gone");
  /**
   * Mostly a sent request (or, for a step of the rental, one with a live booking); a draft or an
   * erased one now and then, which must refuse.
   */
  target(m: Model, rental = false) {
    const live = m.requests.filter((r) => r.state !== "gone");
    const sent = live.filter((r) => r.state !== "draft" && r.state !== "erased");
    const booked = sent.filter((r) => LIVE.includes(r.state));
    const from = rental && booked.length > 0 && this.pick % 4 !== 0 ? booked : sent.length > 0 && this.pick % 5 !== 0 ? sent : live;
    return from[this.pick % from.length];
  }
  async run(m: Model, real: Database) {
    await this.act(m, real);
    await expectInvariants(real, tracked(m));
    await expectErasedPhotosQueued(m, real);
    for (const r of m.requests) {
      const [row] = await real.owner<{ state: string }>("select state from public.leads where id = $1", [r.id]);
      expect({ request: r.id, state: row?.state ?? "gone" }).toEqual({ request: r.id, state: r.state });
    }
  }
  abstract act(m: Model, real: Database): Promise<void>;
}

class NewRequest implements fc.AsyncCommand<Model, Database> {
  constructor(
    readonly email: boolean,
    readonly start: number,
    readonly length: number,
    readonly samePerson: boolean,
  ) {}
  check = () => true;
  async run(m: Model, real: Database) {
    const earlier = m.requests.find((r) => r.state !== "gone" && r.state !== "erased");
    const who =
      this.samePerson && earlier ? { ...person(this.email), name: earlier.who.name, phone: earlier.who.phone } : person(this.email);
    const id = await act.draft(real, who);
    const r: ModelRequest = {
      id,
      who,
      state: "draft",
      start: this.start,
      end: this.start + this.length,
      age: 0,
      spam: false,
      quotes: [],
      booking: null,
      released: [],
      photos: [],
      freeText: [],
    };
    m.requests.push(r);
    // A browser sending its own wording, or from another site's page, is refused and sends nothing.
    const names = vendors.map((v) => v.name).join(", ");
    expect(await outcome(act.send(real, id, who, isoDay(r.start), isoDay(r.end), { text: `I do NOT agree. ${names}` }))).toBe(
      "consent-changed",
    );
    expect(await outcome(act.send(real, id, who, isoDay(r.start), isoDay(r.end), { page: "https://elsewhere.example/" }))).toBe(
      "consent-page",
    );
    await act.send(real, id, who, isoDay(r.start), isoDay(r.end));
    r.state = "sent";
    await expectInvariants(real, tracked(m));
  }
  toString = () => `NewRequest(email=${this.email}, start=+${this.start}, days=${this.length}, samePerson=${this.samePerson})`;
}

class NewDraft implements fc.AsyncCommand<Model, Database> {
  check = () => true;
  async run(m: Model, real: Database) {
    const who = person(false);
    m.requests.push({
      id: await act.draft(real, who),
      who,
      state: "draft",
      start: 5,
      end: 6,
      age: 0,
      spam: false,
      quotes: [],
      booking: null,
      released: [],
      photos: [],
      freeText: [],
    });
  }
  toString = () => "NewDraft";
}

/** A vendor's quote as its form computes it: fractional quantities, tax, sometimes other dates. */
class Quote extends Step {
  constructor(
    pick: number,
    readonly vendor: number,
    readonly lines: Array<{ quantity: number; unit: number }>,
    readonly tax: number,
    readonly otherDates: boolean,
  ) {
    super(pick);
  }
  async act(m: Model) {
    const r = this.target(m);
    const vendor = vendors[this.vendor % vendors.length];
    const fields: Record<string, string> = {
      machine_class: "track",
      tax_percent: (this.tax / 1000).toFixed(3),
      valid_days: "1",
      message: `Hi ${r.who.name}, ready when you are`,
    };
    this.lines.forEach((line, i) => {
      fields[`line_kind_${i}`] = "rental";
      fields[`line_label_${i}`] = `Day ${i + 1}`;
      fields[`line_quantity_${i}`] = (line.quantity / 100).toFixed(2);
      fields[`line_unit_${i}`] = (line.unit / 100).toFixed(2);
    });
    const dates: [number, number] | null = this.otherDates ? [r.start + 1, r.end + 2] : null;
    if (dates) Object.assign(fields, { available: "no", alternate_start: isoDay(dates[0]), alternate_end: isoDay(dates[1]) });
    const payload = quoteFormSchema.parse(fields);
    const expected = r.spam
      ? "no-request"
      : (refusal(r, "quote") ?? (r.start <= 0 ? "rental-started" : r.start === 1 ? "quote-window" : null));
    let got: string;
    let saved: { id: number; valid_until: string } | null = null;
    try {
      saved = await act.quote(db, vendor.manager, vendor.id, r.id, payload);
      got = "done";
    } catch (error) {
      got = (error as { hint?: string }).hint ?? String(error);
    }
    count("quote", got);
    // A quote the form computed is never refused for its total.
    expect(got).not.toBe("total-mismatch");
    expect(got).toBe(expected ?? "done");
    if (saved) {
      r.quotes.forEach((q) => q.vendor === vendor.id && (q.open = false));
      r.quotes.push({ id: Number(saved.id), vendor: vendor.id, open: true, validUntil: Date.parse(saved.valid_until), dates });
      r.freeText.push(`Hi ${r.who.name}`);
    }
  }
  toString = () =>
    `Quote(#${this.pick}, vendor ${this.vendor}, ${JSON.stringify(this.lines)}, tax ${this.tax / 1000}%, otherDates=${this.otherDates})`;
}

class WithdrawQuote extends Step {
  constructor(
    pick: number,
    readonly vendor: number,
  ) {
    super(pick);
  }
  async act(m: Model) {
    const r = this.target(m);
    const vendor = vendors[this.vendor % vendors.length];
    const open = r.quotes.find((q) => q.vendor === vendor.id && q.open);
    const expected = refusal(r, "withdraw_quote") ?? (open ? "done" : "no-quote");
    expect(count("withdrawQuote", await outcome(act.withdrawQuote(db, vendor.manager, vendor.id, r.id)))).toBe(expected);
    if (expected === "done" && open) open.open = false;
  }
  toString = () => `WithdrawQuote(#${this.pick}, vendor ${this.vendor})`;
}

class SetStatus extends Step {
  constructor(
    pick: number,
    readonly vendor: number,
    readonly status: string,
  ) {
    super(pick);
  }
  async act(m: Model) {
    const r = this.target(m);
    const vendor = vendors[this.vendor % vendors.length];
    const reason = this.status === "lost" || this.status === "not_a_fit" ? `Could not reach ${r.who.phone}` : null;
    const expected = refusal(r, "set_status") ?? "done";
    expect(count("setStatus", await outcome(act.setStatus(db, vendor.manager, vendor.id, r.id, this.status, reason)))).toBe(expected);
    if (expected === "done" && reason) r.freeText.push(`Could not reach ${r.who.phone}`);
  }
  toString = () => `SetStatus(#${this.pick}, vendor ${this.vendor}, ${this.status})`;
}

class Withdraw extends Step {
  async act(m: Model) {
    const r = this.target(m);
    const expected = refusal(r, "withdraw") ?? "done";
    expect(count("withdraw", await outcome(act.withdraw(db, r.id, r.who)))).toBe(expected);
    if (expected === "done") {
      r.state = "withdrawn";
      r.quotes.forEach((q) => (q.open = false));
    }
  }
  toString = () => `Withdraw(#${this.pick})`;
}

class Book extends Step {
  constructor(
    pick: number,
    readonly quote: number,
  ) {
    super(pick);
  }
  check = (m: Readonly<Model>) => m.requests.some((r) => r.quotes.length > 0);
  async act(m: Model) {
    const quoted = m.requests.filter((x) => x.quotes.length > 0 && x.state !== "gone");
    const r = quoted.length > 0 && this.pick % 5 !== 0 ? quoted[this.pick % quoted.length] : this.target(m);
    if (r.quotes.length === 0) return;
    const q = r.quotes[this.quote % r.quotes.length];
    const expected = refusal(r, "book") ?? (!q.open ? "quote-closed" : q.validUntil <= Date.now() ? "quote-expired" : "done");
    // A released vendor's quote stays closed.
    if (expected === "done") expect(r.released).not.toContain(q.vendor);
    expect(count("book", await outcome(act.book(db, r.id, r.who, q.id)))).toBe(expected);
    if (expected === "done") {
      r.state = "booked";
      // When the window is due follows the vendor's business hours (checked on its own); the model reads it.
      const [row] = await db.owner<{ confirm_by: Date }>("select confirm_by from public.bookings where lead_id = $1", [r.id]);
      const closed = r.quotes.filter((other) => other.open && other.id !== q.id).map((other) => other.id);
      r.booking = {
        quote: q.id,
        vendor: q.vendor,
        start: q.dates?.[0] ?? r.start,
        end: q.dates?.[1] ?? r.end,
        confirmBy: new Date(row.confirm_by).getTime(),
        closed,
        arrived: false,
        problem: false,
        windowDay: null,
        windowEnd: null,
        deliveryHours: null,
        calledOff: false,
        extensionOpen: false,
        quotedEnd: q.dates?.[1] ?? r.end,
        openLines: [],
      };
      r.quotes.forEach((other) => (other.open = false));
    }
  }
  toString = () => `Book(#${this.pick}, quote ${this.quote})`;
}

class Cancel extends Step {
  async act(m: Model) {
    const r = this.target(m);
    const reason = `${r.who.name} postponed the job`;
    const expected = refusal(r, "cancel") ?? (r.booking && r.booking.start <= 0 ? "rental-started" : "done");
    if (expected === "done") expect(["booked", "confirmed"]).toContain(r.state);
    expect(count("cancel", await outcome(act.cancel(db, r.id, r.who, reason)))).toBe(expected);
    if (expected === "done") {
      r.state = "cancelled";
      r.freeText.push(reason);
    }
  }
  toString = () => `Cancel(#${this.pick})`;
}

/** The request's live booking's vendor, or another that received the request (which must be refused as if the request were unknown). */
function rentalVendor(r: ModelRequest, other: boolean) {
  const booked = r.booking && LIVE.includes(r.state) ? vendors.find((v) => v.id === r.booking!.vendor) : undefined;
  if (!other && booked) return { vendor: booked, refused: null };
  const someone = vendors.find((v) => v.id !== booked?.id) ?? vendors[0];
  return { vendor: someone, refused: "no-request" };
}

/** Whether today (the job site's day) comes before the confirmed window's day: the machine cannot go out yet. */
const tooEarly = (r: ModelRequest) =>
  Boolean(r.booking?.windowDay) && tzFormat(new TZDate(Date.now(), ZONE), "yyyy-MM-dd") < r.booking!.windowDay!;

/** The booked vendor (or another) confirms a delivery window: a day around the start, a start hour and a length. */
class ConfirmWindow extends Step {
  constructor(
    pick: number,
    readonly other: boolean,
    readonly day: number,
    readonly from: number,
    readonly hours: number,
  ) {
    super(pick);
  }
  async act(m: Model) {
    const r = this.target(m, true);
    const { vendor, refused } = rentalVendor(r, this.other);
    const start = r.booking?.start ?? r.start;
    const day = isoDay(start + this.day);
    const [y, mo, d] = day.split("-").map(Number);
    const opens = new TZDate(y, mo - 1, d, this.from, 0, ZONE).getTime();
    const to = `${String(this.from + this.hours).padStart(2, "0")}:00`;
    const expected =
      refused ??
      refusal(r, "confirm_window") ??
      (this.hours <= 0 || this.hours > 4
        ? "window-too-long"
        : opens <= Date.now()
          ? "window-past"
          : this.day < -1 || this.day > 0
            ? "window-day"
            : Date.now() > r.booking!.confirmBy
              ? "confirm-too-late"
              : "done");
    const from = `${String(this.from).padStart(2, "0")}:00`;
    expect(count("confirmWindow", await outcome(act.confirmWindow(db, vendor.manager, vendor.id, r.id, day, from, to)))).toBe(expected);
    if (expected === "done") {
      r.state = "confirmed";
      r.booking!.windowDay = day;
      r.booking!.windowEnd = opens + this.hours * 3_600_000;
    }
  }
  toString = () => `ConfirmWindow(#${this.pick}, other=${this.other}, day ${this.day}, ${this.from}:00 for ${this.hours} h)`;
}

/** The job that releases bookings whose window was not confirmed in time. */
class Release implements fc.AsyncCommand<Model, Database> {
  check = () => true;
  async run(m: Model, real: Database) {
    const due = m.requests.filter((r) => r.state === "booked" && r.booking && r.booking.confirmBy <= Date.now() && r.booking.end >= 0);
    const [{ n }] = await act.release(real);
    count("release", String(due.length));
    // Earlier runs' bookings share the database: the job releases those too.
    expect(Number(n)).toBeGreaterThanOrEqual(due.length);
    for (const r of due) {
      const booking = r.booking!;
      r.state = "sent";
      r.released.push(booking.vendor);
      r.quotes.forEach((q) => {
        if (booking.closed.includes(q.id)) q.open = true;
      });
      r.booking = null;
    }
    await expectInvariants(real, tracked(m));
    for (const r of m.requests) {
      const [row] = await real.owner<{ state: string }>("select state from public.leads where id = $1", [r.id]);
      expect({ request: r.id, state: row?.state ?? "gone" }).toEqual({ request: r.id, state: r.state });
    }
  }
  toString = () => "Release";
}

class Dispatch extends Step {
  constructor(
    pick: number,
    readonly other: boolean,
  ) {
    super(pick);
  }
  async act(m: Model) {
    const r = this.target(m, true);
    const { vendor, refused } = rentalVendor(r, this.other);
    const expected = refused ?? refusal(r, "dispatch") ?? (tooEarly(r) ? "too-early" : "done");
    expect(count("dispatch", await outcome(act.dispatch(db, vendor.manager, vendor.id, r.id)))).toBe(expected);
    if (expected === "done") r.state = "on_the_way";
  }
  toString = () => `Dispatch(#${this.pick}, other=${this.other})`;
}

const photoPaths = (r: ModelRequest, record: string, n: number) =>
  Array.from({ length: n }, () => `rentals/${r.id}/${record}-${randomBytes(12).toString("hex")}.jpg`);

class Deliver extends Step {
  constructor(
    pick: number,
    readonly other: boolean,
    readonly hours: number,
    readonly photos: number,
  ) {
    super(pick);
  }
  async act(m: Model) {
    const r = this.target(m, true);
    const { vendor, refused } = rentalVendor(r, this.other);
    const paths = photoPaths(r, "delivery", this.photos);
    const expected =
      refused ??
      refusal(r, "deliver") ??
      (tooEarly(r)
        ? "too-early"
        : this.hours < 0
          ? "reading-invalid"
          : this.photos === 0
            ? "photos-missing"
            : this.photos > 8
              ? "photos-too-many"
              : "done");
    expect(count("deliver", await outcome(act.deliver(db, vendor.manager, vendor.id, r.id, this.hours, 6, paths)))).toBe(expected);
    if (expected === "done") {
      r.state = "on_rent";
      r.booking!.deliveryHours = this.hours;
      r.photos.push(...paths);
    }
  }
  toString = () => `Deliver(#${this.pick}, other=${this.other}, hours ${this.hours}, ${this.photos} photos)`;
}

class Arrive extends Step {
  async act(m: Model) {
    const r = this.target(m, true);
    const expected = refusal(r, "arrive") ?? (r.booking?.arrived ? "already-arrived" : r.booking?.problem ? "problem-reported" : "done");
    expect(count("arrive", await outcome(act.arrive(db, r.id, r.who)))).toBe(expected);
    if (expected === "done") r.booking!.arrived = true;
  }
  toString = () => `Arrive(#${this.pick})`;
}

class ReportProblem extends Step {
  constructor(
    pick: number,
    readonly problem: string,
    readonly photos: number,
  ) {
    super(pick);
  }
  async act(m: Model) {
    const r = this.target(m, true);
    const note = `${r.who.name} found a flat tyre`;
    const paths = photoPaths(r, "problem", this.photos);
    const least = this.problem === "not_arrived" ? 0 : 1;
    const expected =
      refusal(r, "report_problem") ??
      (r.booking?.problem
        ? "problem-reported"
        : r.state !== "on_rent" && this.problem !== "not_arrived"
          ? "not-delivered"
          : r.state !== "on_rent" && Date.now() < (r.booking?.windowEnd ?? 0)
            ? "window-open"
            : r.booking?.arrived && this.problem === "not_arrived"
              ? "already-arrived"
              : this.photos < least
                ? "photos-missing"
                : this.photos > 8
                  ? "photos-too-many"
                  : "done");
    expect(count("reportProblem", await outcome(act.reportProblem(db, r.id, r.who, this.problem, note, paths)))).toBe(expected);
    if (expected === "done") {
      r.booking!.problem = true;
      r.photos.push(...paths);
      r.freeText.push(note);
    }
  }
  toString = () => `ReportProblem(#${this.pick}, ${this.problem}, ${this.photos} photos)`;
}

class Extend extends Step {
  constructor(
    pick: number,
    readonly days: number,
  ) {
    super(pick);
  }
  async act(m: Model) {
    const r = this.target(m, true);
    const end = r.booking?.end ?? r.end;
    const expected =
      refusal(r, "extend") ??
      (r.booking!.calledOff
        ? "called-off"
        : this.days <= 0 || end + this.days < 0
          ? "extension-dates"
          : end + this.days - r.booking!.quotedEnd > 28
            ? "extension-too-long"
            : r.booking!.extensionOpen
              ? "extension-open"
              : "done");
    expect(count("extend", await outcome(act.extend(db, r.id, r.who, isoDay(end + this.days))))).toBe(expected);
    if (expected === "done") r.booking!.extensionOpen = true;
  }
  toString = () => `Extend(#${this.pick}, +${this.days} days)`;
}

class AnswerExtension extends Step {
  constructor(
    pick: number,
    readonly accept: boolean,
  ) {
    super(pick);
  }
  async act(m: Model) {
    const r = this.target(m, true);
    const { vendor, refused } = rentalVendor(r, false);
    const expected = refused ?? refusal(r, "answer_extension") ?? (r.booking!.extensionOpen ? "done" : "no-extension");
    expect(count("answerExtension", await outcome(act.answerExtension(db, vendor.manager, vendor.id, r.id, this.accept)))).toBe(expected);
    if (expected === "done") {
      r.booking!.extensionOpen = false;
      if (this.accept) {
        const [row] = await db.owner<{ end_date: string }>(
          "select to_char(end_date, 'YYYY-MM-DD') as end_date from public.bookings where lead_id = $1",
          [r.id],
        );
        r.booking!.end = Math.round((Date.parse(`${row.end_date}T00:00:00Z`) - Date.parse(`${isoDay(0)}T00:00:00Z`)) / DAY);
      }
    }
  }
  toString = () => `AnswerExtension(#${this.pick}, accept=${this.accept})`;
}

class CallOff extends Step {
  async act(m: Model) {
    const r = this.target(m, true);
    const expected = refusal(r, "call_off") ?? (r.booking!.calledOff ? "called-off" : "done");
    expect(count("callOff", await outcome(act.callOff(db, r.id, r.who)))).toBe(expected);
    if (expected === "done") {
      r.booking!.calledOff = true;
      r.booking!.extensionOpen = false;
    }
  }
  toString = () => `CallOff(#${this.pick})`;
}

class PickUp extends Step {
  constructor(
    pick: number,
    readonly used: number,
    readonly photos: number,
  ) {
    super(pick);
  }
  async act(m: Model) {
    const r = this.target(m, true);
    const { vendor, refused } = rentalVendor(r, false);
    const hours = (r.booking?.deliveryHours ?? 0) + this.used;
    const paths = photoPaths(r, "pickup", this.photos);
    const expected =
      refused ??
      refusal(r, "pick_up") ??
      (hours < 0 ? "reading-invalid" : this.used < 0 ? "reading-backwards" : this.photos === 0 ? "photos-missing" : "done");
    expect(count("pickUp", await outcome(act.pickUp(db, vendor.manager, vendor.id, r.id, hours, 2, paths)))).toBe(expected);
    if (expected === "done") {
      r.state = "returned";
      r.booking!.extensionOpen = false;
      r.photos.push(...paths);
    }
  }
  toString = () => `PickUp(#${this.pick}, used ${this.used} h, ${this.photos} photos)`;
}

class AddLine extends Step {
  constructor(
    pick: number,
    readonly kind: string,
    readonly cents: number,
    readonly photos: number,
  ) {
    super(pick);
  }
  async act(m: Model) {
    const r = this.target(m, true);
    const { vendor, refused } = rentalVendor(r, false);
    const paths = photoPaths(r, "bill", this.photos);
    const reason = `Scratched by ${r.who.name}`;
    const expected =
      refused ??
      refusal(r, "add_line") ??
      (this.cents <= 0 ? "line-amount" : this.photos === 0 ? "photos-missing" : this.photos > 8 ? "photos-too-many" : "done");
    const got = count(
      "addLine",
      await outcome(act.addLine(db, vendor.manager, vendor.id, r.id, this.kind, "Damage to the bucket", this.cents, reason, paths)),
    );
    // A bill holds at most 20 lines.
    expect(got === "bill-lines" && expected === "done" ? "done" : got).toBe(expected);
    if (got === "done") {
      r.photos.push(...paths);
      r.freeText.push(reason);
    }
  }
  toString = () => `AddLine(#${this.pick}, ${this.kind}, ${this.cents} cents, ${this.photos} photos)`;
}

class SendBill extends Step {
  async act(m: Model) {
    const r = this.target(m, true);
    const { vendor, refused } = rentalVendor(r, false);
    const expected = refused ?? refusal(r, "send_bill") ?? "done";
    expect(count("sendBill", await outcome(act.sendBill(db, vendor.manager, vendor.id, r.id)))).toBe(expected);
    if (expected === "done") {
      const open = await db.owner<{ id: number }>("select id from public.bill_lines where lead_id = $1 and not in_quote order by id", [
        r.id,
      ]);
      r.booking!.openLines = open.map((line) => Number(line.id));
      r.state = open.length > 0 ? "billed" : "settled";
    }
  }
  toString = () => `SendBill(#${this.pick})`;
}

class AnswerLine extends Step {
  constructor(
    pick: number,
    readonly accept: boolean,
  ) {
    super(pick);
  }
  async act(m: Model) {
    const r = this.target(m, true);
    const line = r.booking?.openLines[0] ?? 0;
    const reason = this.accept ? "" : `${r.who.name} says the bucket was already bent`;
    const expected = refusal(r, "answer_line") ?? (r.booking!.openLines.length > 0 ? "done" : "no-line");
    expect(count("answerLine", await outcome(act.answerLine(db, r.id, r.who, line, this.accept, reason)))).toBe(expected);
    if (expected === "done") {
      r.booking!.openLines.shift();
      if (reason) r.freeText.push(reason);
      if (r.booking!.openLines.length === 0) r.state = "settled";
      // An answered line cannot be answered again.
      expect(await outcome(act.answerLine(db, r.id, r.who, line, true, ""))).toBe(r.state === "settled" ? "bill-settled" : "line-answered");
    }
  }
  toString = () => `AnswerLine(#${this.pick}, accept=${this.accept})`;
}

class Delete extends Step {
  async act(m: Model) {
    const r = this.target(m);
    const expected = refusal(r, "delete") ?? "done";
    expect(count("delete", await outcome(act.delete(db, r.id, r.who)))).toBe(expected);
    if (expected === "done") erased(r);
  }
  toString = () => `Delete(#${this.pick})`;
}

class Review extends Step {
  constructor(
    pick: number,
    readonly vendor: number,
  ) {
    super(pick);
  }
  async act(m: Model) {
    const r = this.target(m);
    const vendor = vendors[this.vendor % vendors.length];
    const body = `${r.who.name} says the machine was great`;
    const got = count("review", await outcome(act.review(db, r.id, vendor.id, r.who, body)));
    const refused = refusal(r, "review");
    // Whether a vendor may be reviewed yet is review_refusal's rule; the state machine decides first.
    if (refused) expect(got).toBe(refused);
    else
      expect(["done", "review-not-recipient", "review-withdrawn", "review-too-early", "review-exists", "limit-review-phone"]).toContain(
        got,
      );
    if (got === "done") r.freeText.push(body);
  }
  toString = () => `Review(#${this.pick}, vendor ${this.vendor})`;
}

class Spam extends Step {
  constructor(
    pick: number,
    readonly spam: boolean,
  ) {
    super(pick);
  }
  async act(m: Model) {
    const r = this.target(m);
    const state = lifeState(r);
    const expected = state === "draft" || state === "erased" ? "no-record" : this.spam ? (refusal(r, "mark_spam") ?? "done") : "done";
    expect(count("spam", await outcome(act.spam(db, r.id, this.spam)))).toBe(expected);
    if (expected === "done") r.spam = this.spam;
  }
  toString = () => `Spam(#${this.pick}, ${this.spam})`;
}

class Erase extends Step {
  async act(m: Model) {
    const r = this.target(m);
    // A draft holds no phone yet: erasure by phone finds the person's sent requests.
    const completed = m.requests.filter((x) => x.who.phone === r.who.phone && !["draft", "erased", "gone"].includes(x.state));
    const expected = completed.length > 0 ? "done" : "nothing-on-file";
    expect(count("erase", await outcome(act.erase(db, r.who)))).toBe(expected);
    if (expected === "done") completed.forEach(erased);
  }
  toString = () => `Erase(#${this.pick})`;
}

class Resend extends Step {
  async act(m: Model) {
    const r = this.target(m);
    const state = lifeState(r);
    const expected = state === "draft" || state === "erased" ? "no-record" : r.spam ? "spam" : (refusal(r, "resend") ?? "done");
    expect(count("resend", await outcome(act.resend(db, r.id)))).toBe(expected);
  }
  toString = () => `Resend(#${this.pick})`;
}

/**
 * The outbox drained through a real SMTP server with the site's templates; with `bounce`, the
 * renters' addresses are refused with an error naming them. Every calendar invitation sent
 * carries the days the booking holds (the booked quote's).
 */
class Drain implements fc.AsyncCommand<Model, Database> {
  constructor(readonly bounce: boolean) {}
  check = () => true;
  async run(m: Model, real: Database) {
    const addresses = m.requests.flatMap((r) => (r.who.email ? [r.who.email] : []));
    if (this.bounce) addresses.forEach((a) => bouncing.add(a));
    const before = smtp.received.length;
    const drained = new Date();
    let result;
    try {
      const env = { SMTP_URL: smtp.url, NEXT_PUBLIC_SITE_URL: "https://life.example" } as unknown as NodeJS.ProcessEnv;
      result = await drainOutbox({ env, client: embeddedClient(pglite) });
    } finally {
      bouncing.clear();
    }
    // Nothing fails but a refused address: every template renders whatever the request's history.
    if (!this.bounce && result.failed > 0) {
      // The one failure by design: an invitation to review no vendor of the request can get (the sender drops it).
      const failures = await real.owner(
        `select m.id, m.lead_id, m.kind, a.error from public.outbox_attempts a join public.outbox_messages m on m.id = a.message_id
         where not a.ok and a.attempted_at >= $1 and not (m.kind = 'review_invite' and a.error = 'No vendor of the request can be reviewed')`,
        [drained],
      );
      expect(failures).toEqual([]);
    }
    for (const mail of smtp.received.slice(before)) {
      for (const invitation of mail.attachments.filter((a) => a.contentType.startsWith("text/calendar"))) {
        const event = new ICAL.Event(new ICAL.Component(ICAL.parse(invitation.content.toString("utf8"))).getFirstSubcomponent("vevent")!);
        const [, lead] = /^booking-(\d+)-/.exec(event.uid) ?? [];
        const [booking] = await real.owner<{ start_date: string; window_start: Date | null }>(
          "select to_char(start_date, 'YYYY-MM-DD') as start_date, window_start from public.bookings where lead_id = $1",
          [lead],
        );
        // A booking released before its email went has no days left to compare.
        if (!booking) continue;
        // A confirmed window starts the event at the window; before it, the event is the days booked.
        if (booking.window_start && !event.startDate.isDate)
          expect(event.startDate.toJSDate().getTime()).toBe(new Date(booking.window_start).getTime());
        else expect(event.startDate.toString()).toBe(booking.start_date);
        invitationsChecked++;
      }
    }
    await expectInvariants(real, tracked(m));
  }
  toString = () => `Drain(bounce=${this.bounce})`;
}

/** Days pass: every time of the run's requests moves back, as if today came later. */
class TimePasses implements fc.AsyncCommand<Model, Database> {
  constructor(readonly days: number) {}
  check = () => true;
  async run(m: Model, real: Database) {
    const ids = m.requests.map((r) => r.id);
    const d = `${this.days} days`;
    await real.owner(
      `with l as (update public.leads set created_at = created_at - $2::interval, updated_at = updated_at - $2::interval,
                    completed_at = completed_at - $2::interval, withdrawn_at = withdrawn_at - $2::interval,
                    anonymized_at = anonymized_at - $2::interval, rental_start_date = rental_start_date - $3::int,
                    rental_end_date = rental_end_date - $3::int where id = any($1) returning id),
       q as (update public.quotes set created_at = created_at - $2::interval, valid_until = valid_until - $2::interval,
                    closed_at = closed_at - $2::interval, alternate_start = alternate_start - $3::int,
                    alternate_end = alternate_end - $3::int where lead_id = any($1) returning id),
       b as (update public.bookings set booked_at = booked_at - $2::interval, cancelled_at = cancelled_at - $2::interval,
                    start_date = start_date - $3::int, end_date = end_date - $3::int, confirm_by = confirm_by - $2::interval,
                    window_start = window_start - $2::interval, window_end = window_end - $2::interval,
                    confirmed_at = confirmed_at - $2::interval, dispatched_at = dispatched_at - $2::interval,
                    delivered_at = delivered_at - $2::interval, arrived_at = arrived_at - $2::interval,
                    problem_at = problem_at - $2::interval, off_rent_at = off_rent_at - $2::interval,
                    picked_up_at = picked_up_at - $2::interval, billed_at = billed_at - $2::interval,
                    settled_at = settled_at - $2::interval where lead_id = any($1) returning lead_id),
       e as (update public.rental_extensions set new_end = new_end - $3::int, asked_at = asked_at - $2::interval,
                    answered_at = answered_at - $2::interval where lead_id = any($1) returning lead_id),
       bl as (update public.bill_lines set answered_at = answered_at - $2::interval where lead_id = any($1) returning lead_id),
       x as (update public.booking_releases set booked_at = booked_at - $2::interval, released_at = released_at - $2::interval
                    where lead_id = any($1) returning lead_id),
       m as (update public.outbox_messages set created_at = created_at - $2::interval, next_attempt_at = next_attempt_at - $2::interval,
                    sent_at = sent_at - $2::interval where lead_id = any($1) returning id),
       a as (update public.outbox_attempts set attempted_at = attempted_at - $2::interval
                    where message_id in (select id from public.outbox_messages where lead_id = any($1)) returning id),
       r as (update public.reviews set created_at = created_at - $2::interval where lead_id = any($1) returning id),
       k as (update public.auth_links set created_at = created_at - $2::interval, expires_at = expires_at - $2::interval
                    where lead_id = any($1) returning lead_id)
       select 1`,
      [ids, d, this.days],
    );
    for (const r of m.requests) {
      r.start -= this.days;
      r.end -= this.days;
      r.age += this.days;
      r.quotes.forEach((q) => {
        q.validUntil -= this.days * DAY;
        if (q.dates) q.dates = [q.dates[0] - this.days, q.dates[1] - this.days];
      });
      if (r.booking)
        r.booking = {
          ...r.booking,
          start: r.booking.start - this.days,
          end: r.booking.end - this.days,
          confirmBy: r.booking.confirmBy - this.days * DAY,
          quotedEnd: r.booking.quotedEnd - this.days,
          windowDay: r.booking.windowDay && isoDayOf(Date.parse(`${r.booking.windowDay}T12:00:00Z`) - this.days * DAY),
          windowEnd: r.booking.windowEnd && r.booking.windowEnd - this.days * DAY,
        };
    }
  }
  toString = () => `TimePasses(${this.days} days)`;
}

/** The retention job (every period a day or a month): old drafts go, requests sent over a month ago are erased. */
class Retention implements fc.AsyncCommand<Model, Database> {
  check = () => true;
  async run(m: Model, real: Database) {
    expect(await outcome(act.retention(real))).toBe("done");
    for (const r of m.requests) {
      if (r.state === "draft" && r.age >= 1) r.state = "gone";
      else if (r.state !== "draft" && r.state !== "gone" && r.state !== "erased" && r.age >= 32) erased(r);
      else if (r.state !== "draft" && r.state !== "gone" && r.state !== "erased" && r.age >= 28) {
        // A month is 28 to 31 days: read which way it went.
        const [row] = await real.owner<{ state: string }>("select state from public.leads where id = $1", [r.id]);
        if (row.state === "erased") erased(r);
      }
    }
    await expectInvariants(real, tracked(m));
    await expectErasedPhotosQueued(m, real);
  }
  toString = () => "Retention";
}

const pick = fc.nat(20);
const vendor = fc.nat(5);
const newRequest = fc
  .tuple(fc.boolean(), fc.integer({ min: 2, max: 8 }), fc.integer({ min: 1, max: 4 }), fc.boolean())
  .map(([e, s, l, same]) => new NewRequest(e, s, l, same));
// Requests, quotes and bookings come more often than the rest, so that most sequences reach a booking.
const commands = [
  newRequest,
  newRequest,
  fc.constant(new NewDraft()),
  fc
    .tuple(
      pick,
      vendor,
      fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 100_000 }), unit: fc.integer({ min: 0, max: 2_000_000 }) }), {
        minLength: 1,
        maxLength: 3,
      }),
      fc.integer({ min: 0, max: 20_000 }),
      fc.boolean(),
    )
    .map(([p, v, lines, tax, other]) => new Quote(p, v, lines, tax, other)),
  fc.tuple(pick, vendor).map(([p, v]) => new Quote(p, v, [{ quantity: 115, unit: 2750 }], 8250, false)),
  fc.tuple(pick, vendor).map(([p, v]) => new WithdrawQuote(p, v)),
  fc.tuple(pick, vendor, fc.constantFrom("contacted", "quoted", "won", "lost", "not_a_fit")).map(([p, v, s]) => new SetStatus(p, v, s)),
  pick.map((p) => new Withdraw(p)),
  fc.tuple(pick, fc.nat(5)).map(([p, q]) => new Book(p, q)),
  fc.tuple(pick, fc.nat(5)).map(([p, q]) => new Book(p, q)),
  fc.tuple(pick, fc.nat(5)).map(([p, q]) => new Book(p, q)),
  fc.tuple(pick, fc.nat(5)).map(([p, q]) => new Book(p, q)),
  fc.tuple(pick, vendor).map(([p, v]) => new Quote(p, v, [{ quantity: 200, unit: 31000 }], 0, false)),
  pick.map((p) => new Cancel(p)),
  fc
    .tuple(pick, fc.boolean(), fc.integer({ min: -2, max: 1 }), fc.integer({ min: 6, max: 14 }), fc.integer({ min: 0, max: 5 }))
    .map(([p, other, day, from, hours]) => new ConfirmWindow(p, other && from % 3 === 0, day, from, hours)),
  fc.tuple(pick).map(([p]) => new ConfirmWindow(p, false, 0, 8, 4)),
  fc.tuple(pick).map(([p]) => new ConfirmWindow(p, false, -1, 13, 3)),
  fc.constant(new Release()),
  fc.tuple(pick, fc.boolean()).map(([p, other]) => new Dispatch(p, other && p % 3 === 0)),
  fc
    .tuple(pick, fc.boolean(), fc.constantFrom(-1, 0, 1234.5), fc.constantFrom(0, 1, 3, 8, 9))
    .map(([p, other, hours, photos]) => new Deliver(p, other && p % 3 === 0, hours, photos)),
  pick.map((p) => new Deliver(p, false, 412.3, 2)),
  pick.map((p) => new Deliver(p, false, 88, 8)),
  pick.map((p) => new Arrive(p)),
  fc
    .tuple(pick, fc.constantFrom("not_arrived", "wrong_machine", "damaged"), fc.constantFrom(0, 1, 9))
    .map(([p, problem, photos]) => new ReportProblem(p, problem, photos)),
  pick.map((p) => new Delete(p)),
  fc.tuple(pick, vendor).map(([p, v]) => new Review(p, v)),
  fc.tuple(pick, fc.boolean()).map(([p, s]) => new Spam(p, s)),
  pick.map((p) => new Erase(p)),
  pick.map((p) => new Resend(p)),
  fc.boolean().map((b) => new Drain(b)),
  fc.constantFrom(1, 3, 10, 40).map((d) => new TimePasses(d)),
  fc.constant(new Retention()),
];

// The rental after the booking, reached in every run: each sequence starts from requests already
// sent and quoted by two vendors, then any order of what follows.
const rentalCommands = [
  fc.tuple(pick, fc.nat(5)).map(([p, q]) => new Book(p, q)),
  fc.tuple(pick, fc.nat(5)).map(([p, q]) => new Book(p, q)),
  fc
    .tuple(pick, fc.boolean(), fc.integer({ min: -2, max: 1 }), fc.integer({ min: 6, max: 14 }), fc.integer({ min: 0, max: 5 }))
    .map(([p, other, day, from, hours]) => new ConfirmWindow(p, other && from % 3 === 0, day, from, hours)),
  pick.map((p) => new ConfirmWindow(p, false, 0, 8, 4)),
  pick.map((p) => new ConfirmWindow(p, false, -1, 13, 3)),
  fc.constant(new Release()),
  fc.tuple(pick, fc.boolean()).map(([p, other]) => new Dispatch(p, other && p % 3 === 0)),
  fc
    .tuple(pick, fc.boolean(), fc.constantFrom(-1, 0, 1234.5), fc.constantFrom(0, 1, 3, 8, 9))
    .map(([p, other, hours, photos]) => new Deliver(p, other && p % 3 === 0, hours, photos)),
  pick.map((p) => new Deliver(p, false, 412.3, 2)),
  pick.map((p) => new Arrive(p)),
  fc
    .tuple(pick, fc.constantFrom("not_arrived", "wrong_machine", "damaged"), fc.constantFrom(0, 1, 9))
    .map(([p, problem, photos]) => new ReportProblem(p, problem, photos)),
  pick.map((p) => new Cancel(p)),
  fc.tuple(pick, fc.constantFrom(-1, 0, 2, 29)).map(([p, d]) => new Extend(p, d)),
  fc.tuple(pick, fc.boolean()).map(([p, a]) => new AnswerExtension(p, a)),
  pick.map((p) => new CallOff(p)),
  fc.tuple(pick, fc.constantFrom(-5, 3, 40), fc.constantFrom(0, 1, 2)).map(([p, used, photos]) => new PickUp(p, used, photos)),
  pick.map((p) => new PickUp(p, 12, 1)),
  fc
    .tuple(pick, fc.constantFrom("damage", "cleaning", "fuel"), fc.constantFrom(0, 25_000), fc.constantFrom(0, 1, 9))
    .map(([p, kind, cents, photos]) => new AddLine(p, kind, cents, photos)),
  pick.map((p) => new SendBill(p)),
  pick.map((p) => new SendBill(p)),
  fc.tuple(pick, fc.boolean()).map(([p, a]) => new AnswerLine(p, a)),
  pick.map((p) => new Delete(p)),
  fc.tuple(pick, vendor).map(([p, v]) => new Review(p, v)),
  fc.tuple(pick, vendor).map(([p, v]) => new WithdrawQuote(p, v)),
  pick.map((p) => new Erase(p)),
  fc.boolean().map((b) => new Drain(b)),
  fc.constantFrom(1, 2, 3, 10).map((d) => new TimePasses(d)),
  fc.constant(new Release()),
  fc.constant(new Retention()),
];

/** As a rental sequence starts: one request booked (another vendor's quote still there), one sent and quoted by two vendors. */
async function quotedRequests(): Promise<Model> {
  const model: Model = { requests: [] };
  for (const [i, start] of [3, 5].entries()) {
    await new NewRequest(true, start, 2, false).run(model, db);
    for (const v of [0, 1]) await new Quote(i, v, [{ quantity: 200, unit: 31000 + v * 1000 }], 0, false).run(model, db);
  }
  await new Book(0, 0).run(model, db);
  return model;
}

// The rental once the machine is on the job site, reached in every run: extended, called off,
// picked up, billed with lines the vendor adds, answered by the renter, in any order.
const onRentCommands = [
  fc.tuple(pick, fc.constantFrom(-1, 0, 2, 29)).map(([p, d]) => new Extend(p, d)),
  pick.map((p) => new Extend(p, 2)),
  fc.tuple(pick, fc.boolean()).map(([p, a]) => new AnswerExtension(p, a)),
  pick.map((p) => new CallOff(p)),
  fc.tuple(pick, fc.constantFrom(-5, 3, 40), fc.constantFrom(0, 1, 2)).map(([p, used, photos]) => new PickUp(p, used, photos)),
  pick.map((p) => new PickUp(p, 12, 1)),
  pick.map((p) => new PickUp(p, 30, 2)),
  fc
    .tuple(pick, fc.constantFrom("damage", "cleaning", "fuel"), fc.constantFrom(0, 25_000), fc.constantFrom(0, 1, 9))
    .map(([p, kind, cents, photos]) => new AddLine(p, kind, cents, photos)),
  pick.map((p) => new AddLine(p, "damage", 48_000, 2)),
  pick.map((p) => new AddLine(p, "cleaning", 9_500, 1)),
  pick.map((p) => new PickUp(p, 4, 1)),
  pick.map((p) => new AddLine(p, "damage", 48_000, 2)),
  pick.map((p) => new SendBill(p)),
  pick.map((p) => new SendBill(p)),
  fc.tuple(pick, fc.boolean()).map(([p, a]) => new AnswerLine(p, a)),
  fc.tuple(pick, fc.boolean()).map(([p, a]) => new AnswerLine(p, a)),
  fc.tuple(pick, fc.boolean()).map(([p, a]) => new AnswerLine(p, a)),
  pick.map((p) => new Arrive(p)),
  fc
    .tuple(pick, fc.constantFrom("not_arrived", "wrong_machine", "damaged"), fc.constantFrom(0, 1))
    .map(([p, problem, photos]) => new ReportProblem(p, problem, photos)),
  pick.map((p) => new Cancel(p)),
  pick.map((p) => new Delete(p)),
  fc.tuple(pick, vendor).map(([p, v]) => new Review(p, v)),
  pick.map((p) => new Erase(p)),
  fc.boolean().map((b) => new Drain(b)),
  fc.constantFrom(1, 40).map((d) => new TimePasses(d)),
  fc.constant(new Retention()),
];

/** As an on-rent sequence starts: one request booked, its window confirmed for its first day, that day come, and the machine delivered. */
async function deliveredRental(): Promise<Model> {
  const model: Model = { requests: [] };
  await new NewRequest(true, 3, 2, false).run(model, db);
  await new Quote(0, 0, [{ quantity: 200, unit: 31000 }], 8250, false).run(model, db);
  await new Book(0, 0).run(model, db);
  await new ConfirmWindow(0, false, 0, 8, 4).run(model, db);
  // A day past the window's: its day is a UTC date, and in the job site's zone the UTC day's first
  // hours are still the day before, when delivering is too early.
  await new TimePasses(4).run(model, db);
  await new Deliver(0, false, 100, 2).run(model, db);
  expect(model.requests[0].state).toBe("on_rent");
  return model;
}

describe("a request's life, model-based", () => {
  it("every table that holds a request's rows is searched for an erased person", async () => {
    await expectEveryHolderSearched(db);
  });

  it("lets a renter report a machine that never came once its window has passed, before any delivery, and the vendor still deliver it", async () => {
    const model = await quotedRequests();
    const steps = [
      new ConfirmWindow(0, false, -1, 13, 3),
      new ReportProblem(0, "not_arrived", 0),
      new TimePasses(3),
      new ReportProblem(0, "not_arrived", 0),
      new Deliver(0, false, 88, 2),
      new Arrive(0),
    ];
    for (const step of steps) await step.run(model, db);
    expect(tally.get("reportProblem window-open")).toBe(1);
    expect(model.requests[0]).toMatchObject({ state: "on_rent", booking: { problem: true, arrived: false } });
  });

  it("keeps every promise in any order of renters', vendors', operators' and jobs' events", async () => {
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: "max" }), async (steps) => {
        await fc.asyncModelRun(() => ({ model: { requests: [] } as Model, real: db }), steps);
      }),
      { numRuns: RUNS },
    );
    console.log(
      [...tally]
        .sort()
        .map(([step, n]) => `  ${step}: ${n}`)
        .join("\n"),
    );
    console.log(
      `request life: ${RUNS} sequences of up to 30 steps in ${((performance.now() - started) / 1000).toFixed(1)} s; ${invitationsChecked} calendar invitations checked`,
    );
  }, 600_000);

  it("keeps every promise in any order of what follows a booking: windows, releases, deliveries, answers, cancellations, erasure", async () => {
    tally.clear();
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(fc.commands(rentalCommands, { maxCommands: 15, size: "max" }), async (steps) => {
        const model = await quotedRequests();
        await fc.asyncModelRun(() => ({ model, real: db }), steps);
      }),
      // Each sequence starts from a booking, so fewer of them cover its transitions as well.
      { numRuns: RENTAL_RUNS },
    );
    console.log(
      [...tally]
        .sort()
        .map(([step, n]) => `  ${step}: ${n}`)
        .join("\n"),
    );
    console.log(`rental life: ${RENTAL_RUNS} sequences of up to 15 steps in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }, 600_000);

  it("keeps every promise in any order of what follows a delivery: extensions, call-offs, pickups, bills and their answers, erasure", async () => {
    tally.clear();
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(fc.commands(onRentCommands, { maxCommands: 25, size: "max" }), async (steps) => {
        const model = await deliveredRental();
        await fc.asyncModelRun(() => ({ model, real: db }), steps);
      }),
      { numRuns: RENTAL_RUNS },
    );
    console.log(
      [...tally]
        .sort()
        .map(([step, n]) => `  ${step}: ${n}`)
        .join("\n"),
    );
    console.log(`on-rent life: ${RENTAL_RUNS} sequences of up to 25 steps in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }, 600_000);
});
