import type { PGlite } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { retentionPeriods } from "@/lib/privacy/periods";
import { runRetention } from "@/lib/privacy/retention";
import { routedConsent } from "./helpers/consent";
import { outcome } from "./helpers/request-life";
import { asService, embeddedClient, freshDb, isoDay, ownerToken } from "./helpers/db";

let db: PGlite;
beforeAll(async () => {
  db = await freshDb(true);
});

const inspect = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;
const defaults = retentionPeriods({});
const run = () =>
  asService<{ r: { drafts: number; anonymized: number; emptied: number; expired: number } }>(
    db,
    "select public.retention_run($1, $2, $3, $4, 500) as r",
    [defaults.draftDays, defaults.personalMonths, defaults.sentDays, defaults.expiredDays],
  ).then(([{ r }]) => r);

let renters = 0;
async function completedRequest(email: string | null = "kept@example.com") {
  const token = ownerToken(120 + ++renters);
  const [draft] = await asService<{ id: number }>(db, "select public.create_lead($1, $2, null) as id", [
    token,
    `retention-client-${renters}`,
  ]);
  await asService(
    db,
    `select public.complete_lead($1, $2, 'wheeled', $3::date, $4::date, 'Riley Retained', '5551112222', '77002', false, false, $5, ${routedConsent("'77002'")}, p_client_hash => '0123456789abcdef0123456789abcdef')`,
    [draft.id, token, isoDay(5), isoDay(7), email],
  );
  return draft.id;
}

