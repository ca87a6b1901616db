import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { consentText } from "@/lib/requests/consent";

/**
 * A rental request's life as its three people and the jobs live it, each action the one database
 * call the site makes for it (as the service role, like the server), and the invariants that must
 * hold after any of them. Shared by the model-based tests on the embedded database
 * (tests/unit/request-life.test.ts) and the concurrent ones on PostgreSQL 15.
 */

/** Runs SQL as the service role (`service`) or as the database owner, to look (`owner`). */
export interface Database {
  service<T>(sql: string, params?: unknown[]): Promise<T[]>;
  owner<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** The job site every request of these tests is for; widened, it reaches several vendors. */
const ZIP = "77002";

/** A refusal's code (the hint the database raised), or "done". */
export async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return "done";
  } catch (error) {
    const hint = (error as { hint?: string }).hint;
    if (!hint) throw error;
    return hint;
  }
}

/** A fresh person: markers that appear nowhere else, so finding one after erasure is a finding. */
export function person(email: boolean) {
  const tag = randomBytes(6).toString("hex");
  const digits = String(BigInt(`0x${tag}`) % 10_000_000_000n).padStart(10, "7");
  return {
    name: `Renter ${tag}`,
    phone: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
    email: email ? `renter-${tag}@life.example` : null,
    token: `owner-${tag}-${randomBytes(16).toString("hex")}`,
    clientKey: randomBytes(16).toString("hex"),
  };
}
export type Person = ReturnType<typeof person>;

/** The vendors a request for ZIP is routed to, each given an address and a manager (its /business login). */
export async function prepareVendors(db: Database): Promise<Array<{ id: number; name: string; manager: string }>> {
  const route = await db.owner<{ id: number; name: string }>(
    "select (e->>'id')::bigint as id, e->>'name' as name from jsonb_array_elements(public.lead_route_rates($1, null, true)) e",
    [ZIP],
  );
  expect(route.length).toBeGreaterThanOrEqual(2);
  for (const vendor of route) {
    await db.owner("update public.vendors set email = coalesce(email, $2) where id = $1", [
      vendor.id,
      `listing-${vendor.id}@vendors.example`,
    ]);
    await db.owner(
      "insert into public.vendor_managers (vendor_id, email, role, added_by) values ($1, $2, 'owner', 'test') on conflict do nothing",
      [vendor.id, `desk-${vendor.id}@vendors.example`],
    );
  }
  return route.map((vendor) => ({ ...vendor, id: Number(vendor.id), manager: `desk-${vendor.id}@vendors.example` }));
}

