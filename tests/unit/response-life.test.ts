import type { PGlite } from "@electric-sql/pglite";
import { randomBytes, randomInt } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drainOutbox } from "@/lib/outbox/drain";
import { textReplyCallback } from "@/lib/outbox/text-callbacks";
import { consentText } from "@/lib/requests/consent";
import { countResponses } from "@/lib/listings/responses";
import { act, expectInvariants, outcome, person, type Database, type Person } from "./helpers/request-life";
import { asService, embeddedClient, freshDb, isoDay } from "./helpers/db";
import { useDatabase } from "./helpers/factories";
import { signedCallback, startSmsProvider, type FakeSmsProvider } from "./helpers/sms-provider";
import { startSmtpServer, type TestSmtpServer } from "./helpers/smtp";

// The response rules and texts, model-based: fast-check generates sequences of requests sent,
// vendors answering (contacted, a quote, not available) or staying silent, the response rules'
// job, the round's count of listings' response figures, outbox drains through a fake of the text
// provider, replies (STOP, START, HELP, anything), nights falling and days breaking at the job
// site, renters withdrawing and booking. After every step the database's invariants hold
// (tests/unit/helpers/request-life.ts), a listing's response figures are as a count now gives
// them or it is due to be counted, and the provider's own log is checked against the model: no
// text to a number that replied STOP, none at night unless its rental starts within 24 hours, a
// request handed on only while fewer than 3 vendors answered, never to more than 6, and a vendor
// that declined never counted silent.

const RUNS = Number(process.env.LIFE_RUNS ?? 40);
const SITE = "https://skidsteer.example";
const ZIP = "77002";

let pglite: PGlite;
let db: Database;
let provider: FakeSmsProvider;
let smtp: TestSmtpServer;
let env: NodeJS.ProcessEnv;
/** The vendors near the job site: businesses on the site, each with a mobile number and a manager. */
let vendors: Array<{ id: number; phone: string; manager: string }>;

/** An IANA zone in which it is now `hour` o'clock. */
function zoneAt(hour: number): string {
  const offset = ((hour - new Date().getUTCHours() + 36) % 24) - 12;
  return offset >= 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** A renter whose phone can receive texts. */
function renter(): Person {
  const who = person(randomInt(2) === 0);
  return { ...who, phone: `(713) ${randomInt(200, 1000)}-${String(randomInt(10_000)).padStart(4, "0")}` };
}
const e164 = (typed: string) => `+1${typed.replace(/\D/g, "")}`;

beforeAll(async () => {
  pglite = await freshDb(true);
  useDatabase(pglite);
  db = {
    service: (sql, params = []) => asService(pglite, sql, params),
    owner: async (sql, params = []) => (await pglite.query(sql, params)).rows as never,
  };
  provider = await startSmsProvider();
  smtp = await startSmtpServer();
  env = { ...provider.env, SMTP_URL: smtp.url, NEXT_PUBLIC_SITE_URL: SITE } as unknown as NodeJS.ProcessEnv;
  const near = await db.owner<{ vendor_id: number }>("select vendor_id from public.vendors_near_zip($1, 10)", [ZIP]);
  vendors = [];
  for (const { vendor_id } of near) {
    const id = Number(vendor_id);
    const phone = `(281) ${randomInt(200, 1000)}-${String(randomInt(10_000)).padStart(4, "0")}`;
    await db.owner(
      "update public.vendors set claimed_at = now(), phone = $2, email = coalesce(email, $3), leads_paused_at = null where id = $1",
      [id, phone, `listing-${id}@vendors.example`],
    );
    await db.owner(
      "insert into public.vendor_managers (vendor_id, email, role, added_by) values ($1, $2, 'owner', 'test') on conflict do nothing",
      [id, `desk-${id}@vendors.example`],
    );
    vendors.push({ id, phone: e164(phone), manager: `desk-${id}@vendors.example` });
  }
  // Their figures as a count now gives them, so that every later difference is the sequences' own.
  await db.owner("insert into private.responses_due (vendor_id, since) select unnest($1::bigint[]), now() on conflict do nothing", [
    vendors.map((v) => v.id),
  ]);
  await countResponses();
});
afterAll(async () => {
  await provider?.close();
  await smtp?.close();
});

interface ModelRequest {
  id: number;
  who: Person;
  start: number;
  /** Vendors that answered contacted or with a quote; that said not available. */
  answered: Set<number>;
  declined: Set<number>;
  /** Vendors counted silent. */
  passed: Set<number>;
  withdrawn: boolean;
  booked: boolean;
}

interface Model {
  requests: ModelRequest[];
  /** Numbers that replied STOP and not START since. */
  stopped: Set<string>;
  night: boolean;
  counts: Map<string, number>;
}

type Real = { db: Database };

const count = (m: Model, key: string) => m.counts.set(key, (m.counts.get(key) ?? 0) + 1);
const pick = <T>(list: T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length]);

