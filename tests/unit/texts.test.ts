import type { PGlite } from "@electric-sql/pglite";
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "@/lib/auth/token";
import { drainOutbox } from "@/lib/outbox/drain";
import { textReplyCallback, textStatusCallback } from "@/lib/outbox/text-callbacks";
import { businessRequests, passOnSilentRequests, quoteLinkRequest, routeRates, setRequestStatus } from "@/lib/requests/data";
import { countResponses } from "@/lib/listings/responses";
import { embeddedClient, freshDb, isoDay } from "./helpers/db";
import { book, manageListing, sendQuote, sendRequest, useDatabase } from "./helpers/factories";
import { signedCallback, startSmsProvider, type FakeSmsProvider } from "./helpers/sms-provider";
import { startSmtpServer, type TestSmtpServer } from "./helpers/smtp";

// Texts through the outbox with a fake of the provider's API in this process (the provider is
// outside), its callbacks signed as the provider signs them, and the response rules' job.

const SITE = "https://skidsteer.example";
let db: PGlite;
let provider: FakeSmsProvider;
let smtp: TestSmtpServer;
let env: NodeJS.ProcessEnv;
const client = () => embeddedClient(db);

/** A fresh US mobile number, as typed and as E.164. */
function phone() {
  const line = String(randomInt(0, 10_000)).padStart(4, "0");
  const exchange = String(randomInt(200, 1000));
  return { typed: `(832) ${exchange}-${line}`, e164: `+1832${exchange}${line}` };
}

/** An IANA zone in which it is now `hour` o'clock (a fixed offset: the job site's state is set to it). */
function zoneAt(hour: number): string {
  const offset = ((hour - new Date().getUTCHours() + 36) % 24) - 12;
  return offset >= 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}
const setTexasZone = (zone: string) => db.query("update public.states set time_zone = $1 where code = 'TX'", [zone]);

/** The vendors a request from ZIP 77002 reaches, each a business on the site with its own mobile number and manager. */
async function siteVendors(count: number) {
  const near = await db.query<{ vendor_id: number }>("select vendor_id from public.vendors_near_zip('77002', $1)", [count]);
  const vendors = [];
  for (const { vendor_id } of near.rows) {
    const number = phone();
    await db.query("update public.vendors set claimed_at = now(), phone = $2, leads_paused_at = null where id = $1", [
      vendor_id,
      number.typed,
    ]);
    vendors.push({ id: Number(vendor_id), phone: number.e164, manager: await manageListing(db, Number(vendor_id)) });
  }
  return vendors;
}

/** The addresses a received email went to. */
const toOf = (mail: TestSmtpServer["received"][number]) =>
  Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(", ") : (mail.to?.text ?? "");
/** Forgets the numbers earlier tests stopped or found unreachable, so every vendor is texted again. */
const numbersReachable = () => db.query("delete from public.text_numbers");
const drain = () => drainOutbox({ env, client: client() });
const textsTo = (to: string) => provider.texts.filter((text) => text.to === to);

beforeAll(async () => {
  db = await freshDb(true);
  useDatabase(db);
  provider = await startSmsProvider();
  smtp = await startSmtpServer();
  env = { ...provider.env, SMTP_URL: smtp.url, NEXT_PUBLIC_SITE_URL: SITE } as unknown as NodeJS.ProcessEnv;
  await siteVendors(12);
  await setTexasZone(zoneAt(12));
});
afterAll(async () => {
  await provider?.close();
  await smtp?.close();
});