/** The database calls of the actions (each as the site makes it). */
export const act = {
  draft: async (db: Database, who: Person) =>
    Number((await db.service<{ id: number }>("select public.create_lead($1, $2, null) as id", [who.token, who.clientKey]))[0].id),
  /** Sends the draft with the consent sentence the dialog shows for the vendors routed now (or the `consent` given). */
  send: async (db: Database, id: number, who: Person, start: string, end: string, consent?: { text?: string; page?: string }) => {
    const route = await db.service<{ name: string }>(
      "select e->>'name' as name from jsonb_array_elements(public.lead_route_rates($1, null, true)) e",
      [ZIP],
    );
    return db.service("select public.complete_lead($1, $2, 'tracked', $3::date, $4::date, $5, $6, $7, true, false, $8, $9::jsonb, $10)", [
      id,
      who.token,
      start,
      end,
      who.name,
      who.phone,
      ZIP,
      who.email,
      JSON.stringify({ text: consent?.text ?? consentText(route.map((v) => v.name)), page: consent?.page ?? "/us/texas/houston" }),
      who.clientKey,
    ]);
  },
  quote: async (db: Database, manager: string, vendor: number, lead: number, payload: unknown) =>
    (
      await db.service<{ q: { id: number; valid_until: string } }>("select public.business_save_quote($1, $2, $3, $4::jsonb) as q", [
        manager,
        vendor,
        lead,
        JSON.stringify(payload),
      ])
    )[0].q,
  withdrawQuote: (db: Database, manager: string, vendor: number, lead: number) =>
    db.service("select public.business_withdraw_quote($1, $2, $3)", [manager, vendor, lead]),
  setStatus: (db: Database, manager: string, vendor: number, lead: number, status: string, reason: string | null) =>
    db.service("select public.business_set_lead_status($1, $2, $3, $4, $5)", [manager, vendor, lead, status, reason]),
  withdraw: (db: Database, id: number, who: Person) => db.service("select public.withdraw_lead($1, $2, null)", [id, who.token]),
  book: (db: Database, id: number, who: Person, quote: number) =>
    db.service("select public.renter_book_quote($1, $2, null, $3, '100 Job Site Road', null, 'Site Contact', '555-201-0100', 'any')", [
      id,
      who.token,
      quote,
    ]),
  confirmWindow: (db: Database, manager: string, vendor: number, lead: number, day: string, from: string, to: string) =>
    db.service("select public.business_confirm_window($1, $2, $3, $4::date, $5::time, $6::time)", [manager, vendor, lead, day, from, to]),
  release: (db: Database) => db.service<{ n: number }>("select public.release_overdue_bookings(100) as n"),
  dispatch: (db: Database, manager: string, vendor: number, lead: number) =>
    db.service("select public.business_dispatch($1, $2, $3)", [manager, vendor, lead]),
  deliver: (db: Database, manager: string, vendor: number, lead: number, hours: number, fuel: number, photos: string[]) =>
    db.service("select public.business_deliver($1, $2, $3, $4, $5, $6)", [manager, vendor, lead, hours, fuel, photos]),
  arrive: (db: Database, id: number, who: Person) => db.service("select public.renter_confirm_arrival($1, $2, null)", [id, who.token]),
  reportProblem: (db: Database, id: number, who: Person, problem: string, note: string, photos: string[]) =>
    db.service("select public.renter_report_problem($1, $2, null, $3, $4, $5)", [id, who.token, problem, note, photos]),
  extend: (db: Database, id: number, who: Person, newEnd: string) =>
    db.service("select public.renter_extend($1, $2, null, $3::date)", [id, who.token, newEnd]),
  answerExtension: (db: Database, manager: string, vendor: number, lead: number, accept: boolean) =>
    db.service("select public.business_answer_extension($1, $2, $3, $4)", [manager, vendor, lead, accept]),
  callOff: (db: Database, id: number, who: Person) => db.service("select public.renter_call_off($1, $2, null)", [id, who.token]),
  pickUp: (db: Database, manager: string, vendor: number, lead: number, hours: number, fuel: number, photos: string[]) =>
    db.service("select public.business_pick_up($1, $2, $3, $4, $5, $6)", [manager, vendor, lead, hours, fuel, photos]),
  addLine: (
    db: Database,
    manager: string,
    vendor: number,
    lead: number,
    kind: string,
    label: string,
    cents: number,
    reason: string,
    photos: string[],
  ) =>
    db.service("select public.business_add_bill_line($1, $2, $3, $4, $5, $6, $7, $8)", [
      manager,
      vendor,
      lead,
      kind,
      label,
      cents,
      reason,
      photos,
    ]),
  sendBill: (db: Database, manager: string, vendor: number, lead: number) =>
    db.service("select public.business_send_bill($1, $2, $3)", [manager, vendor, lead]),
  answerLine: (db: Database, id: number, who: Person, line: number, accept: boolean, reason: string) =>
    db.service("select public.renter_answer_line($1, $2, null, $3, $4, $5)", [id, who.token, line, accept, reason]),
  cancel: (db: Database, id: number, who: Person, reason: string) =>
    db.service("select public.renter_cancel_booking($1, $2, null, $3)", [id, who.token, reason]),
  delete: (db: Database, id: number, who: Person) => db.service("select public.renter_delete_request($1, $2, null)", [id, who.token]),
  review: (db: Database, id: number, vendor: number, who: Person, body: string) =>
    db.service("select public.renter_review_save($1, $2, $3, null, $4, 4, $5, false)", [id, vendor, who.token, who.clientKey, body]),
  spam: (db: Database, id: number, spam: boolean) => db.service("select public.operator_mark_spam($1, $2, 'life-test')", [id, spam]),
  erase: (db: Database, who: Person) => db.service("select public.operator_erase_person($1, null, 'life-test')", [who.phone]),
  resend: (db: Database, id: number) => db.service("select public.operator_resend_lead($1, 'life-test')", [id]),
  retention: (db: Database) => db.service("select public.retention_run(1, 1, 1, 1, 500)"),
};