async function setNight(night: boolean) {
  const zone = zoneAt(night ? 23 : 12);
  await db.owner("update public.states set time_zone = $1 where code = 'TX'", [zone]);
  // The clock moving into the night (or the day) at the job site: texts still waiting are in its time too.
  await db.owner("update public.outbox_messages set text_zone = $1 where channel = 'sms' and status = 'pending'", [zone]);
}

/** The vendors the request reached, with their answers as the database holds them. */
const recipientsOf = (id: number) =>
  db.owner<{ vendor_id: number; passed: boolean; status: string | null; handed: boolean }>(
    "select vendor_id, passed_at is not null as passed, status, handed_at is not null as handed from public.lead_recipients where lead_id = $1 order by rank",
    [id],
  );

/**
 * The near vendors whose response figures break a promise: figures that a count now would change
 * while the listing is not due to be counted, or a last answer older than one it received.
 */
const staleFigures = () =>
  db.owner<{ id: number; due: boolean }>(
    `select v.id, d.since is not null as due from public.vendors v
     left join private.responses_due d on d.vendor_id = v.id
     left join private.vendor_responses($1) x on x.vendor_id = v.id
     left join private.vendor_response_rates($1) y on y.vendor_id = v.id
     where v.id = any($1) and (
       (d.since is null
        and (v.response_hours, v.response_count, v.response_rate, v.response_rate_count) is distinct from (x.hours, x.count, y.rate, y.count))
       or coalesce(v.last_responded_at, '-infinity') < (select max(r.responded_at) from public.lead_recipients r where r.vendor_id = v.id))`,
    [vendors.map((v) => v.id)],
  );

async function check(m: Model) {
  await expectInvariants(
    db,
    m.requests.map((r) => ({ id: r.id, who: r.who, freeText: [] })),
  );
  for (const request of m.requests) expect((await recipientsOf(request.id)).length).toBeLessThanOrEqual(6);
  expect(await staleFigures(), "listings whose response figures are out of date and not due").toEqual([]);
}

class Send implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly widen: boolean,
    readonly start: number,
    readonly vendor: number,
  ) {}
  check = (m: Model) => m.requests.length < 6;
  async run(m: Model) {
    const who = renter();
    const chosen = this.widen ? null : vendors[this.vendor % vendors.length].id;
    const [{ id }] = await db.service<{ id: number }>("select public.create_lead($1, $2, $3) as id", [who.token, who.clientKey, chosen]);
    const route = await db.service<{ name: string }>(
      "select e->>'name' as name from jsonb_array_elements(public.lead_route_rates($1, $2, $3)) e",
      [ZIP, chosen, this.widen],
    );
    await db.service("select public.complete_lead($1, $2, 'tracked', $3::date, $4::date, $5, $6, $7, $8, false, $9, $10::jsonb, $11)", [
      id,
      who.token,
      isoDay(this.start),
      isoDay(this.start + 2),
      who.name,
      who.phone,
      ZIP,
      this.widen,
      who.email,
      JSON.stringify({ text: consentText(route.map((v) => v.name)), page: "/us/texas/houston" }),
      who.clientKey,
    ]);
    m.requests.push({
      id: Number(id),
      who,
      start: this.start,
      answered: new Set(),
      declined: new Set(),
      passed: new Set(),
      withdrawn: false,
      booked: false,
    });
    count(m, "send");
    await check(m);
  }
  toString = () => `send(${this.widen ? "widen" : `vendor ${this.vendor}`}, start +${this.start})`;
}

