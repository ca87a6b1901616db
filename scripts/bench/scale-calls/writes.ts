import { randomBytes, randomUUID } from "node:crypto";
import { IMPORT_BATCH_ROWS } from "../../../lib/listings/import";
import { RETENTION_BATCH } from "../../../lib/privacy/periods";
import { payloadTotals } from "../../../lib/quotes/money";
import { BUSY_MANAGER_EMAIL, median, PAGE, TIMED_RUNS, WARM_UP_RUNS, type Call, type Engine, type Subjects } from "./types";

/** Each line's runs, warm-up and timed: a write's subjects taken by offset are this far apart. */
const RUNS = WARM_UP_RUNS + TIMED_RUNS;

/*
 * The writes actions and jobs make, each run on a fresh subject found (or made) with untimed queries
 * before it is timed. Every line checks what its call returned: a function that refuses raises, and
 * one that answers "nothing done" (false, null, no messages) fails the line, so a figure is never
 * the time of a refusal. Lines that destroy data (erasure, a renter's delete) come last, and the
 * retention job very last.
 */

const OPERATOR = "bench-operator@example.com";
/** A hash as the site stores one (hex SHA-256 of a token). */
const hash = () => randomBytes(32).toString("hex");
/** A browser's owner token or client key. */
const token = () => randomBytes(24).toString("hex");
const tag = () => randomBytes(4).toString("hex");

/** The one row a subject query finds, or an error naming what was looked for. */
async function one(engine: Engine, what: string, sql: string, params: unknown[] = []): Promise<Record<string, unknown>> {
  const [row] = await engine.query(sql, params);
  if (!row) throw new Error(`No subject: ${what}`);
  return row;
}

const num = (value: unknown) => Number(value);

/** A quote as the quote form sends it: a day rate for the request's days and delivery both ways, with tax. */
function quote(days: number) {
  const lines = [
    { kind: "rental", label: "Day", quantity: Math.max(1, days), unit_cents: 27_500 },
    { kind: "delivery", label: "Delivery and pickup (each way)", quantity: 2, unit_cents: 9_500 },
  ];
  return {
    machine_class: "medium",
    model: "Bobcat S650",
    available: true,
    lines,
    included_hours: 8,
    over_hour_cents: 4_500,
    fuel_policy: "full_to_full",
    tax_percent: 8.25,
    total_cents: payloadTotals(lines, 8.25).total_cents,
    message: "We can deliver the morning before.",
  };
}

/** A rate card as the rate card form sends it. */
const card = (day: number) => ({
  classes: [
    { class: "medium", day, week: day * 4, four_week: day * 12, day_hours: 8, week_hours: 40, four_week_hours: 160 },
    { class: "track", day: day + 50, week: (day + 50) * 4, four_week: (day + 50) * 12, day_hours: 8, week_hours: 40, four_week_hours: 160 },
  ],
  delivery: { fee: 95, miles: 25, per_mile: 3.5 },
  waiver_percent: 12,
  fees: [{ label: "Environmental fee", percent: 2 }],
  published: true,
});

/** A city of the directory with a ZIP of its own (for submissions and imports). */
const CITY_SQL = `select s.slug as state_slug, s.code as state_code, c.slug as city_slug, c.name as city_name, p.code as zip
  from public.cities c join public.states s on s.id = c.state_id join public.postcodes p on p.city_id = c.id
  where s.country_id = 1 order by c.id, p.code offset $1 limit 1`;

/** The ZIP of a vendor's own address. */
const vendorZip = async (engine: Engine, vendor: number) =>
  String(
    (
      await one(
        engine,
        "vendor's ZIP",
        `select p.code from public.vendors v join public.postcodes p on p.id = v.postcode_id where v.id = $1`,
        [vendor],
      )
    ).code,
  );

/** A request that is sent and not over (its rental has not ended), not spam. */
/** 100 photo files of erased requests queued for deletion (the queue is private: written as the owner). */
const QUEUE_PHOTO_DELETIONS =
  "insert into private.photo_deletions (path) select 'rentals/0/delivery-' || md5(random()::text) || '.jpg' from generate_series(1, 100)";

const LIVE = `l.completed and l.state = 'sent' and l.rental_end_date >= current_date and not l.spam`;
/** The emailed status link of a request, which proves it the renter's (its token's hash). */
const STATUS_LINK = `(select a.token_hash from public.auth_links a where a.lead_id = l.id and a.purpose = 'lead_status' and a.expires_at > now() limit 1)`;

/** A photo's path in the store, as lib/storage/photos.ts names it. */
const photoPath = (lead: number, record: string) => `rentals/${lead}/${record}-${randomBytes(12).toString("hex")}.jpg`;

/**
 * A rental of the busy listing brought to a stage through the product's own calls: a request sent
 * from its page, quoted and booked by the browser that sent it, then its window confirmed, the
 * machine on its way, delivered.
 */
async function busyRental(s: Subjects, e: Engine, stage: "booked" | "confirmed" | "on_the_way" | "on_rent" | "returned" | "billed") {
  const [place] = await e.query("select p.code from public.vendors v join public.postcodes p on p.id = v.postcode_id where v.id = $1", [
    s.busyVendor,
  ]);
  const lead = await draft(e, s.busyVendor);
  await e.query(COMPLETE_SQL, await completion(e, lead, String(place.code), s.busyVendor, false));
  const id = lead.id;
  const manager = [BUSY_MANAGER_EMAIL, s.busyVendor, id];
  const [saved] = await e.query("select public.business_save_quote($1, $2, $3, $4::jsonb) as q", [...manager, quote(4)]);
  await e.query("select public.renter_book_quote($1, $2, null, $3, '2200 Ship Channel Road', null, 'Dana Site', '555-010-0199', 'any')", [
    id,
    lead.owner,
    num((saved.q as { id: number }).id),
  ]);
  if (stage !== "booked")
    await e.query("select public.business_confirm_window($1, $2, $3, $4::date, '08:00', '12:00')", [...manager, dateIn(7)]);
  // The window's day comes: the window moved to this hour, as days passing would.
  if (stage !== "booked")
    await e.query("update public.bookings set window_start = now(), window_end = now() + interval '2 hours' where lead_id = $1", [id]);
  if (stage !== "booked" && stage !== "confirmed") await e.query("select public.business_dispatch($1, $2, $3)", manager);
  if (stage !== "booked" && stage !== "confirmed" && stage !== "on_the_way")
    await e.query("select public.business_deliver($1, $2, $3, 1200, 8, $4)", [...manager, [photoPath(id, "delivery")]]);
  if (stage === "returned" || stage === "billed")
    await e.query("select public.business_pick_up($1, $2, $3, 1240, 6, $4)", [...manager, [photoPath(id, "pickup")]]);
  if (stage === "billed") {
    await e.query("select public.business_add_bill_line($1, $2, $3, 'damage', 'Bent bucket', 48000, 'Bent', $4)", [
      ...manager,
      [photoPath(id, "bill")],
    ]);
    await e.query("select public.business_send_bill($1, $2, $3)", manager);
  }
  return { id, start: dateIn(7), owner: lead.owner };
}

/** A fresh draft of a new browser, started as the rental dialog starts it. */
async function draft(engine: Engine, vendor: number | null) {
  const owner = token();
  const [row] = await engine.query(`select public.create_lead($1, $2, $3) as id`, [owner, token(), vendor]);
  return { id: num(row.id), owner };
}