describe("retention periods", () => {
  it("default to 30 days for drafts, 24 months for personal fields, 30 days for sent messages and a day for expired rows", () => {
    expect(defaults).toEqual({ draftDays: 30, personalMonths: 24, sentDays: 30, expiredDays: 1 });
    expect(retentionPeriods({ RETENTION_DRAFT_DAYS: "7", RETENTION_PERSONAL_MONTHS: "0", RETENTION_SENT_DAYS: "x" })).toEqual({
      draftDays: 7,
      personalMonths: 24,
      sentDays: 30,
      expiredDays: 1,
    });
  });

  it("a draft goes 30 days after its last change; a younger one and a sent request stay", async () => {
    const [old] = await asService<{ id: number }>(db, "select public.create_lead($1, 'retention-draft-old', null) as id", [
      ownerToken(101),
    ]);
    const [young] = await asService<{ id: number }>(db, "select public.create_lead($1, 'retention-draft-new', null) as id", [
      ownerToken(102),
    ]);
    const sent = await completedRequest();
    await db.query("update public.leads set updated_at = now() - interval '31 days' where id = any($1)", [[old.id, sent]]);
    await db.query("update public.leads set updated_at = now() - interval '29 days' where id = $1", [young.id]);
    expect((await run()).drafts).toBeGreaterThanOrEqual(1);
    const left = await inspect<{ id: number }>("select id from public.leads where id = any($1) order by id", [[old.id, young.id, sent]]);
    expect(left.map((row) => row.id)).toEqual([young.id, sent].sort((a, b) => a - b));
  });

  it("a batch deletes at most a quarter of its size of drafts, the longest unchanged first", async () => {
    // Fresh browsers on every attempt, so that a retry makes new drafts.
    const attempt = crypto.randomUUID().slice(0, 8);
    const drafts: number[] = [];
    for (let n = 0; n < 3; n++) {
      const [draft] = await asService<{ id: number }>(db, "select public.create_lead($1, $2, null) as id", [
        `${ownerToken(110 + n)}-${attempt}`,
        `retention-draft-batch-${attempt}-${n}`,
      ]);
      drafts.push(draft.id);
    }
    await db.query("update public.leads set updated_at = now() - interval '40 days' + id * interval '1 second' where id = any($1)", [
      drafts,
    ]);
    const batchOf8 = () =>
      asService<{ r: { drafts: number } }>(db, "select public.retention_run(30, 24, 30, 1, 8) as r").then(([{ r }]) => r.drafts);
    expect(await batchOf8()).toBe(2);
    const left = await inspect<{ id: number }>("select id from public.leads where id = any($1)", [drafts]);
    expect(left.map((row) => row.id)).toEqual([drafts[2]]);
    expect(await batchOf8()).toBe(1);
  });

  it("a completed request's personal fields are blanked 24 months after completion, keeping what the reports count", async () => {
    const old = await completedRequest("old.renter@example.com");
    const recent = await completedRequest("recent.renter@example.com");
    await db.query("update public.leads set completed_at = now() - interval '24 months 1 day' where id = $1", [old]);
    await db.query("update public.leads set completed_at = now() - interval '23 months' where id = $1", [recent]);
    expect((await run()).anonymized).toBe(1);
    const rows = await inspect<Record<string, unknown>>(
      `select l.id, l.name, l.phone, l.renter_email, l.client_key, l.location, l.rental_start_date is not null as dated,
              l.anonymized_at is not null as anonymized, c.client_hash,
              (select count(*)::int from public.lead_recipients r where r.lead_id = l.id) as recipients
       from public.leads l left join public.lead_consents c on c.lead_id = l.id where l.id = any($1) order by l.id`,
      [[old, recent]],
    );
    expect(rows[0]).toMatchObject({ name: "", phone: "", renter_email: null, client_key: null, location: "77002", dated: true });
    expect(rows[0]).toMatchObject({ anonymized: true, client_hash: null });
    expect(rows[0].recipients).toBeGreaterThan(0);
    expect(rows[1]).toMatchObject({ name: "Riley Retained", renter_email: "recent.renter@example.com", anonymized: false });
    // Done once: the next run finds nothing more to blank.
    expect((await run()).anonymized).toBe(0);
  });

  it("a sent message loses its contents and recipient 30 days after sending; one sent since keeps them", async () => {
    const lead = await completedRequest("copy.renter@example.com");
    await db.query("update public.outbox_messages set status = 'sent', sent_at = now() - interval '31 days' where lead_id = $1", [lead]);
    const [kept] = await inspect<{ id: number }>("select id from public.outbox_messages where lead_id = $1 and kind = 'renter_copy'", [
      lead,
    ]);
    await db.query("update public.outbox_messages set sent_at = now() - interval '29 days' where id = $1", [kept.id]);
    // A delivery attempt's error can quote the address it was sent to: it goes with the address.
    const addressed = await inspect<{ id: number; recipient: string }>(
      "select id, recipient from public.outbox_messages where lead_id = $1 and recipient is not null order by id",
      [lead],
    );
    expect(addressed.length).toBeGreaterThan(1);
    for (const message of addressed)
      await db.query("insert into public.outbox_attempts (message_id, ok, error) values ($1, false, $2)", [
        message.id,
        `550 <${message.recipient}>: mailbox full`,
      ]);
    expect((await run()).emptied).toBeGreaterThanOrEqual(1);
    const errors = await inspect<{ message_id: number; error: string | null }>(
      "select message_id, error from public.outbox_attempts where message_id = any($1) order by message_id",
      [addressed.map((message) => message.id)],
    );
    expect(errors).toEqual(
      addressed.map((message) => ({
        message_id: message.id,
        error: message.id === kept.id ? "550 <copy.renter@example.com>: mailbox full" : null,
      })),
    );
    const messages = await inspect<{ id: number; payload: object; recipient: string | null }>(
      "select id, payload, recipient from public.outbox_messages where lead_id = $1 order by id",
      [lead],
    );
    for (const message of messages.filter((m) => m.id !== kept.id)) expect(message).toMatchObject({ payload: {}, recipient: null });
    expect(messages.find((m) => m.id === kept.id)?.recipient).toBe("copy.renter@example.com");
  });

  it("expired links and sessions, and old throttle rows, go a day after they lapse", async () => {
    const hash = (n: number) => String(n).padStart(64, "a");
    await db.query(
      `insert into public.auth_links (token_hash, purpose, email, expires_at) values
         ($1, 'sign_in', 'gone@example.com', now() - interval '25 hours'), ($2, 'sign_in', 'kept@example.com', now() - interval '23 hours')`,
      [hash(1), hash(2)],
    );
    await db.query(
      `insert into public.sessions (token_hash, role, subject, expires_at) values
         ($1, 'business', 'gone@example.com', now() - interval '25 hours'), ($2, 'business', 'kept@example.com', now() + interval '1 hour')`,
      [hash(3), hash(4)],
    );
    await db.query(
      `insert into public.write_attempts (kind, client_key, created_at) values ('review', 'expiry-old-client', now() - interval '25 hours'),
         ('review', 'expiry-new-client', now() - interval '1 hour')`,
    );
    await db.query(
      `insert into public.auth_throttle (key, failures, last_failure_at) values ('retention-old', 3, now() - interval '25 hours'),
         ('retention-new', 3, now() - interval '1 hour')`,
    );
    expect((await run()).expired).toBeGreaterThanOrEqual(4);
    expect(await inspect("select token_hash from public.auth_links where token_hash = any($1)", [[hash(1), hash(2)]])).toEqual([
      { token_hash: hash(2) },
    ]);
    expect(await inspect("select token_hash from public.sessions where token_hash = any($1)", [[hash(3), hash(4)]])).toEqual([
      { token_hash: hash(4) },
    ]);
    expect(await inspect("select client_key from public.write_attempts where client_key like 'expiry-%'")).toEqual([
      { client_key: "expiry-new-client" },
    ]);
    expect(await inspect("select key from public.auth_throttle where key like 'retention-%'")).toEqual([{ key: "retention-new" }]);
  });

  it("runs through the service client the timer and the cron route use, and refuses a period below 1", async () => {
    const result = await runRetention({ RETENTION_DRAFT_DAYS: "30" }, embeddedClient(db));
    expect(result).toEqual({ drafts: expect.any(Number), anonymized: expect.any(Number), emptied: 0, expired: expect.any(Number) });
    await expect(asService(db, "select public.retention_run(0, 24, 30, 1, 500)")).rejects.toMatchObject({ hint: "retention-period" });
  });
});