/** Every table that holds a request's rows: how to read the rows of these requests ($1), and the rows of nobody's in particular. */
const HOLDERS: Record<string, { rows: string; global?: string }> = {
  "public.leads": { rows: "select row_to_json(t)::text as x from public.leads t where t.id = any($1)" },
  "public.lead_consents": { rows: "select row_to_json(t)::text as x from public.lead_consents t where t.lead_id = any($1)" },
  "public.lead_recipients": { rows: "select row_to_json(t)::text as x from public.lead_recipients t where t.lead_id = any($1)" },
  "public.outbox_messages": {
    rows: "select row_to_json(t)::text as x from public.outbox_messages t where t.lead_id = any($1)",
    global: "select row_to_json(t)::text as x from public.outbox_messages t where t.kind = 'review_published'",
  },
  "public.outbox_attempts": {
    rows: "select row_to_json(a)::text as x from public.outbox_attempts a join public.outbox_messages m on m.id = a.message_id where m.lead_id = any($1)",
    global:
      "select row_to_json(a)::text as x from public.outbox_attempts a join public.outbox_messages m on m.id = a.message_id where m.kind = 'review_published'",
  },
  "public.bookings": { rows: "select row_to_json(t)::text as x from public.bookings t where t.lead_id = any($1)" },
  "public.booking_releases": { rows: "select row_to_json(t)::text as x from public.booking_releases t where t.lead_id = any($1)" },
  "public.rental_photos": { rows: "select row_to_json(t)::text as x from public.rental_photos t where t.lead_id = any($1)" },
  "public.rental_extensions": { rows: "select row_to_json(t)::text as x from public.rental_extensions t where t.lead_id = any($1)" },
  "public.bill_lines": { rows: "select row_to_json(t)::text as x from public.bill_lines t where t.lead_id = any($1)" },
  "public.quotes": { rows: "select row_to_json(t)::text as x from public.quotes t where t.lead_id = any($1)" },
  "public.reviews": { rows: "select row_to_json(t)::text as x from public.reviews t where t.lead_id = any($1)" },
  "public.auth_links": { rows: "select row_to_json(t)::text as x from public.auth_links t where t.lead_id = any($1)" },
  "private.failed_deliveries": { rows: "select row_to_json(t)::text as x from private.failed_deliveries t where t.lead_id = any($1)" },
  "public.write_attempts": {
    rows: "select null::text as x where $1::bigint[] is null",
    global: "select row_to_json(t)::text as x from public.write_attempts t",
  },
  "public.operator_audit": {
    rows: "select null::text as x where $1::bigint[] is null",
    global: "select row_to_json(t)::text as x from public.operator_audit t",
  },
};

/** Every table with a request's id is among those searched for an erased person. */
export async function expectEveryHolderSearched(db: Database) {
  const tables = await db.owner<{ t: string }>(
    "select table_schema || '.' || table_name as t from information_schema.columns where column_name = 'lead_id' and table_schema in ('public', 'private') order by 1",
  );
  expect(tables.map((row) => row.t).filter((table) => !(table in HOLDERS))).toEqual([]);
}