/** The arguments of complete_lead for a draft, with the consent sentence naming the vendors it is routed to. */
async function completion(engine: Engine, lead: { id: number; owner: string }, zip: string, vendor: number | null, widen: boolean) {
  const [consent] = await engine.query(
    `select private.consent_text(array(select v.name from public.lead_route($1, $2, $3) r
                                       join public.vendors v on v.id = r.vendor_id order by r.rank)) as text`,
    [zip, vendor, widen],
  );
  return [
    lead.id,
    lead.owner,
    "tracked",
    dateIn(7),
    dateIn(10),
    "Bench Renter",
    "(555) 030-1234",
    zip,
    widen,
    false,
    `renter-${tag()}@example.com`,
    { text: consent.text, page: "/us/texas/houston" },
    hash().slice(0, 32),
  ];
}
const COMPLETE_SQL = `select public.complete_lead($1, $2, $3, $4::date, $5::date, $6, $7, $8, $9, $10, $11, $12::jsonb, $13) as result`;

/** A date this many days from today (the server's day), as the form sends it. */
function dateIn(days: number) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface Write {
  fn: string;
  name: string;
  sql: string;
  params: Call["params"];
  /** Whether the call did what it was asked (the `result` column of its one row); a refusal raises anyway. */
  ok?: (result: unknown) => boolean;
}

/**
 * A write line: as bench:scale times calls (median of 3 after the warm-up runs, each run on the subject its
 * params find or make), and the call's result checked on every run.
 */
function write(line: Write): Call {
  return {
    ...line,
    measure: async (subjects: Subjects, engine: Engine) => {
      const runs: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const params = await line.params(subjects, engine, run);
        const started = performance.now();
        const rows = await engine.query(line.sql, params);
        const took = performance.now() - started;
        if (line.ok && !line.ok(rows[0]?.result)) {
          throw new Error(`${line.name}: run ${run} did nothing: ${JSON.stringify(rows[0]?.result)}`);
        }
        if (run >= WARM_UP_RUNS) runs.push(took);
      }
      return median(runs);
    },
  };
}

/** A counter per line, for subjects a call does not change (the run-th of them). */
function counter() {
  let n = 0;
  return () => n++;
}

const statusLinkLead = counter();
const emailLinkRecipient = counter();
const claimVendor = counter();
const changeVendor = counter();
const hiddenVendor = counter();
const editedVendor = counter();
const rateVendor = counter();
const resendRequest = counter();
let lastHidden: number | null = null;