describe("texts", () => {
  it("a new request is texted to each vendor it is routed to, with the machine, dates, ZIP and a link that opens it without signing in", async () => {
    const renter = phone();
    const request = await sendRequest({ widen: true, phone: renter.typed, start: 9, days: 3 });
    const vendors = await db.query<{ vendor_id: number; phone_e164: string }>(
      "select r.vendor_id, v.phone_e164 from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = $1",
      [request.id],
    );
    expect(vendors.rows.length).toBe(3);
    const started = Date.now();
    await drain();
    for (const vendor of vendors.rows) {
      const [text] = textsTo(vendor.phone_e164).filter((t) => t.at >= started);
      expect(text.body).toContain(`new rental request #${request.id}: tracked skid steer`);
      expect(text.body).toContain("ZIP 77002");
      expect(text.body).toContain("Reply STOP to stop texts.");
      expect(text.from).toBe(provider.from);
      expect(text.statusCallback).toBe(`${SITE}/api/texts/status`);
      const token = /\/business\/quote\?token=([\w-]{43})/.exec(text.body)?.[1];
      expect(token).toBeDefined();
      const opened = await quoteLinkRequest(hashToken(token!));
      expect(opened?.lead_id).toBe(request.id);
      expect(opened?.vendor_id).toBe(Number(vendor.vendor_id));
    }
    // Sent once: another drain sends nothing more, and the provider's id is kept for its callbacks.
    const count = provider.texts.length;
    await drain();
    expect(provider.texts.length).toBe(count);
    const kept = await db.query<{ n: number }>(
      "select count(*)::int as n from public.outbox_messages where lead_id = $1 and channel = 'sms' and status = 'sent' and provider_id like 'SM%' and delivery_status = 'queued'",
      [request.id],
    );
    expect(kept.rows[0].n).toBe(3);
  });

  it("a quote and a booking are texted: the renter, who gave consent, and the booked vendor", async () => {
    const renter = phone();
    const request = await sendRequest({ widen: true, phone: renter.typed, start: 9 });
    const [first] = request.vendors;
    const manager = await manageListing(db, first);
    const quote = await sendQuote(manager, first, request.id);
    await drain();
    expect(textsTo(renter.e164).map((t) => t.body)).toEqual([
      expect.stringMatching(/sent a quote of \$1,179\.93 .*\/requests\/\d+\?key=[\w-]{43}/),
    ]);
    await book(request, quote.id);
    await drain();
    expect(textsTo(renter.e164).at(-1)?.body).toMatch(/you booked .* They confirm a delivery window next/);
    const vendorPhone = (await db.query<{ p: string }>("select phone_e164 as p from public.vendors where id = $1", [first])).rows[0].p;
    expect(textsTo(vendorPhone).at(-1)?.body).toMatch(
      new RegExp(`booked your quote of \\$1,179\\.93 for request #${request.id}.*Confirm a delivery window by`),
    );
  });

  it("STOP stops every text to the number at once, email still goes; START resumes; HELP and anything else get the help answer", async () => {
    const [vendor] = await db
      .query<{ id: number; phone_e164: string }>(
        "select id, phone_e164 from public.vendors where claimed_at is not null and phone_e164 is not null order by id limit 1",
      )
      .then((r) => r.rows);
    const reply = (body: string, sid = `SM${randomInt(1e9)}`) =>
      textReplyCallback(
        signedCallback(`${SITE}/api/texts/inbound`, { From: vendor.phone_e164, Body: body, MessageSid: sid }, provider.token),
        env,
      );
    // A text already queued to the number is failed by the STOP.
    const queued = await sendRequest({ vendorId: Number(vendor.id), phone: phone().typed });
    const stop = await reply("  stop please");
    expect(await stop.text()).toContain("you will get no more texts from us");
    const failed = await db.query<{ status: string; last_error: string }>(
      "select status, last_error from public.outbox_messages where lead_id = $1 and channel = 'sms'",
      [queued.id],
    );
    expect(failed.rows).toEqual([{ status: "failed", last_error: "The number replied STOP" }]);
    const before = textsTo(vendor.phone_e164).length;
    const emails = smtp.received.length;
    const later = await sendRequest({ vendorId: Number(vendor.id), phone: phone().typed });
    await drain();
    expect(textsTo(vendor.phone_e164).length).toBe(before);
    expect(smtp.received.length).toBeGreaterThan(emails);
    const none = await db.query("select 1 from public.outbox_messages where lead_id = $1 and channel = 'sms'", [later.id]);
    expect(none.rows).toEqual([]);
    // A replayed STOP callback counts once.
    const replayed = `SM${randomInt(1e9)}`;
    await reply("UNSUBSCRIBE", replayed);
    await reply("UNSUBSCRIBE", replayed);
    const stops = await db.query<{ n: number }>("select count(*)::int as n from public.text_replies where provider_id = $1", [replayed]);
    expect(stops.rows[0].n).toBe(1);
    expect(await (await reply("HELP")).text()).toContain("Reply STOP to stop texts, START to resume.");
    expect(await (await reply("What time do you open?")).text()).toContain("Reply STOP to stop texts, START to resume.");
    expect(await (await reply("Start")).text()).toContain("texts are on again");
    await sendRequest({ vendorId: Number(vendor.id), phone: phone().typed });
    await drain();
    expect(textsTo(vendor.phone_e164).length).toBe(before + 1);
  });

  it("replies are read as carriers read opt-outs: the whole message or a first-word STOP, whatever its spacing, case or width", async () => {
    const keyword = async (body: string) =>
      (await db.query<{ k: string }>("select public.text_reply($1, $2, $3) as k", [phone().e164, body, `SM${randomInt(1e12)}`])).rows[0].k;
    for (const body of [
      "STOP",
      "  stop.",
      "\nSTOP",
      "\tStop!",
      "\u00a0STOP",
      "\u200bSTOP",
      '"STOP"',
      "¿STOP?",
      "ＳＴＯＰ",
      "opt-out",
      "OPT OUT",
      "Stop texting me",
      "unsubscribe please",
      "cancel",
      "END",
    ])
      expect({ body, k: await keyword(body) }).toEqual({ body, k: "stop" });
    for (const body of ["End date is Friday", "cancel my 3pm?", "Can you stop by?", "What time do you open?", "", "🙂"])
      expect({ body, k: await keyword(body) }).toEqual({ body, k: "other" });
    for (const body of ["START", "yes", "Unstop", "opt in"]) expect({ body, k: await keyword(body) }).toEqual({ body, k: "start" });
    expect(await keyword("Yes I can deliver")).toBe("other");
    expect(await keyword(" help ")).toBe("help");
  });

  it("a final delivery status is never replaced; a phone switched off is no unreachable number; START clears one that was", async () => {
    const renter = phone();
    const request = await sendRequest({ widen: true, phone: renter.typed, start: 9 });
    await sendQuote(await manageListing(db, request.vendors[0]), request.vendors[0], request.id);
    await drain();
    const [quoteText] = (
      await db.query<{ provider_id: string }>(
        "select provider_id from public.outbox_messages where lead_id = $1 and channel = 'sms' and kind = 'quote'",
        [request.id],
      )
    ).rows;
    const callback = (status: string, error?: string) =>
      textStatusCallback(
        signedCallback(
          `${SITE}/api/texts/status`,
          { MessageSid: quoteText.provider_id, MessageStatus: status, ...(error ? { ErrorCode: error } : {}) },
          provider.token,
        ),
        env,
      );
    await callback("delivered");
    await callback("undelivered", "30003");
    const kept = await db.query("select delivery_status, delivery_error from public.outbox_messages where provider_id = $1", [
      quoteText.provider_id,
    ]);
    expect(kept.rows).toEqual([{ delivery_status: "delivered", delivery_error: null }]);
    // A status word the provider never sends changes nothing, even one named like an object's own property.
    for (const word of ["__proto__", "toString", "constructor"]) expect((await callback(word)).status).toBe(204);
    await db.query("update public.outbox_messages set delivery_status = 'sent' where provider_id = $1", [quoteText.provider_id]);
    await callback("undelivered", "30003");
    expect((await db.query("select 1 from public.text_numbers where phone = $1", [renter.e164])).rows).toEqual([]);
    // A landline reported, then the number itself texts START: it can receive texts after all.
    await db.query("select public.text_refused($1, '30006')", [renter.e164]);
    await textReplyCallback(
      signedCallback(`${SITE}/api/texts/inbound`, { From: renter.e164, Body: "START", MessageSid: `SM${randomInt(1e12)}` }, provider.token),
      env,
    );
    expect((await db.query("select stopped_at, unreachable_at from public.text_numbers where phone = $1", [renter.e164])).rows).toEqual([
      { stopped_at: null, unreachable_at: null },
    ]);
  });

  it("a callback longer than a provider's, or of no stated length, is not read", async () => {
    const fields = { From: phone().e164, Body: "STOP".padEnd(20_000, "!"), MessageSid: `SM${randomInt(1e12)}` };
    expect((await textReplyCallback(signedCallback(`${SITE}/api/texts/inbound`, fields, provider.token), env)).status).toBe(403);
    const short = { ...fields, Body: "STOP" };
    const unstated = new Request(`${SITE}/api/texts/inbound`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": signedCallback(`${SITE}/api/texts/inbound`, short, provider.token).headers.get("x-twilio-signature")!,
      },
      body: new URLSearchParams(short).toString(),
    });
    expect((await textReplyCallback(unstated, env)).status).toBe(403);
    expect((await db.query("select 1 from public.text_numbers where phone = $1", [fields.From])).rows).toEqual([]);
  });

  it("a reply's control characters are dropped (a STOP with a NUL stops); an id holding one is refused with 400", async () => {
    const number = phone().e164;
    const stop = await textReplyCallback(
      signedCallback(`${SITE}/api/texts/inbound`, { From: number, Body: "STOP\u0000", MessageSid: `SM${randomInt(1e12)}` }, provider.token),
      env,
    );
    expect(stop.status).toBe(200);
    expect((await db.query("select stopped_at is not null as stopped from public.text_numbers where phone = $1", [number])).rows).toEqual([
      { stopped: true },
    ]);
    const badId = await textStatusCallback(
      signedCallback(`${SITE}/api/texts/status`, { MessageSid: "SM\u0000x", MessageStatus: "delivered" }, provider.token),
      env,
    );
    expect(badId.status).toBe(400);
  });

  it("a number typed with an extension is texted without it, and found by it for erasure, which ends the vendor's text link too", async () => {
    const number = phone();
    const request = await sendRequest({ widen: true, phone: `${number.typed} ext. 4521`, start: 9 });
    const [row] = (await db.query<{ phone_e164: string }>("select phone_e164 from public.leads where id = $1", [request.id])).rows;
    expect(row.phone_e164).toBe(number.e164);
    const found = await db.query<{ ids: number[] }>("select private.person_leads($1, null) as ids", [number.e164]);
    expect(found.rows[0].ids.map(Number)).toContain(request.id);
    await drain();
    const [vendorText] = provider.texts.filter((t) => t.body.includes(`request #${request.id}:`));
    const token = /\/business\/quote\?token=([\w-]{43})/.exec(vendorText.body)![1];
    expect(await quoteLinkRequest(hashToken(token))).not.toBeNull();
    await db.query("select private.erase_requests(array[$1]::bigint[], 'erase')", [request.id]);
    expect(await quoteLinkRequest(hashToken(token))).toBeNull();
  });

  it("a callback with a wrong signature is refused with 403 and changes nothing", async () => {
    const number = phone().e164;
    const fields = { From: number, Body: "STOP", MessageSid: `SM${randomInt(1e9)}` };
    const wrong = await textReplyCallback(signedCallback(`${SITE}/api/texts/inbound`, fields, "not-the-account-key"), env);
    expect(wrong.status).toBe(403);
    const unsigned = await textReplyCallback(signedCallback(`${SITE}/api/texts/inbound`, fields, provider.token, ""), env);
    expect(unsigned.status).toBe(403);
    // Signed for another address, or with its fields changed after signing.
    const elsewhere = await textReplyCallback(
      new Request(`${SITE}/api/texts/inbound`, {
        method: "POST",
        headers: signedCallback("https://elsewhere.example/api/texts/inbound", fields, provider.token).headers,
        body: new URLSearchParams(fields),
      }),
      env,
    );
    expect(elsewhere.status).toBe(403);
    const status = await textStatusCallback(
      signedCallback(`${SITE}/api/texts/status`, { MessageSid: "SMnone", MessageStatus: "delivered" }, "not-the-account-key"),
      env,
    );
    expect(status.status).toBe(403);
    const changed = await db.query(
      "select 1 from public.text_replies where phone = $1 union all select 1 from public.text_numbers where phone = $1",
      [number],
    );
    expect(changed.rows).toEqual([]);
  });

  it("status callbacks update the message, in any order; a landline is recorded and never texted again", async () => {
    const renter = phone();
    const request = await sendRequest({ widen: true, phone: renter.typed, start: 9 });
    await drain();
    const texts = await db.query<{ id: number; provider_id: string; recipient: string }>(
      "select id, provider_id, recipient from public.outbox_messages where lead_id = $1 and channel = 'sms' order by id",
      [request.id],
    );
    const [first, second] = texts.rows;
    const callback = (sid: string, status: string, error?: string) =>
      textStatusCallback(
        signedCallback(
          `${SITE}/api/texts/status`,
          { MessageSid: sid, MessageStatus: status, ...(error ? { ErrorCode: error } : {}) },
          provider.token,
        ),
        env,
      );
    expect((await callback(first.provider_id, "delivered")).status).toBe(204);
    expect((await callback(first.provider_id, "sent")).status).toBe(204);
    expect((await callback(second.provider_id, "undelivered", "30006")).status).toBe(204);
    const after = await db.query<{ id: number; delivery_status: string; delivery_error: string | null }>(
      "select id, delivery_status, delivery_error from public.outbox_messages where id = any($1) order by id",
      [[first.id, second.id]],
    );
    expect(after.rows).toEqual([
      { id: first.id, delivery_status: "delivered", delivery_error: null },
      { id: second.id, delivery_status: "undelivered", delivery_error: "30006" },
    ]);
    const landline = await db.query("select unreachable_code from public.text_numbers where phone = $1", [second.recipient]);
    expect(landline.rows).toEqual([{ unreachable_code: "30006" }]);
    // A number the provider refuses as not a mobile number is recorded when it refuses, and the text fails at once.
    const other = phone();
    provider.refuse.set(other.e164, 21614);
    const refused = await sendRequest({ widen: true, phone: other.typed, start: 9 });
    const [vendor] = refused.vendors;
    await sendQuote(await manageListing(db, vendor), vendor, refused.id);
    await drain();
    const row = await db.query(
      "select status, attempts from public.outbox_messages where lead_id = $1 and channel = 'sms' and kind = 'quote'",
      [refused.id],
    );
    expect(row.rows).toEqual([{ status: "failed", attempts: 1 }]);
    expect((await db.query("select unreachable_code from public.text_numbers where phone = $1", [other.e164])).rows).toEqual([
      { unreachable_code: "21614" },
    ]);
  });

  it("a text is retried when the provider is down, and sent once", async () => {
    provider.failNext = 1;
    const renter = phone();
    const request = await sendRequest({ vendorId: (await routeRates("77002", null, true))[0].id, phone: renter.typed });
    await drain();
    const row = await db.query<{ status: string; attempts: number }>(
      "select status, attempts from public.outbox_messages where lead_id = $1 and channel = 'sms'",
      [request.id],
    );
    expect(row.rows).toEqual([{ status: "pending", attempts: 1 }]);
    await db.query("update public.outbox_messages set next_attempt_at = now() where lead_id = $1 and channel = 'sms'", [request.id]);
    await drain();
    const sent = await db.query("select status, attempts from public.outbox_messages where lead_id = $1 and channel = 'sms'", [request.id]);
    expect(sent.rows).toEqual([{ status: "sent", attempts: 2 }]);
  });

  it("no text from 9 pm to 8 am in the recipient's time: it waits for 8 am, unless the rental starts within 24 hours", async () => {
    const zone = zoneAt(23);
    await setTexasZone(zone);
    await numbersReachable();
    try {
      const later = await sendRequest({ widen: true, phone: phone().typed, start: 9 });
      // A rental whose first day begins within the next 24 hours there (it is 11 pm: tomorrow).
      const tomorrow = (await db.query<{ d: string }>("select ((now() at time zone $1) + interval '2 hours')::date::text as d", [zone]))
        .rows[0].d;
      const soon = await sendRequest({
        widen: true,
        phone: phone().typed,
        start: Math.round((Date.parse(tomorrow) - Date.parse(isoDay(0))) / 86_400_000),
        days: 2,
      });
      const started = provider.texts.length;
      await drain();
      const waiting = await db.query<{ lead_id: number; status: string; local: string }>(
        "select lead_id, status, to_char(next_attempt_at at time zone $2, 'HH24:MI') as local from public.outbox_messages where lead_id = any($1) and channel = 'sms' order by lead_id",
        [[later.id, soon.id], zone],
      );
      expect(waiting.rows.filter((r) => r.lead_id === later.id)).toEqual(
        Array(3).fill({ lead_id: later.id, status: "pending", local: "08:00" }),
      );
      expect(waiting.rows.filter((r) => r.lead_id === soon.id).map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
      const sent = provider.texts.slice(started);
      expect(sent.every((text) => text.body.includes(`#${soon.id}:`))).toBe(true);
      // Even when a waiting text is made due early (a retry's time, a clock moved), the claim holds it back.
      await db.query("update public.outbox_messages set next_attempt_at = now() where lead_id = $1 and channel = 'sms'", [later.id]);
      await drain();
      expect(provider.texts.length).toBe(started + 3);
    } finally {
      await setTexasZone(zoneAt(12));
    }
  });
});