class Answer implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly request: number,
    readonly recipient: number,
    readonly how: "contacted" | "quote" | "unavailable",
  ) {}
  check = (m: Model) => m.requests.length > 0;
  async run(m: Model) {
    const request = pick(m.requests, this.request)!;
    const recipients = await recipientsOf(request.id);
    const vendorId = Number(pick(recipients, this.recipient)?.vendor_id);
    const vendor = vendors.find((v) => v.id === vendorId);
    if (!vendor) return;
    const done =
      this.how === "quote"
        ? await outcome(
            act.quote(db, vendor.manager, vendor.id, request.id, {
              machine_class: "track",
              model: null,
              available: true,
              lines: [{ kind: "rental", label: "Day", quantity: 3, unit_cents: 30000 }],
              included_hours: 24,
              over_hour_cents: 4500,
              fuel_policy: "full_to_full",
              tax_percent: 0,
              total_cents: 90000,
              message: null,
            }),
          )
        : await outcome(
            act.setStatus(db, vendor.manager, vendor.id, request.id, this.how, this.how === "unavailable" ? "dates_taken" : null),
          );
    count(m, `${this.how} ${done}`);
    if (done === "done") (this.how === "unavailable" ? request.declined : request.answered).add(vendor.id);
    await check(m);
  }
  toString = () => `answer(request ${this.request}, recipient ${this.recipient}, ${this.how})`;
}

class Silence implements fc.AsyncCommand<Model, Real> {
  constructor(readonly request: number) {}
  check = (m: Model) => m.requests.length > 0;
  async run(m: Model) {
    const request = pick(m.requests, this.request)!;
    await db.owner("update public.lead_recipients set due_at = now() - interval '1 second' where lead_id = $1 and due_at is not null", [
      request.id,
    ]);
    count(m, "silence");
    // The timed round comes within 30 s of the time running out.
    await passOn(m);
  }
  toString = () => `fourBusinessHoursPass(request ${this.request})`;
}

/** The response rules' job, with what the model knows of each request checked against what it did. */
async function passOn(m: Model) {
  const before = new Map<number, number>();
  for (const r of m.requests) before.set(r.id, (await recipientsOf(r.id)).length);
  const passed = (await db.service<{ n: number }>("select public.pass_on_silent_requests(500) as n"))[0].n;
  count(m, `passOn ${passed > 0 ? "passed" : "none"}`);
  for (const r of m.requests) {
    const after = await recipientsOf(r.id);
    if (after.length > before.get(r.id)!) {
      count(m, "handed on");
      expect(r.answered.size).toBeLessThan(3);
      expect(r.withdrawn || r.booked).toBe(false);
    }
  }
  await check(m);
}

class PassOn implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  run = (m: Model) => passOn(m);
  toString = () => "passOnSilentRequests()";
}

/** The timed round's count of listings' response figures: none is left due, each as a count now gives it. */
class CountResponses implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model) {
    const counted = await countResponses();
    count(m, `count responses ${counted > 0 ? "counted" : "none due"}`);
    const due = await db.owner<{ id: number }>("select vendor_id as id from private.responses_due where vendor_id = any($1)", [
      vendors.map((v) => v.id),
    ]);
    expect(due).toEqual([]);
    await check(m);
  }
  toString = () => "countResponses()";
}

class Drain implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model) {
    const from = provider.texts.length;
    const stopped = new Set(m.stopped);
    const night = m.night;
    await drainOutbox({ env, client: embeddedClient(pglite) });
    const sent = provider.texts.slice(from);
    count(m, `drain ${sent.length > 0 ? "texted" : "no text"}`);
    for (const text of sent) {
      expect(stopped.has(text.to), `texted ${text.to} after STOP`).toBe(false);
      if (night) {
        // Sent at night only when its rental's first day starts within 24 hours there.
        const [row] = await db.owner<{ lead_id: number; hours: number }>(
          `select m.lead_id, extract(epoch from (l.rental_start_date::timestamp at time zone m.text_zone) - now()) / 3600 as hours
           from public.outbox_messages m join public.leads l on l.id = m.lead_id where m.provider_id = $1`,
          [text.sid],
        );
        expect(Number(row.hours), `a text at night about request ${row.lead_id}, starting in ${row.hours} hours`).toBeLessThan(24);
        expect(Number(row.hours), `a text at night about request ${row.lead_id}, which started ${-row.hours} hours ago`).toBeGreaterThan(
          -0.1,
        );
        count(m, "urgent text at night");
      }
    }
    await check(m);
  }
  toString = () => "drainOutbox()";
}

/** A text received from the number, through the signed inbound callback. */
async function reply(number: string, body: string) {
  const fields = { From: number, Body: body, MessageSid: `SM${randomBytes(12).toString("hex")}` };
  const answer = await textReplyCallback(signedCallback(`${SITE}/api/texts/inbound`, fields, provider.token), env);
  expect(answer.status).toBe(200);
}