export const WRITES: Call[] = [
  // The rental dialog.
  write({
    fn: "create_lead",
    name: "opening the rental dialog (create_lead)",
    sql: "select public.create_lead($1, $2, $3) as result",
    params: (s) => [token(), token(), s.busyVendor],
    ok: (id) => num(id) > 0,
  }),
  write({
    fn: "update_lead",
    name: "saving a step of the dialog (update_lead)",
    sql: "select public.update_lead($1, $2, $3, $4, $5::date, $6::date, $7, $8, $9, $10) as result",
    params: async (s, e) => {
      const lead = await draft(e, null);
      return [lead.id, lead.owner, 2, "tracked", dateIn(7), dateIn(10), null, null, await vendorZip(e, s.busyVendor), false];
    },
  }),
  write({
    fn: "complete_lead",
    name: "sending a request, routed near the ZIP (complete_lead)",
    sql: COMPLETE_SQL,
    params: async (s, e) => {
      const lead = await draft(e, null);
      return completion(e, lead, await vendorZip(e, s.busyVendor), null, false);
    },
    ok: (r) => (r as { recipients: number }).recipients > 0,
  }),
  write({
    fn: "complete_lead",
    name: "sending a request from the busy listing, widened",
    sql: COMPLETE_SQL,
    params: async (s, e) => {
      const lead = await draft(e, s.busyVendor);
      return completion(e, lead, await vendorZip(e, s.busyVendor), s.busyVendor, true);
    },
    ok: (r) => (r as { recipients: number }).recipients > 1,
  }),
  write({
    fn: "count_write_attempt",
    name: "an abuse limit's count (count_write_attempt)",
    sql: "select public.count_write_attempt('lead', $1, interval '1 hour', 30, 'Too many rental requests') as result",
    params: () => [token()],
  }),

  // The renter's request.
  write({
    fn: "withdraw_lead",
    name: "withdrawing a request by its status link (withdraw_lead)",
    sql: "select public.withdraw_lead($1, null, $2) as result",
    params: async (_s, e) => {
      const row = await one(
        e,
        "a sent request with a status link",
        `select l.id, ${STATUS_LINK} as link from public.leads l
         where ${LIVE} and exists (select 1 from public.auth_links a where a.lead_id = l.id and a.purpose = 'lead_status' and a.expires_at > now())
         order by l.id desc limit 1`,
      );
      return [num(row.id), row.link];
    },
  }),
  write({
    fn: "renter_book_quote",
    name: "booking a quote (renter_book_quote)",
    sql: "select public.renter_book_quote($1, null, $2, $3, '2200 Ship Channel Road', 'Gate code 4321', 'Dana Site', '555-010-0199', 'morning') as result",
    params: async (_s, e) => {
      const row = await one(
        e,
        "a sent request with an open, valid quote and a status link",
        `select l.id, q.id as quote_id, ${STATUS_LINK} as link from public.leads l
         join public.quotes q on q.lead_id = l.id and q.status = 'open' and q.valid_until > now() + interval '1 minute'
         where ${LIVE} and exists (select 1 from public.auth_links a where a.lead_id = l.id and a.purpose = 'lead_status' and a.expires_at > now())
         order by (select count(*) from public.quotes x where x.lead_id = l.id) desc, l.id desc limit 1`,
      );
      return [num(row.id), row.link, num(row.quote_id)];
    },
    ok: (r) => (r as { status: string }).status === "booked",
  }),
  write({
    fn: "business_confirm_window",
    name: "confirming a delivery window, busy listing (business_confirm_window)",
    sql: "select public.business_confirm_window($1, $2, $3, $4::date, '08:00', '12:00') as result",
    params: async (s, e) => {
      const rental = await busyRental(s, e, "booked");
      return [BUSY_MANAGER_EMAIL, s.busyVendor, rental.id, rental.start];
    },
    ok: (r) => Boolean((r as { confirmed_at: string | null }).confirmed_at),
  }),
  write({
    fn: "business_dispatch",
    name: "marking the machine on its way, busy listing (business_dispatch)",
    sql: "select public.business_dispatch($1, $2, $3) as result",
    params: async (s, e) => [BUSY_MANAGER_EMAIL, s.busyVendor, (await busyRental(s, e, "confirmed")).id],
    ok: (r) => Boolean((r as { dispatched_at: string | null }).dispatched_at),
  }),
  write({
    fn: "business_deliver",
    name: "marking the machine delivered with photos, busy listing (business_deliver)",
    sql: "select public.business_deliver($1, $2, $3, 1234.5, 8, $4) as result",
    params: async (s, e) => {
      const rental = await busyRental(s, e, "on_the_way");
      return [BUSY_MANAGER_EMAIL, s.busyVendor, rental.id, [photoPath(rental.id, "delivery"), photoPath(rental.id, "delivery")]];
    },
    ok: (r) => Boolean((r as { delivered_at: string | null }).delivered_at),
  }),
  write({
    fn: "renter_confirm_arrival",
    name: "confirming the machine arrived (renter_confirm_arrival)",
    sql: "select public.renter_confirm_arrival($1, $2, null) as result",
    params: async (s, e) => {
      const rental = await busyRental(s, e, "on_rent");
      return [rental.id, rental.owner];
    },
    ok: (r) => Boolean((r as { arrived_at: string | null }).arrived_at),
  }),
  write({
    fn: "renter_report_problem",
    name: "reporting a problem with a delivery (renter_report_problem)",
    sql: "select public.renter_report_problem($1, $2, null, 'damaged', 'The bucket is bent', $3) as result",
    params: async (s, e) => {
      const rental = await busyRental(s, e, "on_rent");
      return [rental.id, rental.owner, [photoPath(rental.id, "problem")]];
    },
    ok: (r) => (r as { problem: string | null }).problem === "damaged",
  }),
  write({
    fn: "renter_rental_check",
    name: "checking a renter's step before its photos (renter_rental_check)",
    sql: "select public.renter_rental_check($1, $2, null, 'report_problem') as result",
    params: async (s, e) => {
      const rental = await busyRental(s, e, "on_rent");
      return [rental.id, rental.owner];
    },
    ok: (r) => r === true,
  }),
  write({
    fn: "business_rental_check",
    name: "checking a vendor's step before its photos, busy listing (business_rental_check)",
    sql: "select public.business_rental_check($1, $2, $3, 'pick_up') as result",
    params: async (s, e) => [BUSY_MANAGER_EMAIL, s.busyVendor, (await busyRental(s, e, "on_rent")).id],
    ok: (r) => r === true,
  }),
  write({
    fn: "renter_extend",
    name: "asking to extend a rental (renter_extend)",
    sql: "select public.renter_extend($1, $2, null, $3::date) as result",
    params: async (s, e) => {
      const rental = await busyRental(s, e, "on_rent");
      return [rental.id, rental.owner, dateIn(14)];
    },
    ok: (r) => (r as { extensions: unknown[] }).extensions.length === 1,
  }),
  write({
    fn: "business_answer_extension",
    name: "accepting an extension, busy listing (business_answer_extension)",
    sql: "select public.business_answer_extension($1, $2, $3, true) as result",
    params: async (s, e) => {
      const rental = await busyRental(s, e, "on_rent");
      await e.query("select public.renter_extend($1, $2, null, $3::date)", [rental.id, rental.owner, dateIn(14)]);
      return [BUSY_MANAGER_EMAIL, s.busyVendor, rental.id];
    },
    ok: (r) => (r as { end_date: string }).end_date === dateIn(14),
  }),
  write({
    fn: "renter_call_off",
    name: "calling a rental off (renter_call_off)",
    sql: "select public.renter_call_off($1, $2, null) as result",
    params: async (s, e) => {
      const rental = await busyRental(s, e, "on_rent");
      return [rental.id, rental.owner];
    },
    ok: (r) => Boolean((r as { call_off_number: string | null }).call_off_number),
  }),
  write({
    fn: "business_pick_up",
    name: "recording a pickup and building the bill, busy listing (business_pick_up)",
    sql: "select public.business_pick_up($1, $2, $3, 1240, 6, $4) as result",
    params: async (s, e) => {
      const rental = await busyRental(s, e, "on_rent");
      return [BUSY_MANAGER_EMAIL, s.busyVendor, rental.id, [photoPath(rental.id, "pickup")]];
    },
    ok: (r) => (r as { bill: unknown[] }).bill.length > 0,
  }),
  write({
    fn: "business_add_bill_line",
    name: "adding a damage line to a bill, busy listing (business_add_bill_line)",
    sql: "select public.business_add_bill_line($1, $2, $3, 'damage', 'Bent bucket', 48000, 'Bent on a rock', $4) as result",
    params: async (s, e) => {
      const rental = await busyRental(s, e, "returned");
      return [BUSY_MANAGER_EMAIL, s.busyVendor, rental.id, [photoPath(rental.id, "bill")]];
    },
    ok: (r) => (r as { bill: Array<{ in_quote: boolean }> }).bill.some((line) => !line.in_quote),
  }),
  write({
    fn: "business_send_bill",
    name: "sending the final bill, busy listing (business_send_bill)",
    sql: "select public.business_send_bill($1, $2, $3) as result",
    params: async (s, e) => [BUSY_MANAGER_EMAIL, s.busyVendor, (await busyRental(s, e, "returned")).id],
    ok: (r) => Boolean((r as { billed_at: string | null }).billed_at),
  }),
  write({
    fn: "renter_answer_line",
    name: "disputing a bill line, settling the bill (renter_answer_line)",
    sql: "select public.renter_answer_line($1, $2, null, $3, false, 'It was bent when it came') as result",
    params: async (s, e) => {
      const rental = await busyRental(s, e, "billed");
      const [line] = await e.query("select id from public.bill_lines where lead_id = $1 and not in_quote", [rental.id]);
      return [rental.id, rental.owner, num(line.id)];
    },
    ok: (r) => Boolean((r as { settled_at: string | null }).settled_at),
  }),
  write({
    fn: "business_rental",
    name: "a rental's printable bill, busy listing (business_rental)",
    sql: "select public.business_rental($1, $2, $3) as result",
    params: async (s, e) => [BUSY_MANAGER_EMAIL, s.busyVendor, (await busyRental(s, e, "billed")).id],
    ok: (r) => Boolean(r),
  }),
  write({
    fn: "pass_on_silent_requests",
    name: "handing on a silent vendor's request (pass_on_silent_requests)",
    sql: "select public.pass_on_silent_requests(50) as result",
    params: async (_s, e) => {
      await one(
        e,
        "a waiting request's silent vendor",
        `update public.lead_recipients r set due_at = now() - interval '1 minute'
         from (select r.lead_id, r.vendor_id from public.lead_recipients r join public.leads l on l.id = r.lead_id
               where l.state = 'sent' and not l.spam and r.responded_at is null and r.status is null and r.passed_at is null
                 and l.rental_start_date > current_date + 1
               order by l.id desc limit 1) x
         where r.lead_id = x.lead_id and r.vendor_id = x.vendor_id returning r.lead_id`,
      );
      return [];
    },
    ok: (r) => Number(r) >= 1,
  }),
  write({
    fn: "count_responses",
    name: "counting 20 listings' response figures, the busy listing's among them (count_responses)",
    sql: "select public.count_responses() as result",
    // As the timed round meets them: the busy listing and the 19 that answered most, due together.
    params: async (s, e) => {
      await e.exec("do $$ begin while public.count_responses(1000) is not null loop end loop; end $$");
      const busy = Number(s.busyVendor);
      await e.exec(`insert into private.responses_due (vendor_id, since)
         select id, now() from public.vendors
         where id = ${busy} or id in (select id from public.vendors where id <> ${busy} order by response_count desc nulls last limit 19)`);
      return [];
    },
    ok: (r) => Number(r) === 20,
  }),
  write({
    fn: "lead_text_link",
    name: "outbox minting a vendor's text link (lead_text_link)",
    sql: "select public.lead_text_link($1, $2, $3) as result",
    params: async (_s, e) => {
      const row = await one(
        e,
        "a recipient with an email address",
        `select r.lead_id, r.vendor_id from public.lead_recipients r join public.vendors v on v.id = r.vendor_id
         where v.email is not null order by r.lead_id desc limit 1`,
      );
      return [num(row.lead_id), num(row.vendor_id), hash()];
    },
    ok: (r) => r === true,
  }),
  write({
    fn: "text_status",
    name: "a text's delivery status callback (text_status)",
    sql: "select public.text_status($1, 'delivered', null) as result",
    params: async (_s, e) => {
      const row = await one(
        e,
        "a sent text",
        `insert into public.outbox_messages (kind, channel, recipient, status, sent_at, provider_id, delivery_status, text_zone)
         values ('sign_in', 'sms', '+1832555' || lpad((random() * 9999)::int::text, 4, '0'), 'sent', now(), $1, 'queued', 'America/Chicago')
         returning provider_id`,
        [`SM${tag()}${tag()}`],
      );
      return [row.provider_id];
    },
    ok: (r) => r === true,
  }),
  write({
    fn: "text_reply",
    name: "a text received: STOP (text_reply)",
    sql: "select public.text_reply($1, 'STOP', $2) as result",
    params: async () => [
      `+1832${String(200 + (parseInt(tag(), 16) % 800))}${String(parseInt(tag(), 16) % 10000).padStart(4, "0")}`,
      `SM${tag()}${tag()}`,
    ],
    ok: (r) => r === "stop",
  }),
  write({
    fn: "text_refused",
    name: "the provider refusing a number (text_refused)",
    sql: "select public.text_refused($1, '21614') as result",
    params: async () => [`+1713${String(200 + (parseInt(tag(), 16) % 800))}${String(parseInt(tag(), 16) % 10000).padStart(4, "0")}`],
    ok: (r) => r === true,
  }),
  write({
    fn: "release_overdue_bookings",
    name: "releasing a booking not confirmed in time (release_overdue_bookings)",
    sql: "select public.release_overdue_bookings(100) as result",
    params: async (s, e) => {
      const rental = await busyRental(s, e, "booked");
      await e.query("update public.bookings set confirm_by = now() - interval '1 minute' where lead_id = $1", [rental.id]);
      return [];
    },
    ok: (r) => Number(r) >= 1,
  }),
  write({
    fn: "photo_deletions_claim",
    name: "claiming erased requests' photo files (photo_deletions_claim)",
    sql: "select public.photo_deletions_claim(100) as result",
    params: async (_s, e) => {
      await e.exec(QUEUE_PHOTO_DELETIONS);
      return [];
    },
    ok: (r) => (r as string[]).length >= 1,
  }),
  write({
    fn: "photo_deletions_done",
    name: "taking deleted photo files off the queue (photo_deletions_done)",
    sql: "select public.photo_deletions_done($1) as result",
    params: async (_s, e) => {
      // The queue is private: its paths are read as the job reads them, by claiming them.
      await e.exec(QUEUE_PHOTO_DELETIONS);
      const [row] = await e.query("select public.photo_deletions_claim(100) as paths");
      return [row.paths];
    },
  }),
  write({
    fn: "renter_cancel_booking",
    name: "cancelling a booking (renter_cancel_booking)",
    sql: "select public.renter_cancel_booking($1, null, $2, 'Plans changed') as result",
    params: async (_s, e) => {
      const row = await one(
        e,
        "a booking not yet started with a status link",
        `select l.id, ${STATUS_LINK} as link from public.leads l
         join public.bookings b on b.lead_id = l.id and b.status = 'booked' and b.start_date > current_date
         where l.state = 'booked'
           and exists (select 1 from public.auth_links a where a.lead_id = l.id and a.purpose = 'lead_status' and a.expires_at > now())
         order by l.id desc limit 1`,
      );
      return [num(row.id), row.link];
    },
    ok: (r) => (r as { status: string }).status === "cancelled",
  }),
  write({
    fn: "renter_review_save",
    name: "writing a review (renter_review_save)",
    sql: "select public.renter_review_save($1, $2, null, $3, $4, 5, 'On time and the machine ran well.', false) as result",
    params: async (_s, e) => {
      const row = await one(
        e,
        "an answered request with a status link and no review",
        `select l.id, r.vendor_id, ${STATUS_LINK} as link from public.leads l
         join public.lead_recipients r on r.lead_id = l.id and r.responded_at is not null
         where l.completed and l.state in ('sent', 'booked', 'cancelled') and l.withdrawn_at is null
           and not exists (select 1 from public.reviews v where v.lead_id = l.id)
           and exists (select 1 from public.auth_links a where a.lead_id = l.id and a.purpose = 'lead_status' and a.expires_at > now())
         order by l.id desc limit 1`,
      );
      return [num(row.id), num(row.vendor_id), row.link, token()];
    },
    ok: (id) => num(id) > 0,
  }),

  // The outbox: claiming, links minted as emails are rendered, outcomes.
  write({
    fn: "claim_outbox_messages",
    name: "outbox claiming a batch of 20 (claim_outbox_messages)",
    sql: "select public.claim_outbox_messages(20, 120) as result",
    params: async (_s, e) => {
      // Twenty invitations to review come due, for requests that gave an email address.
      await e.query(
        `insert into public.outbox_messages (kind, lead_id, channel, recipient, next_attempt_at)
         select 'review_invite', l.id, 'email', l.renter_email, now() - interval '1 second' from public.leads l
         where l.completed and l.state = 'sent' and l.renter_email is not null
           and not exists (select 1 from public.outbox_messages m where m.lead_id = l.id and m.kind = 'review_invite')
         order by l.id desc limit 20`,
      );
      return [];
    },
    ok: (r) => Array.isArray(r) && r.length === 20,
  }),
  write({
    fn: "record_outbox_message",
    name: "outbox recording a sent message (record_outbox_message)",
    sql: "select public.record_outbox_message($1, $2::uuid, true, 'smtp', null, 6) as result",
    params: async (_s, e) => {
      const claim = randomUUID();
      const row = await one(
        e,
        "a claimed message",
        `insert into public.outbox_messages (kind, channel, recipient, status, attempts, claim_id, claimed_until)
         values ('sign_in', 'email', $1, 'sending', 1, $2::uuid, now() + interval '2 minutes') returning id`,
        [BUSY_MANAGER_EMAIL, claim],
      );
      return [num(row.id), claim];
    },
    ok: (r) => r === true,
  }),
  write({
    fn: "outbox_link",
    name: "outbox minting a sign-in link (outbox_link)",
    sql: "select public.outbox_link($1, $2) as result",
    params: async (_s, e) => {
      const row = await one(
        e,
        "a claimed sign-in message",
        `insert into public.outbox_messages (kind, channel, recipient, status, attempts, claim_id, claimed_until)
         values ('sign_in', 'email', $1, 'sending', 1, $2::uuid, now() + interval '2 minutes') returning id`,
        [BUSY_MANAGER_EMAIL, randomUUID()],
      );
      return [num(row.id), hash()];
    },
    ok: (r) => r === true,
  }),
  write({
    fn: "lead_email_links",
    name: "outbox minting a request email's links (lead_email_links)",
    sql: "select public.lead_email_links($1, $2, $3, $4, $5, $6) as result",
    params: async (_s, e) => {
      const row = await one(
        e,
        "a recipient with an email address",
        `select r.lead_id, r.vendor_id from public.lead_recipients r join public.vendors v on v.id = r.vendor_id
         join public.leads l on l.id = r.lead_id
         where v.email is not null and l.state = 'sent' order by r.lead_id desc, r.vendor_id offset $1 limit 1`,
        [emailLinkRecipient()],
      );
      return [num(row.lead_id), num(row.vendor_id), hash(), hash(), hash(), hash()];
    },
    ok: (r) => typeof (r as { claim?: unknown })?.claim === "boolean",
  }),
  write({
    fn: "renter_status_link",
    name: "outbox minting a renter's status link (renter_status_link)",
    sql: "select public.renter_status_link($1, $2) as result",
    params: async (_s, e) => {
      const row = await one(
        e,
        "a request with the renter's email",
        `select l.id from public.leads l where l.completed and l.renter_email is not null and l.state = 'sent'
         order by l.id desc offset $1 limit 1`,
        [statusLinkLead()],
      );
      return [num(row.id), hash()];
    },
  }),
  write({
    fn: "review_invite_now",
    name: "invitation to review sent now (review_invite_now)",
    sql: "select public.review_invite_now($1) as result",
    params: async (_s, e) => {
      const row = await one(
        e,
        "a request whose invitation waits",
        `insert into public.outbox_messages (kind, lead_id, channel, recipient, next_attempt_at)
         select 'review_invite', l.id, 'email', l.renter_email, now() + interval '3 days' from public.leads l
         where l.completed and l.state = 'sent' and l.renter_email is not null
           and not exists (select 1 from public.outbox_messages m where m.lead_id = l.id and m.kind = 'review_invite')
         order by l.id desc limit 1 returning lead_id`,
      );
      return [num(row.lead_id)];
    },
  }),

  // The business: the busy listing's requests and quotes.
  write({
    fn: "business_save_quote",
    name: "saving a quote, busy listing (business_save_quote)",
    sql: "select public.business_save_quote($1, $2, $3, $4::jsonb) as result",
    params: async (s, e) => {
      const row = await one(
        e,
        "a sent request the busy listing has not quoted",
        `select l.id, l.rental_days from public.lead_recipients r join public.leads l on l.id = r.lead_id
         where r.vendor_id = $1 and not r.spam and ${LIVE} and l.rental_start_date > current_date
           and not exists (select 1 from public.quotes q where q.lead_id = l.id and q.vendor_id = $1)
         order by l.id desc limit 1`,
        [s.busyVendor],
      );
      return [BUSY_MANAGER_EMAIL, s.busyVendor, num(row.id), quote(num(row.rental_days))];
    },
    ok: (r) => (r as { status: string }).status === "open",
  }),
  write({
    fn: "business_set_lead_status",
    name: "marking contacted, busy listing (business_set_lead_status)",
    sql: "select public.business_set_lead_status($1, $2, $3, 'contacted', '') as result",
    params: async (s, e) => {
      const row = await one(
        e,
        "a sent request the busy listing has not answered",
        `select l.id from public.lead_recipients r join public.leads l on l.id = r.lead_id
         where r.vendor_id = $1 and r.status is null and ${LIVE} order by l.id desc limit 1`,
        [s.busyVendor],
      );
      return [BUSY_MANAGER_EMAIL, s.busyVendor, num(row.id)];
    },
  }),
  write({
    fn: "business_withdraw_quote",
    name: "withdrawing a quote, busy listing (business_withdraw_quote)",
    sql: "select public.business_withdraw_quote($1, $2, $3) as result",
    params: async (s, e) => {
      const row = await one(
        e,
        "a sent request with the busy listing's open quote",
        `select l.id from public.quotes q join public.leads l on l.id = q.lead_id
         where q.vendor_id = $1 and q.status = 'open' and ${LIVE} order by l.id desc limit 1`,
        [s.busyVendor],
      );
      return [BUSY_MANAGER_EMAIL, s.busyVendor, num(row.id)];
    },
    ok: (r) => (r as { status: string }).status === "withdrawn",
  }),
  write({
    fn: "quote_link_save",
    name: "saving a quote from the emailed link (quote_link_save)",
    sql: "select public.quote_link_save($1, $2::jsonb) as result",
    params: async (_s, e) => {
      const row = await one(
        e,
        "an emailed quote link of a request its listing has not quoted",
        `select a.token_hash, l.rental_days from public.auth_links a join public.leads l on l.id = a.lead_id
         join public.lead_recipients r on r.lead_id = l.id and r.vendor_id = a.vendor_id and not r.spam
         where a.purpose = 'lead_quote' and a.expires_at > now() and ${LIVE} and l.rental_start_date > current_date
           and not exists (select 1 from public.quotes q where q.lead_id = l.id and q.vendor_id = a.vendor_id)
         order by l.id desc limit 1`,
      );
      return [row.token_hash, quote(num(row.rental_days))];
    },
    ok: (r) => (r as { status: string }).status === "open",
  }),
  write({
    fn: "quote_link_withdraw",
    name: "withdrawing a quote from the emailed link (quote_link_withdraw)",
    sql: "select public.quote_link_withdraw($1) as result",
    params: async (_s, e) => {
      const row = await one(
        e,
        "an emailed quote link whose listing's quote is open",
        `select a.token_hash from public.auth_links a join public.leads l on l.id = a.lead_id
         join public.quotes q on q.lead_id = l.id and q.vendor_id = a.vendor_id and q.status = 'open'
         where a.purpose = 'lead_quote' and a.expires_at > now() and ${LIVE}
         order by l.id desc limit 1`,
      );
      return [row.token_hash];
    },
    ok: (r) => (r as { status: string }).status === "withdrawn",
  }),
  write({
    fn: "business_link_use",
    name: 'emailed "I\'ve contacted this customer" link (business_link_use)',
    sql: "select public.business_link_use($1, 'lead_contacted') as result",
    params: async (_s, e) => {
      const row = await one(
        e,
        "an unused contacted link",
        `select a.token_hash from public.auth_links a join public.leads l on l.id = a.lead_id
         where a.purpose = 'lead_contacted' and a.used_at is null and a.expires_at > now() and l.state = 'sent'
         order by a.lead_id desc limit 1`,
      );
      return [row.token_hash];
    },
    ok: (r) => (r as { outcome: string }).outcome === "contacted",
  }),

  // The business: its listing and account.
  write({
    fn: "business_sign_in_start",
    name: "business sign-in request (business_sign_in_start)",
    sql: "select public.business_sign_in_start($1, $2) as result",
    params: async (_s, e) => {
      // The per-address hourly limit would stop the eighth run; an hour has passed for it.
      await e.query(`delete from public.write_attempts a where a.kind = 'sign_in_email'`);
      return [BUSY_MANAGER_EMAIL, token()];
    },
  }),
  write({
    fn: "business_claim_start",
    name: "claiming a listing (business_claim_start)",
    sql: "select public.business_claim_start($1, $2, 'Bench Claimant', '(555) 040-1234', 'I run this yard.', $3) as result",
    params: async (s, e) => {
      const row = await one(
        e,
        "an unclaimed listing",
        `select v.id from public.vendors v where v.claimed_at is null and not v.hidden and v.id <> $1 order by v.id offset $2 limit 1`,
        [s.busyVendor, claimVendor()],
      );
      return [num(row.id), `claimant-${tag()}@example.net`, token()];
    },
    ok: (r) => r === "queued" || r === "link",
  }),
  write({
    fn: "business_update_vendor",
    name: "editing a listing, busy listing (business_update_vendor)",
    sql: "select public.business_update_vendor($1, $2, $3::jsonb) as result",
    params: (s, _e, run) => [
      BUSY_MANAGER_EMAIL,
      s.busyVendor,
      {
        phone: `(555) 050-${String(1000 + run).padStart(4, "0")}`,
        hours: `Mon-Fri 7-${5 + (run % 2)}`,
        description: `Skid steers and track loaders, delivered. (${tag()})`,
      },
    ],
    ok: (r) => (r as { pending: boolean }).pending === false,
  }),
  write({
    fn: "business_set_rate_card",
    name: "setting a rate card, busy listing (business_set_rate_card)",
    sql: "select public.business_set_rate_card($1, $2, $3::jsonb) as result",
    params: (s, _e, run) => [BUSY_MANAGER_EMAIL, s.busyVendor, card(300 + run)],
  }),
  write({
    fn: "business_set_colleague",
    name: "adding a colleague, busy listing (business_set_colleague)",
    sql: "select public.business_set_colleague($1, $2, $3, true) as result",
    params: async (s, e) => {
      await e.query(`delete from public.vendor_managers m where m.vendor_id = $1 and m.email like 'bench-colleague-%'`, [s.busyVendor]);
      return [BUSY_MANAGER_EMAIL, s.busyVendor, `bench-colleague-${tag()}@example.com`];
    },
  }),
  write({
    fn: "business_set_leads_paused",
    name: "pausing or resuming requests, busy listing (business_set_leads_paused)",
    sql: "select public.business_set_leads_paused($1, $2, $3) as result",
    // Paused on even runs, resumed on odd ones: the listing ends as it began.
    params: (s, _e, run) => [BUSY_MANAGER_EMAIL, s.busyVendor, run % 2 === 0],
  }),
  write({
    fn: "business_answer_review",
    name: "replying to a review, busy listing (business_answer_review)",
    sql: "select public.business_answer_review($1, $2, 'Thank you for renting with us.', null) as result",
    params: async (s, e) => {
      const row = await one(
        e,
        "a published review of the busy listing",
        `insert into public.reviews (lead_id, vendor_id, stars, body, author, machine, requested_at, status, published_at)
         select l.id, r.vendor_id, 4, 'Good machine, late delivery.', 'Bench R.', coalesce(l.skid_steer_type, 'wheeled'), l.completed_at,
                'published', now()
         from public.lead_recipients r join public.leads l on l.id = r.lead_id
         where r.vendor_id = $1 and l.completed and l.state <> 'erased'
           and not exists (select 1 from public.reviews v where v.lead_id = l.id and v.vendor_id = r.vendor_id)
         order by l.id desc limit 1 returning id`,
        [s.busyVendor],
      );
      return [BUSY_MANAGER_EMAIL, num(row.id)];
    },
  }),

  // The operator's console.
  write({
    fn: "operator_moderate_review",
    name: "publishing a review, busy listing (operator_moderate_review)",
    sql: "select public.operator_moderate_review($1, true, null, $2) as result",
    params: async (s, e) => {
      const row = await one(
        e,
        "a waiting review of the busy listing",
        `insert into public.reviews (lead_id, vendor_id, stars, body, author, machine, requested_at)
         select l.id, r.vendor_id, 5, 'Easy pickup, clean machine.', 'Bench R.', coalesce(l.skid_steer_type, 'wheeled'), l.completed_at
         from public.lead_recipients r join public.leads l on l.id = r.lead_id
         where r.vendor_id = $1 and l.completed and l.state <> 'erased'
           and not exists (select 1 from public.reviews v where v.lead_id = l.id and v.vendor_id = r.vendor_id)
         order by l.id desc limit 1 returning id`,
        [s.busyVendor],
      );
      return [num(row.id), OPERATOR];
    },
  }),
  write({
    fn: "operator_mark_spam",
    name: "marking a request spam (operator_mark_spam)",
    sql: "select public.operator_mark_spam($1, true, $2) as result",
    params: async (_s, e) => {
      const row = await one(e, "a sent request", `select l.id from public.leads l where ${LIVE} order by l.id desc limit 1`);
      return [num(row.id), OPERATOR];
    },
  }),
  write({
    fn: "operator_resend_lead",
    name: "resending a request's failed email (operator_resend_lead)",
    sql: "select public.operator_resend_lead($1, $2) as result",
    params: async (_s, e) => {
      // The console offers a resend where a vendor's email finally failed.
      const row = await one(
        e,
        "a sent request's delivered email, failed here",
        `update public.outbox_messages m set status = 'failed', last_error = '550 mailbox unavailable'
         where m.id = (select m2.id from public.outbox_messages m2 join public.leads l on l.id = m2.lead_id
                       where m2.kind = 'lead' and m2.status = 'sent' and ${LIVE} order by m2.lead_id desc offset $1 limit 1)
         returning m.lead_id`,
        [resendRequest()],
      );
      return [num(row.lead_id), OPERATOR];
    },
    ok: (queued) => num(queued) >= 1,
  }),
  write({
    fn: "submit_vendor",
    name: "submitting a business (submit_vendor)",
    sql: "select public.submit_vendor($1, $2, $3, '12 Bench Road', $4, $5, $6, $7, $8) as result",
    params: async (_s, e, run) => {
      const city = await one(e, "a city", CITY_SQL, [run]);
      const t = tag();
      return [
        `Bench Equipment ${t}`,
        `bench-equipment-${t}.com`,
        "(555) 060-1234",
        city.state_slug,
        city.city_slug,
        city.zip,
        token(),
        `owner@bench-equipment-${t}.com`,
      ];
    },
    ok: (id) => num(id) > 0,
  }),
  write({
    fn: "operator_approve_submission",
    name: "approving a submission (operator_approve_submission)",
    sql: "select public.operator_approve_submission($1, $2) as result",
    params: async (_s, e, run) => {
      const city = await one(e, "a city", CITY_SQL, [RUNS + run]);
      const t = tag();
      const [row] = await e.query("select public.submit_vendor($1, $2, $3, '14 Bench Road', $4, $5, $6, $7, $8) as id", [
        `Bench Approved ${t}`,
        `bench-approved-${t}.com`,
        "(555) 060-5678",
        city.state_slug,
        city.city_slug,
        city.zip,
        token(),
        `owner@bench-approved-${t}.com`,
      ]);
      return [num(row.id), OPERATOR];
    },
  }),
  write({
    fn: "operator_review_submission",
    name: "rejecting a submission (operator_review_submission)",
    sql: "select public.operator_review_submission($1, 'rejected', 'Not a rental business', $2) as result",
    params: async (_s, e, run) => {
      const city = await one(e, "a city", CITY_SQL, [2 * RUNS + run]);
      const t = tag();
      const [row] = await e.query("select public.submit_vendor($1, $2, $3, '16 Bench Road', $4, $5, $6, $7, null) as id", [
        `Bench Rejected ${t}`,
        `bench-rejected-${t}.com`,
        "(555) 060-9012",
        city.state_slug,
        city.city_slug,
        city.zip,
        token(),
      ]);
      return [num(row.id), OPERATOR];
    },
  }),
  write({
    fn: "operator_review_claim",
    name: "approving a claim (operator_review_claim)",
    sql: "select public.operator_review_claim($1, true, null, $2) as result",
    params: async (s, e) => {
      const row = await one(
        e,
        "a claim of an unclaimed listing",
        `insert into public.vendor_claims (vendor_id, email, name, phone, note)
         select v.id, $2, 'Bench Claimant', '(555) 040-5678', 'Owner since 2009.' from public.vendors v
         where v.claimed_at is null and not v.hidden and v.id <> $1
           and not exists (select 1 from public.vendor_managers m where m.vendor_id = v.id)
         order by v.id desc limit 1 returning id`,
        [s.busyVendor, `claimant-${tag()}@example.net`],
      );
      return [num(row.id), OPERATOR];
    },
  }),
  write({
    fn: "operator_review_change",
    name: "approving a listing's new name (operator_review_change)",
    sql: "select public.operator_review_change($1, true, null, $2) as result",
    params: async (s, e) => {
      const row = await one(
        e,
        "a change request",
        `insert into public.vendor_change_requests (vendor_id, email, changes)
         select v.id, 'owner@bench-change.example.com', jsonb_build_object('name', v.name || ' Equipment')
         from public.vendors v where v.id <> $1 and not v.hidden order by v.id offset $2 limit 1 returning id`,
        [s.busyVendor, 100 + changeVendor()],
      );
      return [num(row.id), OPERATOR];
    },
  }),
  write({
    fn: "operator_revoke_manager",
    name: "revoking a colleague, busy listing (operator_revoke_manager)",
    sql: "select public.operator_revoke_manager($1, $2, $3) as result",
    params: async (s, e) => {
      const email = `bench-revoked-${tag()}@example.com`;
      await e.query(`insert into public.vendor_managers (vendor_id, email, role, added_by) values ($1, $2, 'colleague', $3)`, [
        s.busyVendor,
        email,
        BUSY_MANAGER_EMAIL,
      ]);
      return [s.busyVendor, email, OPERATOR];
    },
  }),
  write({
    fn: "operator_update_vendor",
    name: "editing a listing (operator_update_vendor)",
    sql: "select public.operator_update_vendor($1, $2::jsonb, $3) as result",
    params: async (s, e) => {
      const row = await one(e, "a listing", `select v.id from public.vendors v where v.id <> $1 order by v.id offset $2 limit 1`, [
        s.busyVendor,
        200 + editedVendor(),
      ]);
      return [
        num(row.id),
        { phone: "(555) 070-1234", hours: "Mon-Sat 7-6", description: `Skid steer rentals by the day or week. (${tag()})` },
        OPERATOR,
      ];
    },
  }),
  write({
    fn: "operator_set_vendor_hidden",
    name: "hiding a listing (operator_set_vendor_hidden)",
    sql: "select public.operator_set_vendor_hidden($1, true, $2) as result",
    params: async (s, e) => {
      // The listing hidden by the run before is shown again, untimed.
      if (lastHidden !== null) await e.exec(`update public.vendors set hidden = false where id = ${Number(lastHidden)}`);
      const row = await one(
        e,
        "a shown listing",
        `select v.id from public.vendors v where not v.hidden and v.id <> $1 order by v.id offset $2 limit 1`,
        [s.busyVendor, 300 + hiddenVendor()],
      );
      lastHidden = num(row.id);
      return [lastHidden, OPERATOR];
    },
  }),
  write({
    fn: "operator_set_rate_card",
    name: "setting a rate card (operator_set_rate_card)",
    sql: "select public.operator_set_rate_card($1, $2::jsonb, $3) as result",
    params: async (s, e, run) => {
      const row = await one(e, "a listing", `select v.id from public.vendors v where v.id <> $1 order by v.id offset $2 limit 1`, [
        s.busyVendor,
        400 + rateVendor(),
      ]);
      return [num(row.id), card(280 + run), OPERATOR];
    },
  }),
  write({
    fn: "set_rate_card",
    name: "storing a rate card (set_rate_card)",
    sql: "select public.set_rate_card($1, $2::jsonb, 'import') as result",
    params: async (s, e, run) => {
      const row = await one(e, "a listing", `select v.id from public.vendors v where v.id <> $1 order by v.id offset $2 limit 1`, [
        s.busyVendor,
        400 + rateVendor(),
      ]);
      return [num(row.id), card(260 + run)];
    },
  }),
  write({
    fn: "operator_import_batch",
    name: `importing a batch of ${IMPORT_BATCH_ROWS} new vendors (operator_import_batch)`,
    sql: "select public.operator_import_batch($1::jsonb, false) as result",
    params: async (_s, e, run) => {
      const rows = [];
      for (let i = 0; i < IMPORT_BATCH_ROWS; i++)
        rows.push(importRow(await one(e, "a city", CITY_SQL, [3 * RUNS + run * IMPORT_BATCH_ROWS + i]), i % 2 === 0));
      // node-postgres sends a JavaScript array as a PostgreSQL array: JSON text for the jsonb.
      return [JSON.stringify(rows)];
    },
    ok: (r) => Array.isArray(r) && r.length === IMPORT_BATCH_ROWS && r.every((x: { action: string }) => x.action === "created"),
  }),
  write({
    fn: "operator_audit_event",
    name: "audit log entry of the server (operator_audit_event)",
    sql: "select public.operator_audit_event($1, 'import', '25 rows', $2::jsonb) as result",
    params: () => [OPERATOR, { created: 25, updated: 0, unchanged: 0, rejected: 0 }],
  }),
  write({
    fn: "audit",
    name: "audit log entry (audit)",
    sql: "select public.audit($1, 'edit', 'vendor 1', $2::jsonb) as result",
    params: () => [OPERATOR, { phone: { from: "(555) 070-1234", to: "(555) 070-5678" } }],
  }),

  // Accounts and sessions.
  write({
    fn: "operator_add",
    name: "adding an operator (operator_add)",
    sql: "select public.operator_add($1, $2) as result",
    params: () => [`bench-op-${tag()}@example.com`, `scrypt$16384$8$1$${hash()}$${hash()}`],
    ok: (id) => num(id) > 0,
  }),
  write({
    fn: "operator_remove",
    name: "removing an operator (operator_remove)",
    sql: "select public.operator_remove($1) as result",
    params: async (_s, e) => {
      const email = `bench-op-${tag()}@example.com`;
      await e.query("select public.operator_add($1, $2)", [email, `scrypt$16384$8$1$${hash()}$${hash()}`]);
      return [email];
    },
    ok: (r) => r === true,
  }),
  write({
    fn: "session_start",
    name: "starting a session (session_start)",
    sql: "select public.session_start('operator', $1, $2, 43200) as result",
    params: () => [OPERATOR, hash()],
  }),
  write({
    fn: "session_end",
    name: "ending a session (session_end)",
    sql: "select public.session_end('business', $1) as result",
    params: async (_s, e) => {
      const h = hash();
      await e.query("select public.session_start('business', $1, $2, 2592000)", [BUSY_MANAGER_EMAIL, h]);
      return [h];
    },
    ok: (subject) => subject === BUSY_MANAGER_EMAIL,
  }),
  write({
    fn: "auth_throttle_record",
    name: "recording a failed sign-in (auth_throttle_record)",
    sql: "select public.auth_throttle_record($1::jsonb, false) as result",
    params: () => [
      JSON.stringify([
        { key: `operator:pair:${tag()}${tag()}`, free: 5, clear: true },
        { key: `operator:address:${tag()}${tag()}`, free: 20 },
      ]),
    ],
    ok: (blocked) => num(blocked) === 0,
  }),

  // What destroys data: erasure, a renter's delete, and the retention job very last.
  write({
    fn: "operator_erase_person",
    name: "erasing a person with a booked, quoted request (operator_erase_person)",
    sql: "select public.operator_erase_person(null, $1, $2) as result",
    params: async (_s, e) => {
      const row = await one(
        e,
        "a person with a booked, quoted request",
        `select l.renter_email from public.leads l
         join public.bookings b on b.lead_id = l.id and b.status = 'booked' and b.end_date >= current_date
         where l.state = 'booked' and l.renter_email is not null
           and (select count(*) from public.quotes q where q.lead_id = l.id) > 0
         order by l.id desc limit 1`,
      );
      return [row.renter_email, OPERATOR];
    },
    ok: (r) => (r as { requests: number }).requests >= 1,
  }),
  write({
    fn: "renter_delete_request",
    name: "a renter deleting a quoted request (renter_delete_request)",
    sql: "select public.renter_delete_request($1, null, $2) as result",
    params: async (_s, e) => {
      const row = await one(
        e,
        "a request over, withdrawn or cancelled, with a status link",
        `select l.id, ${STATUS_LINK} as link from public.leads l
         left join public.bookings b on b.lead_id = l.id
         where l.completed and (l.state in ('withdrawn', 'cancelled')
                or (l.state = 'sent' and l.rental_end_date < current_date)
                or (l.state = 'booked' and b.status = 'booked' and b.end_date < current_date))
           and exists (select 1 from public.auth_links a where a.lead_id = l.id and a.purpose = 'lead_status' and a.expires_at > now())
         order by (b.lead_id is not null) desc, (select count(*) from public.quotes q where q.lead_id = l.id) desc, l.id desc limit 1`,
      );
      return [num(row.id), row.link];
    },
  }),
  {
    fn: "retention_run",
    name: "retention job, longest batch of a day's work",
    sql: "select public.retention_run(30, 24, 30, 1, $1) as result",
    params: () => [RETENTION_BATCH],
    // A day's work in batches of RETENTION_BATCH until one changes nothing (the timed round runs one
    // batch, lib/privacy/retention.ts, after the outbox's drains). The round keeps its paths warm: the
    // warm-up runs are batches of one row of each kind, a sliver of the day's work.
    measure: async (_s, engine) => {
      for (let run = 0; run < WARM_UP_RUNS; run++) await engine.query("select public.retention_run(30, 24, 30, 1, 1)");
      let longest = 0;
      let total = 0;
      let batches = 0;
      for (;;) {
        const started = performance.now();
        const [row] = await engine.query("select public.retention_run(30, 24, 30, 1, $1) as result", [RETENTION_BATCH]);
        const took = performance.now() - started;
        batches++;
        total += took;
        longest = Math.max(longest, took);
        const done = row.result as { drafts: number; anonymized: number; emptied: number; expired: number };
        if (done.drafts + done.anonymized + done.emptied + done.expired === 0) break;
        if (batches >= 10_000) throw new Error("retention job: 10,000 batches without finishing");
      }
      console.log(`retention job: ${batches} batches (the last changed nothing), ${total.toFixed(0)} ms in all`);
      return longest;
    },
  },
  {
    fn: "count_site_weeks",
    name: "counting the site's weeks, longest call (count_site_weeks)",
    sql: "select public.count_site_weeks()",
    params: () => [],
    // As lib/activity/data.ts runs it in the timed round: one week or a slice of a busy one per call
    // until none is due, from none counted (a new site, or a year's first round after a long stop).
    measure: (_s, engine) => longestWeekCount(engine, "count_site_weeks", () => engine.exec("delete from private.site_weeks")),
  },
  {
    fn: "count_city_weeks",
    name: "counting the cities' weeks, longest call of 25 weeks (count_city_weeks)",
    sql: "select public.count_city_weeks()",
    params: () => [],
    // As the timed round runs it after the site's weeks: one ended week, or a slice of a busy one,
    // per call until none is due.
    measure: async (_s, engine) => {
      await engine.exec("do $$ begin while public.count_site_weeks() is not null loop end loop; end $$");
      return longestWeekCount(engine, "count_city_weeks", () =>
        engine.exec("update private.site_weeks set cities_counted_at = null, cities_staged_to = null"),
      );
    },
  },
  {
    fn: "keep_listing_weeks",
    name: "keeping the managed listings' settled weeks, the busiest's 25 among them, longest call (keep_listing_weeks)",
    sql: "select public.keep_listing_weeks()",
    params: () => [],
    // As the timed round runs it after the cities' weeks, once the newest week has settled: every
    // managed listing queued, then one listing's week per call, none of their weeks kept (as after
    // a long stop; the busiest listing's 25 among them), until none is due.
    measure: (s, engine) =>
      longestWeekCount(engine, "keep_listing_weeks", () =>
        engine.exec(`delete from private.listing_weeks;
          delete from private.listing_weeks_due;
          insert into private.listing_weeks_due (vendor_id) values (${Number(s.busyVendor)});
          update private.site_weeks set listings_queued_after = null, listings_queued_at = null`),
      ),
  },
  // Read after the writes: the busy listing's newest requests are then the rentals they booked (each
  // read with its rental), on the seed as on the grown database, so both pages hold the same.
  {
    name: "/business, busiest listing (business_leads)",
    fn: "business_leads",
    sql: "select public.business_leads($1, $2)",
    params: () => [BUSY_MANAGER_EMAIL, PAGE],
  },
];