/** What a request of these tests is, as far as the invariants need it. */
export interface Tracked {
  id: number;
  who: Person;
  /** Texts the person or a vendor wrote about them: gone after erasure like the person's details. */
  freeText: string[];
}

/**
 * The promises that hold after any sequence of events, checked on these requests: one booking
 * at most, live exactly when the request is booked; a cancelled booking's vendor told; a
 * withdrawn request never booked; each message sent at most once, none of a withdrawn request's
 * requests to vendors and nothing but the vendor's cancellation after erasure; an erased person
 * nowhere; a booking's dates the booked quote's; consent the site's own sentence.
 */
export async function expectInvariants(db: Database, requests: Tracked[]) {
  const ids = requests.map((r) => r.id);
  if (ids.length === 0) return;
  const broken = await db.owner<{ rule: string; lead_id: number }>(
    `
    select 'booked without a live booking, or live booking not booked' as rule, l.id as lead_id from public.leads l
    where l.id = any($1)
      and (l.state in ('booked', 'confirmed', 'on_the_way', 'on_rent', 'returned', 'billed', 'settled'))
          <> exists (select 1 from public.bookings b where b.lead_id = l.id and b.status = 'booked')
      and l.state <> 'erased'
    union all
    select 'a rental step without the steps before it', b.lead_id from public.bookings b join public.leads l on l.id = b.lead_id
    where b.lead_id = any($1) and (
      (l.state = 'booked' and (b.confirmed_at is not null or b.dispatched_at is not null or b.delivered_at is not null))
      or (l.state in ('confirmed', 'on_the_way', 'on_rent', 'returned', 'billed', 'settled') and b.window_start is null)
      or (l.state = 'on_the_way' and (b.dispatched_at is null or b.delivered_at is not null))
      or (l.state in ('on_rent', 'returned', 'billed', 'settled') and (b.delivered_at is null or b.delivery_hours is null
          or (select count(*) from public.rental_photos p where p.lead_id = b.lead_id and p.record = 'delivery') not between 1 and 8))
      or (b.window_end - b.window_start) > interval '4 hours' or b.window_end <= b.window_start
      -- Before delivery the renter may only report a machine that did not come, once its window has passed.
      or (b.delivered_at is null and (b.arrived_at is not null or b.problem <> 'not_arrived' or b.problem_at < b.window_end)))
    union all
    select 'a released or cancelled booking was delivered after it ended', b.lead_id from public.bookings b
    where b.lead_id = any($1) and b.status = 'cancelled' and b.delivered_at > b.cancelled_at
    union all
    select 'a released vendor was booked again', x.lead_id from public.booking_releases x
    join public.bookings b on b.lead_id = x.lead_id and b.vendor_id = x.vendor_id
    where x.lead_id = any($1)
    union all
    select 'a released request is not back to be booked', x.lead_id from public.booking_releases x join public.leads l on l.id = x.lead_id
    where x.lead_id = any($1) and l.state = 'booked' and not exists (select 1 from public.bookings b where b.lead_id = x.lead_id)
    union all
    select 'a bill''s total is not the sum of its lines', b.lead_id from public.bookings b
    where b.lead_id = any($1) and b.picked_up_at is not null
      and b.bill_total_cents is distinct from (select coalesce(sum(l.amount_cents), 0) from public.bill_lines l where l.lead_id = b.lead_id)
    union all
    select 'a reading went backwards', b.lead_id from public.bookings b where b.lead_id = any($1) and b.pickup_hours < b.delivery_hours
    union all
    select 'a settled bill has a line outside the quote unanswered', b.lead_id from public.bookings b
    where b.lead_id = any($1) and b.settled_at is not null
      and exists (select 1 from public.bill_lines l where l.lead_id = b.lead_id and not l.in_quote and l.answer is null)
    union all
    select 'a picked-up rental has no bill, or a bill before pickup', b.lead_id from public.bookings b join public.leads l on l.id = b.lead_id
    where b.lead_id = any($1) and l.state <> 'erased'
      and (l.state in ('returned', 'billed', 'settled')) <> exists (select 1 from public.bill_lines x where x.lead_id = b.lead_id)
    union all
    select 'a record has more than 8 photos', p.lead_id from public.rental_photos p where p.lead_id = any($1)
    group by p.lead_id, p.record, p.bill_line_id having count(*) > 8
    union all
    select 'an erased request keeps a photo', p.lead_id from public.rental_photos p join public.leads l on l.id = p.lead_id
    where p.lead_id = any($1) and l.state = 'erased'
    union all
    select 'a withdrawn request has a booking', l.id from public.leads l join public.bookings b on b.lead_id = l.id
    where l.id = any($1) and l.state = 'withdrawn'
    union all
    select 'a cancelled booking''s vendor was not told', b.lead_id from public.bookings b
    where b.lead_id = any($1) and b.status = 'cancelled' and not exists (
      select 1 from public.outbox_messages m where m.lead_id = b.lead_id and m.vendor_id = b.vendor_id and m.kind = 'booking_cancelled')
    union all
    select 'the console''s failed deliveries disagree with its messages', l.id from public.leads l
    where l.id = any($1) and l.completed
      and exists (select 1 from public.outbox_messages m where m.lead_id = l.id and m.status = 'failed')
          <> exists (select 1 from private.failed_deliveries d where d.lead_id = l.id)
    union all
    select 'a message sent twice', m.lead_id from public.outbox_messages m
    where m.lead_id = any($1) and (select count(*) from public.outbox_attempts a where a.message_id = m.id and a.ok) > 1
    union all
    select 'a withdrawn request went to a vendor after it was withdrawn', m.lead_id from public.outbox_messages m
    join public.leads l on l.id = m.lead_id join public.outbox_attempts a on a.message_id = m.id and a.ok
    where m.lead_id = any($1) and m.kind = 'lead' and l.withdrawn_at is not null and a.attempted_at > l.withdrawn_at
    union all
    select 'an erased request still has a message to send or sent after erasure', m.lead_id from public.outbox_messages m
    join public.leads l on l.id = m.lead_id
    where m.lead_id = any($1) and l.state = 'erased' and m.kind <> 'booking_cancelled'
      and (m.status in ('pending', 'sending') or m.recipient is not null or m.payload <> '{}'
           or exists (select 1 from public.outbox_attempts a where a.message_id = m.id and a.ok and a.attempted_at > l.anonymized_at))
    union all
    select 'an erased request holds the person', l.id from public.leads l
    where l.id = any($1) and l.state = 'erased' and (l.name <> '' or l.phone <> '' or l.renter_email is not null or l.client_key is not null
      or exists (select 1 from public.lead_consents c where c.lead_id = l.id and c.client_hash is not null)
      or exists (select 1 from public.reviews r where r.lead_id = l.id))
    union all
    select 'a booking''s dates are not the booked quote''s', b.lead_id from public.bookings b
    join public.quotes q on q.id = b.quote_id join public.leads l on l.id = b.lead_id
    where b.lead_id = any($1) and (b.start_date, b.end_date) is distinct from
      (coalesce(q.alternate_start, l.rental_start_date),
       coalesce((select max(x.new_end) from public.rental_extensions x where x.lead_id = b.lead_id and x.status = 'accepted'),
                q.alternate_end, l.rental_end_date))
    union all
    select 'consent is not the site''s sentence', c.lead_id from public.lead_consents c
    where c.lead_id = any($1) and c.text is distinct from private.consent_text(array(
      select v.name from unnest(c.vendor_ids) with ordinality u (id, n) join public.vendors v on v.id = u.id order by u.n))
    union all
    select 'more than one booking', b.lead_id from public.bookings b where b.lead_id = any($1) group by b.lead_id having count(*) > 1
    union all
    select 'a request reached more than 6 vendors', r.lead_id from public.lead_recipients r
    where r.lead_id = any($1) group by r.lead_id having count(*) > 6
    union all
    select 'a request was handed on to the vendor it was passed from', r.lead_id from public.lead_recipients r
    where r.lead_id = any($1) and (r.handed_from = r.vendor_id or exists (
      select 1 from public.lead_recipients p where p.lead_id = r.lead_id and p.vendor_id = r.vendor_id and p.passed_at < r.handed_at))
    union all
    select 'a vendor that had answered was counted silent', r.lead_id from public.lead_recipients r
    where r.lead_id = any($1) and r.passed_at is not null and r.responded_at < r.passed_at
    union all
    select 'a text to a number that had stopped texts', m.lead_id from public.outbox_messages m
    join public.outbox_attempts a on a.message_id = m.id and a.ok
    where m.lead_id = any($1) and m.channel = 'sms' and m.recipient is not null
      and (select x.keyword from public.text_replies x where x.phone = m.recipient and x.keyword in ('stop', 'start')
           and x.received_at < a.attempted_at order by x.received_at desc, x.id desc limit 1) = 'stop'
    union all
    select 'a text in quiet hours about a rental not starting within 24 hours', m.lead_id from public.outbox_messages m
    join public.outbox_attempts a on a.message_id = m.id and a.ok join public.leads l on l.id = m.lead_id
    where m.lead_id = any($1) and m.channel = 'sms'
      and ((a.attempted_at at time zone m.text_zone)::time >= time '21:00' or (a.attempted_at at time zone m.text_zone)::time < time '08:00')
      -- Urgent: its first day begins within 24 hours of the send (the send is recorded just after it).
      and not ((l.rental_start_date::timestamp at time zone m.text_zone) between a.attempted_at - interval '1 minute'
                                                                          and a.attempted_at + interval '24 hours')
    union all
    select 'a request was handed on more than 3 times', r.lead_id from public.lead_recipients r
    where r.lead_id = any($1) and r.reason = 'passed_on' group by r.lead_id having count(*) > 3
    union all
    select 'a vendor handed a request on twice', r.lead_id from public.lead_recipients r
    where r.lead_id = any($1) and r.handed_from is not null group by r.lead_id, r.handed_from having count(*) > 1`,
    [ids],
  );
  expect(broken).toEqual([]);

  // An erased request holds nothing of its person or what was written about them; a person whose
  // every request is erased is nowhere at all (another request of theirs still holds their name).
  const gone = await db.owner<{ id: number }>("select id from public.leads where id = any($1) and state = 'erased'", [ids]);
  const erasedIds = new Set(gone.map((row) => Number(row.id)));
  const erased = requests.filter((r) => erasedIds.has(r.id));
  if (erased.length === 0) return;
  const markersOf = (r: Tracked) =>
    [r.who.name, r.who.phone, r.who.email, r.who.clientKey, ...r.freeText].filter((m): m is string => Boolean(m));
  const whollyErased = erased.filter((r) => requests.every((other) => other.who.phone !== r.who.phone || erasedIds.has(other.id)));
  const ofRequests = erased.flatMap(markersOf);
  const ofPeople = [...whollyErased.flatMap(markersOf), ...erased.map((r) => r.who.clientKey)];
  for (const [table, { rows, global }] of Object.entries(HOLDERS)) {
    const own = await db.owner<{ x: string }>(rows, [[...erasedIds]]);
    const anyones = global ? await db.owner<{ x: string }>(global) : [];
    const found = [
      ...ofRequests.filter((marker) => own.some((row) => row.x.includes(marker))),
      ...ofPeople.filter((marker) => anyones.some((row) => row.x.includes(marker))),
    ];
    expect({ table, found }).toEqual({ table, found: [] });
  }
}