class Reply implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly word: "STOP" | "stop now" | "START" | "HELP" | "Is it still free?",
  ) {}
  check = () => true;
  async run(m: Model) {
    const numbers = [...vendors.map((v) => v.phone), ...m.requests.map((r) => e164(r.who.phone))];
    const number = numbers[this.who % numbers.length];
    await reply(number, this.word);
    if (this.word.toUpperCase().startsWith("STOP")) m.stopped.add(number);
    if (this.word === "START") m.stopped.delete(number);
    count(m, `reply ${this.word}`);
    await check(m);
  }
  toString = () => `reply(number ${this.who}, ${JSON.stringify(this.word)})`;
}

class Night implements fc.AsyncCommand<Model, Real> {
  constructor(readonly night: boolean) {}
  check = (m: Model) => m.night !== this.night;
  async run(m: Model) {
    await setNight(this.night);
    m.night = this.night;
    count(m, this.night ? "night falls" : "day breaks");
  }
  toString = () => (this.night ? "nightFalls()" : "dayBreaks()");
}

class Withdraw implements fc.AsyncCommand<Model, Real> {
  constructor(readonly request: number) {}
  check = (m: Model) => m.requests.length > 0;
  async run(m: Model) {
    const request = pick(m.requests, this.request)!;
    const done = await outcome(act.withdraw(db, request.id, request.who));
    if (done === "done") request.withdrawn = true;
    count(m, `withdraw ${done}`);
    await check(m);
  }
  toString = () => `withdraw(request ${this.request})`;
}

class Book implements fc.AsyncCommand<Model, Real> {
  constructor(readonly request: number) {}
  check = (m: Model) => m.requests.length > 0;
  async run(m: Model) {
    const request = pick(m.requests, this.request)!;
    const [quote] = await db.owner<{ id: number }>(
      "select id from public.quotes where lead_id = $1 and status = 'open' order by id limit 1",
      [request.id],
    );
    if (!quote) return;
    const done = await outcome(act.book(db, request.id, request.who, Number(quote.id)));
    if (done === "done") request.booked = true;
    count(m, `book ${done}`);
    await check(m);
  }
  toString = () => `book(request ${this.request})`;
}

const commands = [
  fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 9 }), fc.nat(20)).map(([widen, start, vendor]) => new Send(widen, start, vendor)),
  fc
    .tuple(
      fc.nat(10),
      fc.nat(6),
      fc.constantFrom("contacted", "quote", "unavailable") as fc.Arbitrary<"contacted" | "quote" | "unavailable">,
    )
    .map(([r, v, how]) => new Answer(r, v, how)),
  fc.nat(10).map((r) => new Silence(r)),
  fc.constant(new PassOn()),
  fc.constant(new CountResponses()),
  fc.constant(new Drain()),
  fc
    .tuple(fc.nat(30), fc.constantFrom("STOP", "stop now", "START", "HELP", "Is it still free?") as fc.Arbitrary<Reply["word"]>)
    .map(([who, word]) => new Reply(who, word)),
  fc.boolean().map((night) => new Night(night)),
  fc.nat(10).map((r) => new Withdraw(r)),
  fc.nat(10).map((r) => new Book(r)),
];

describe("a request's response rules and texts, model-based", () => {
  it("keeps every promise in any order of requests, answers, silences, the job, drains, replies, nights and bookings", async () => {
    const counts = new Map<string, number>();
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: "max" }), async (steps) => {
        // Each sequence starts with every number texted: the numbers an earlier one stopped reply START.
        for (const { phone } of await db.owner<{ phone: string }>("select phone from public.text_numbers where stopped_at is not null"))
          await reply(phone, "START");
        await setNight(false);
        const model: Model = { requests: [], stopped: new Set(), night: false, counts };
        await fc.asyncModelRun(() => ({ model, real: { db } }), steps);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    await setNight(false);
    console.log(`response life: ${RUNS} sequences of up to 30 steps in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(
      [...counts]
        .sort()
        .map(([key, n]) => `  ${key}: ${n}`)
        .join("\n"),
    );
    for (const reached of ["handed on", "unavailable done", "reply STOP", "drain texted", "night falls", "count responses counted"])
      expect(counts.get(reached) ?? 0).toBeGreaterThan(0);
  });
});