/**
 * A counting job's longest call, called as the timed round calls it until none is due, from the
 * state `due` sets up. A first pass, untimed, warms the job's paths as the warm-up runs do a call's;
 * then TIMED_RUNS passes from the same state, each doing the same calls in the same order: a call's
 * time is its median over the passes, as every other line's is, so one pause of the process does
 * not become the line's figure.
 */
async function longestWeekCount(
  engine: Engine,
  fn: "count_site_weeks" | "count_city_weeks" | "keep_listing_weeks",
  due: () => Promise<void>,
): Promise<number> {
  const pass = async () => {
    await due();
    const took: number[] = [];
    for (let calls = 0; calls < 100_000; calls++) {
      const started = performance.now();
      const [row] = await engine.query(`select public.${fn}() as done`);
      took.push(performance.now() - started);
      if (row.done === null) return took;
    }
    throw new Error(`${fn}: 100,000 calls without finishing`);
  };
  await pass();
  const passes: number[][] = [];
  for (let run = 0; run < TIMED_RUNS; run++) passes.push(await pass());
  if (passes.some((took) => took.length !== passes[0].length)) {
    // The clock moved the jobs' work between passes (a week ended, or the week in progress fell
    // due again): the calls no longer match, so each pass's longest call is taken.
    console.log(`${fn}: the passes made ${passes.map((took) => took.length).join(", ")} calls; the median of each pass's longest`);
    return median(passes.map((took) => Math.max(...took)));
  }
  const took = passes[0].map((_, call) => median(passes.map((times) => times[call])));
  const sorted = [...took].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))].toFixed(1);
  console.log(`${fn}: ${took.length} calls until none was due, median ${at(0.5)} ms, 95th percentile ${at(0.95)} ms`);
  return sorted.at(-1)!;
}

/** A CSV row of a new vendor in this city (with a rate card for some), as the import sends it. */
function importRow(city: Record<string, unknown>, withCard = true) {
  const t = tag();
  return {
    name: `Bench Imported Rentals ${t}`,
    website: `bench-imported-${t}.com`,
    phone: "(555) 080-1234",
    email: `rent@bench-imported-${t}.com`,
    street: "20 Import Way",
    state: city.state_code,
    city: city.city_name,
    zip: city.zip,
    rating: "4.5",
    description: "Skid steers and compact track loaders.",
    ...(withCard ? { rate_card: card(310) } : {}),
  };
}