describe("erasure", () => {
  it("the console finds everything held for a phone number or email address, and erases it in one action; the audit log keeps no personal data", async () => {
    const email = `erase.me.${Date.now()}@example.com`;
    const lead = await completedRequest(email);
    const [vendor] = await inspect<{ vendor_id: number }>("select vendor_id from public.lead_recipients where lead_id = $1 limit 1", [
      lead,
    ]);
    await db.query(
      "insert into public.reviews (lead_id, vendor_id, stars, body, author, machine, requested_at, status, published_at) values ($1, $2, 5, 'Great', 'Riley R.', 'wheeled', now(), 'published', now())",
      [lead, vendor.vendor_id],
    );
    const person = (phone: string | null, address: string | null) =>
      asService<{ p: { requests: Array<{ id: number; phone: string }>; reviews: unknown[]; messages: unknown[]; consents: unknown[] } }>(
        db,
        "select public.operator_person($1, $2) as p",
        [phone, address],
      ).then(([{ p }]) => p);
    const byEmail = await person(null, email.toUpperCase());
    expect(byEmail.requests.map((r) => r.id)).toEqual([lead]);
    expect(byEmail.reviews).toHaveLength(1);
    expect(byEmail.messages.length).toBeGreaterThan(0);
    expect(byEmail.consents).toHaveLength(1);
    // However the number is typed.
    expect((await person("+1 (555) 111-2222", null)).requests.map((r) => r.id)).toContain(lead);
    expect(await outcome(person("555", null))).toBe("person-query");

    const [{ done }] = await asService<{ done: { requests: number; reviews: number } }>(
      db,
      "select public.operator_erase_person(null, $1, 'ops@example.com') as done",
      [email],
    );
    expect(done.reviews).toBe(1);
    expect(done.requests).toBeGreaterThanOrEqual(1);
    const [erased] = await inspect<Record<string, unknown>>(
      "select name, phone, renter_email, anonymized_at from public.leads where id = $1",
      [lead],
    );
    expect(erased).toMatchObject({ name: "", phone: "", renter_email: null });
    expect(await inspect("select 1 from public.reviews where lead_id = $1", [lead])).toEqual([]);
    expect(
      await inspect("select 1 from public.outbox_messages where lead_id = $1 and (recipient is not null or payload <> '{}')", [lead]),
    ).toEqual([]);
    const [audit] = await inspect<{ operator_email: string; subject: string | null; details: object }>(
      "select operator_email, subject, details from public.operator_audit where action = 'erase_person' order by id desc limit 1",
    );
    expect(audit.operator_email).toBe("ops@example.com");
    expect(JSON.stringify(audit)).not.toContain(email);
    expect(JSON.stringify(audit)).not.toContain("555");
    // Nothing left on file: said so, and nothing changes.
    expect(await outcome(asService(db, "select public.operator_erase_person(null, $1, 'ops@example.com')", [email]))).toBe(
      "nothing-on-file",
    );
    expect(await outcome(asService(db, "select public.operator_erase_person(null, 'nobody.here@example.com', 'ops@example.com')"))).toBe(
      "nothing-on-file",
    );
  });

  it("a renter deletes their own request once its rental has ended or it was withdrawn; another browser is refused like an unknown request", async () => {
    const token = ownerToken(140 + ++renters);
    const [draft] = await asService<{ id: number }>(db, "select public.create_lead($1, $2, null) as id", [
      token,
      `delete-client-${renters}`,
    ]);
    await asService(
      db,
      `select public.complete_lead($1, $2, 'wheeled', $3::date, $4::date, 'Dee Deleting', '5553334444', '77002', false, false, null, ${routedConsent("'77002'")})`,
      [draft.id, token, isoDay(3), isoDay(5)],
    );
    const remove = (owner: string) => asService(db, "select public.renter_delete_request($1, $2, null)", [draft.id, owner]);
    expect(await outcome(remove(token))).toBe("delete-too-early");
    expect(await outcome(remove(ownerToken(199)))).toBe("no-request");
    await asService(db, "select public.withdraw_lead($1, $2)", [draft.id, token]);
    expect(await outcome(remove(ownerToken(199)))).toBe("no-request");
    await remove(token);
    expect(await inspect("select name, phone from public.leads where id = $1", [draft.id])).toEqual([{ name: "", phone: "" }]);
    // It no longer opens from the browser that made it.
    expect(await asService(db, "select public.lead_status($1, $2) as s", [draft.id, token])).toEqual([{ s: null }]);
  });
});