describe("response rules", () => {
  it("each vendor's first response is due within 4 of its business hours", async () => {
    const request = await sendRequest({ widen: true, phone: phone().typed, start: 9 });
    const due = await db.query<{ same: boolean }>(
      "select bool_and(r.due_at = private.business_hours_after(r.vendor_id, l.completed_at, 4)) as same from public.lead_recipients r join public.leads l on l.id = r.lead_id where r.lead_id = $1",
      [request.id],
    );
    expect(due.rows[0].same).toBe(true);
  });

  it("a vendor silent past its time is passed: the request goes to the next vendor, the renter is told who and why, the vendor that it was passed on", async () => {
    const renter = phone();
    const email = `renter-${randomInt(1e9)}@renters.example`;
    const [chosen] = await routeRates("77002", null, true);
    await numbersReachable();
    const request = await sendRequest({ vendorId: chosen.id, phone: renter.typed, email, start: 9 });
    await drain();
    expect(await passOnSilentRequests()).toBe(0);
    await db.query("update public.lead_recipients set due_at = now() - interval '1 minute' where lead_id = $1", [request.id]);
    const mails = smtp.received.length;
    expect(await passOnSilentRequests()).toBe(1);
    const recipients = await db.query<{
      vendor_id: number;
      reason: string;
      passed: boolean;
      handed_from: number | null;
      handed_why: string | null;
      due: boolean;
    }>(
      "select vendor_id, reason, passed_at is not null as passed, handed_from, handed_why, due_at > now() as due from public.lead_recipients where lead_id = $1 order by rank",
      [request.id],
    );
    expect(recipients.rows).toEqual([
      { vendor_id: chosen.id, reason: "vendor_page", passed: true, handed_from: null, handed_why: null, due: null },
      { vendor_id: expect.any(Number), reason: "passed_on", passed: false, handed_from: chosen.id, handed_why: "silent", due: true },
    ]);
    const next = Number(recipients.rows[1].vendor_id);
    expect(next).not.toBe(chosen.id);
    await drain();
    const told = smtp.received.slice(mails);
    const nextName = (await db.query<{ name: string }>("select name from public.vendors where id = $1", [next])).rows[0].name;
    const renterMail = told.find((m) => toOf(m).includes(email));
    expect(renterMail?.subject).toBe(`Your rental request #${request.id} also went to ${nextName}`);
    expect(renterMail?.text).toContain(`${chosen.name} did not answer within 4 business hours`);
    expect(told.some((m) => m.subject === `Rental request #${request.id} was passed on`)).toBe(true);
    const sentNext = await db.query(
      "select channel from public.outbox_messages where lead_id = $1 and vendor_id = $2 and kind = 'lead' and status = 'sent' order by channel",
      [request.id, next],
    );
    expect(sentNext.rows).toEqual([{ channel: "email" }, { channel: "sms" }]);
    expect(textsTo(renter.e164).at(-1)?.body).toContain(
      `did not answer within 4 business hours, so your request #${request.id} also went to ${nextName}`,
    );
    // Never back to the vendor that was passed, and never a second time for the same silence.
    expect(await passOnSilentRequests()).toBe(0);
    // The passed vendor's rate counts the silence; its late answer is still taken.
    await setRequestStatus(await manageListing(db, chosen.id), chosen.id, request.id, "contacted", "");
    await countResponses();
    const rate = await db.query("select response_rate_count from public.vendors where id = $1", [chosen.id]);
    expect(Number((rate.rows[0] as { response_rate_count: number }).response_rate_count)).toBeGreaterThanOrEqual(1);
  });

  it("a vendor not available for the dates tells the renter why and hands the request on; it is never counted as silent", async () => {
    const renter = phone();
    const [chosen] = await routeRates("77002", null, true);
    const request = await sendRequest({ vendorId: chosen.id, phone: renter.typed, start: 9 });
    const manager = await manageListing(db, chosen.id);
    await expect(setRequestStatus(manager, chosen.id, request.id, "unavailable", "busy")).rejects.toMatchObject({ hint: "reason-missing" });
    await setRequestStatus(manager, chosen.id, request.id, "unavailable", "dates_taken");
    await drain();
    const texts = textsTo(renter.e164).map((t) => t.body);
    expect(texts).toContainEqual(
      expect.stringContaining(`${chosen.name} is not available for your request #${request.id}: its machines are booked for those dates.`),
    );
    expect(texts).toContainEqual(expect.stringContaining(`${chosen.name} cannot take it, so your request #${request.id} also went to`));
    await db.query("update public.lead_recipients set due_at = now() - interval '1 minute' where lead_id = $1 and vendor_id = $2", [
      request.id,
      chosen.id,
    ]);
    const row = await db.query("select passed_at, due_at, status from public.lead_recipients where lead_id = $1 and vendor_id = $2", [
      request.id,
      chosen.id,
    ]);
    await passOnSilentRequests();
    const after = await db.query("select passed_at from public.lead_recipients where lead_id = $1 and vendor_id = $2", [
      request.id,
      chosen.id,
    ]);
    expect(row.rows[0]).toMatchObject({ status: "unavailable" });
    expect(after.rows).toEqual([{ passed_at: null }]);
    await expect(setRequestStatus(manager, chosen.id, request.id, "unavailable", "no_machine")).rejects.toMatchObject({
      hint: "already-answered",
    });
  });

  it("a listing's response rate counts the requests due in 90 days that it answered, shown from 5, and the business sees its own", async () => {
    const [{ id: vendorId }] = await routeRates("77002", null, true);
    const manager = await manageListing(db, vendorId);
    await db.query("update public.vendors set response_rate = null, response_rate_count = null where id = $1", [vendorId]);
    await db.query("update public.lead_recipients set completed_at = now() - interval '91 days' where vendor_id = $1", [vendorId]);
    const page = async () =>
      (
        await db.query<{ page: { vendor: { response_rate: unknown } } }>(
          `select public.vendor_page('us', s.slug, c.slug, v.slug) as page from public.vendors v join public.postcodes p on p.id = v.postcode_id
           join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id where v.id = $1`,
          [vendorId],
        )
      ).rows[0].page.vendor.response_rate;
    for (let i = 0; i < 4; i++) {
      const request = await sendRequest({ vendorId, phone: phone().typed, start: 9 });
      await setRequestStatus(manager, vendorId, request.id, "contacted", "");
    }
    await countResponses();
    expect(await page()).toBeNull();
    const silent = await sendRequest({ vendorId, phone: phone().typed, start: 9 });
    await db.query("update public.lead_recipients set due_at = now() - interval '1 minute' where lead_id = $1", [silent.id]);
    await passOnSilentRequests();
    // The silence marks the listing due; its rate changes once the round has counted it.
    expect(await page()).toBeNull();
    await countResponses();
    expect(await page()).toEqual({ percent: 80, count: 5 });
    const own = await businessRequests(manager, 50);
    expect(own.win_rates.find((w) => w.vendor_id === vendorId)).toMatchObject({ response_rate: 80, response_rate_count: 5 });
    expect(own.leads.find((l) => l.id === silent.id)?.passed_at).not.toBeNull();
  });

  it("a vendor says not available once, never with an open quote; a request is handed on at most 3 times", async () => {
    const [chosen] = await routeRates("77002", null, true);
    const request = await sendRequest({ vendorId: chosen.id, phone: phone().typed, start: 9 });
    const manager = await manageListing(db, chosen.id);
    await setRequestStatus(manager, chosen.id, request.id, "unavailable", "too_far");
    await setRequestStatus(manager, chosen.id, request.id, "lost", "changed our mind");
    await expect(setRequestStatus(manager, chosen.id, request.id, "unavailable", "dates_taken")).rejects.toMatchObject({
      hint: "already-answered",
    });
    const handedFrom = await db.query("select count(*)::int as n from public.lead_recipients where lead_id = $1 and handed_from = $2", [
      request.id,
      chosen.id,
    ]);
    expect(handedFrom.rows).toEqual([{ n: 1 }]);
    // Silences hand it on twice more, then no more: 3 hand-ons in all, as the consent sentence says.
    for (let round = 0; round < 4; round++) {
      await db.query("update public.lead_recipients set due_at = now() - interval '1 minute' where lead_id = $1 and due_at is not null", [
        request.id,
      ]);
      await passOnSilentRequests(500);
    }
    const reached = await db.query(
      "select count(*)::int as n, count(*) filter (where reason = 'passed_on')::int as handed from public.lead_recipients where lead_id = $1",
      [request.id],
    );
    expect(reached.rows).toEqual([{ n: 4, handed: 3 }]);
    // A vendor with an open quote can no longer say it is not available.
    const quoted = await sendRequest({ widen: true, phone: phone().typed, start: 9 });
    const [first] = quoted.vendors;
    const firstManager = await manageListing(db, first);
    await sendQuote(firstManager, first, quoted.id);
    await setRequestStatus(firstManager, first, quoted.id, "lost", "renter went quiet");
    await expect(setRequestStatus(firstManager, first, quoted.id, "unavailable", "no_machine")).rejects.toMatchObject({
      hint: "already-answered",
    });
  });

  it("a renter who withdraws is sent no news still waiting of vendors not available or the request handed on", async () => {
    const renter = phone();
    const [chosen] = await routeRates("77002", null, true);
    const request = await sendRequest({
      vendorId: chosen.id,
      phone: renter.typed,
      email: `withdraw-${randomInt(1e9)}@renters.example`,
      start: 9,
    });
    await setRequestStatus(await manageListing(db, chosen.id), chosen.id, request.id, "unavailable", "no_machine");
    await db.query("select public.withdraw_lead($1, $2, null)", [request.id, request.browser.token]);
    const news = await db.query<{ kind: string; channel: string; status: string }>(
      "select kind, channel, status from public.outbox_messages where lead_id = $1 and kind in ('unavailable', 'passed_on') order by kind, channel",
      [request.id],
    );
    expect(news.rows.length).toBe(4);
    expect(news.rows.every((row) => row.status === "failed")).toBe(true);
  });

  it("lost or not a fit is no answer: the vendor's clock keeps running and it is counted silent", async () => {
    const [chosen] = await routeRates("77002", null, true);
    const request = await sendRequest({ vendorId: chosen.id, phone: phone().typed, start: 9 });
    await setRequestStatus(await manageListing(db, chosen.id), chosen.id, request.id, "not_a_fit", "not our kind of job");
    await db.query("update public.lead_recipients set due_at = now() - interval '1 minute' where lead_id = $1 and due_at is not null", [
      request.id,
    ]);
    expect(await passOnSilentRequests()).toBe(1);
    const row = await db.query("select passed_at is not null as passed from public.lead_recipients where lead_id = $1 and vendor_id = $2", [
      request.id,
      chosen.id,
    ]);
    expect(row.rows).toEqual([{ passed: true }]);
  });

  it("a request reaches at most 6 vendors, and stops being handed on once 3 have answered", async () => {
    const request = await sendRequest({ widen: true, phone: phone().typed, start: 9 });
    for (let round = 0; round < 5; round++) {
      await db.query("update public.lead_recipients set due_at = now() - interval '1 minute' where lead_id = $1 and due_at is not null", [
        request.id,
      ]);
      await passOnSilentRequests(500);
    }
    const reached = await db.query<{ n: number; distinct: number }>(
      "select count(*)::int as n, count(distinct vendor_id)::int as distinct from public.lead_recipients where lead_id = $1",
      [request.id],
    );
    expect(reached.rows[0]).toEqual({ n: 6, distinct: 6 });
    const answered = await sendRequest({ widen: true, phone: phone().typed, start: 9 });
    for (const vendor of answered.vendors) await setRequestStatus(await manageListing(db, vendor), vendor, answered.id, "contacted", "");
    const fourth = await db.query("select count(*)::int as n from public.lead_recipients where lead_id = $1", [answered.id]);
    expect(fourth.rows).toEqual([{ n: 3 }]);
  });
});
