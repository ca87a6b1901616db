import { createHash } from "node:crypto";
import { readdirSync, readFileSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drainOutbox, MAX_ATTEMPTS } from "@/lib/outbox/drain";
import { createEmbeddedFetch } from "@/lib/supabase/embedded-fetch";
import { startSmtpServer, type TestSmtpServer } from "./helpers/smtp";
import { routedConsent } from "./helpers/consent";
import { freshDb, isoDay } from "./helpers/db";

let db: PGlite;
let client: SupabaseClient;
let smtp: TestSmtpServer;

beforeAll(async () => {
  db = await freshDb(true);
  client = createClient("http://embedded.localhost", "key", {
    auth: { persistSession: false },
    global: { fetch: createEmbeddedFetch(async () => db, "service_role") },
  });
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.close());

/** `count` completed leads, each with one due email message to a vendor with an address. */
async function dueMessages(count: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `
    with vendor as (select id from public.vendors where email is not null order by id limit 1),
    made as (
      insert into public.leads (vendor_id, step, location, name, phone, skid_steer_type, rental_days,
                                rental_start_date, rental_end_date, completed, completed_at, owner_token_hash)
      select (select id from vendor), 3, '77002', 'Outbox Tester ' || n, '(555) 010-' || lpad(n::text, 4, '0'), 'tracked', 2,
             $2::date, $3::date, true, now(), 'x'
      from generate_series(1, $1) n returning id)
    insert into public.outbox_messages (lead_id, vendor_id, channel)
    select made.id, (select id from vendor), 'email' from made returning id`,
    [count, isoDay(4), isoDay(6)],
  );
  await db.query(
    "insert into public.lead_recipients (lead_id, vendor_id, reason, rank) select m.lead_id, m.vendor_id, 'vendor_page', 1 from public.outbox_messages m where m.id = any($1)",
    [rows.map((r) => r.id)],
  );
  return rows.map((r) => Number(r.id));
}

describe("the outbox", () => {
  // Concurrent senders claiming each message once: tests/unit/postgres15.test.ts (PGlite runs one call at a time).
  it("a drain sends every due message once, through a real SMTP server, with the request's fields", async () => {
    const ids = await dueMessages(3);
    const env = { SMTP_URL: smtp.url, NEXT_PUBLIC_SITE_URL: "https://skidsteer.example" } as unknown as NodeJS.ProcessEnv;
    const before = smtp.received.length;
    expect(await drainOutbox({ env, client })).toEqual({ sent: 3, failed: 0 });
    expect(await drainOutbox({ env, client })).toEqual({ sent: 0, failed: 0 });
    const mails = smtp.received.slice(before);
    expect(mails).toHaveLength(3);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(3);
    const { rows } = await db.query<{ status: string; attempts: number; n: number }>(
      "select status, attempts, count(*)::int as n from public.outbox_messages where id = any($1) group by 1, 2",
      [ids],
    );
    expect(rows).toEqual([{ status: "sent", attempts: 1, n: 3 }]);
    const mail = mails[0];
    expect(mail.text).toContain("Job site ZIP: 77002");
    expect(mail.text).toContain("Machine: Tracked Skid Steer");
    expect(mail.text).toMatch(/Phone: \(555\) 010-\d{4}/);
    expect(mail.html).toContain('<th align="left">Rental days</th><td>2</td>');
    // Links that act without a sign-in, minted when the email is rendered: only their hashes are stored.
    const contacted = mail.text!.match(
      /I've contacted this customer: (https:\/\/skidsteer\.example\/business\/link\?purpose=lead_contacted&token=([\w-]{43}))/,
    );
    expect(contacted).not.toBeNull();
    expect(mail.text).toMatch(/Stop sending me requests: https:\/\/skidsteer\.example\/business\/link\?purpose=opt_out&token=[\w-]{43}/);
    const header = (key: string) => mail.headerLines.find((line) => line.key === key)?.line.replace(/\r\n\s+/g, " ");
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(header("list-unsubscribe")).toMatch(
      /^List-Unsubscribe: <https:\/\/skidsteer\.example\/api\/business\/opt-out\?token=[\w-]{43}>$/,
    );
    const stored = await db.query("select 1 from public.auth_links where token_hash = $1 or token_hash = $2", [
      contacted![2],
      createHash("sha256").update(contacted![2]).digest("hex"),
    ]);
    expect(stored.rows).toHaveLength(1);
  });

  it("a renter's invitation to review waits for the morning of the rental's start date, then names the vendors that received the request", async () => {
    const env = { SMTP_URL: smtp.url, NEXT_PUBLIC_SITE_URL: "https://skidsteer.example" } as unknown as NodeJS.ProcessEnv;
    const owner = "owner-token-invite-abcdefghijklmnopqrstuvwxyz0123";
    const { rows: made } = await db.query<{ id: number }>("select public.create_lead($1, 'invite-client', null) as id", [owner]);
    const lead = made[0].id;
    await db.query(
      `select public.complete_lead($1, $2, 'wheeled', $3::date, $4::date, 'Ivy Inviting', '5550107777', '77002', false, false, 'ivy@example.com', ${routedConsent("'77002'")})`,
      [lead, owner, isoDay(3), isoDay(5)],
    );
    const { rows: due } = await db.query<{ due: boolean }>(
      "select next_attempt_at = ($2::date + time '14:00') at time zone 'UTC' as due from public.outbox_messages where lead_id = $1 and kind = 'review_invite'",
      [lead, isoDay(3)],
    );
    expect(due).toEqual([{ due: true }]);
    const invites = () => smtp.received.filter((m) => m.subject?.startsWith("How did it go?") && m.text?.includes("Ivy Inviting"));
    await drainOutbox({ env, client });
    expect(invites()).toHaveLength(0);

    // The start date comes: the invitation goes out once, with each vendor and a status link.
    await db.query("update public.leads set rental_start_date = current_date where id = $1", [lead]);
    await db.query("update public.outbox_messages set next_attempt_at = now() where lead_id = $1 and kind = 'review_invite'", [lead]);
    await drainOutbox({ env, client });
    await drainOutbox({ env, client });
    expect(invites()).toHaveLength(1);
    const { rows: vendors } = await db.query<{ name: string }>(
      "select v.name from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = $1 order by r.rank",
      [lead],
    );
    expect(vendors.length).toBeGreaterThan(0);
    for (const vendor of vendors) expect(invites()[0].text).toContain(`- ${vendor.name}`);
    expect(invites()[0].text).toMatch(new RegExp(`https://skidsteer\\.example/requests/${lead}\\?key=[\\w-]{43}`));
  });

  it("a failing SMTP server leaves messages pending with doubling backoff, then failed after the last attempt", async () => {
    const [id] = await dueMessages(1);
    const env = { SMTP_URL: "smtp://127.0.0.1:1" } as unknown as NodeJS.ProcessEnv;
    const backoffs: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await db.query("update public.outbox_messages set next_attempt_at = now() where id = $1", [id]);
      expect(await drainOutbox({ env, client })).toEqual({ sent: 0, failed: 1 });
      const [row] = (
        await db.query<{ status: string; wait: number }>(
          "select status, extract(epoch from next_attempt_at - now())::int as wait from public.outbox_messages where id = $1",
          [id],
        )
      ).rows;
      if (attempt < MAX_ATTEMPTS) {
        expect(row.status).toBe("pending");
        backoffs.push(row.wait);
      } else expect(row.status).toBe("failed");
    }
    for (let i = 1; i < backoffs.length; i++) expect(backoffs[i]).toBeGreaterThanOrEqual(backoffs[i - 1] * 2 - 2);
    const attempts = (await db.query("select ok from public.outbox_attempts where message_id = $1", [id])).rows;
    expect(attempts).toHaveLength(MAX_ATTEMPTS);
    expect(await drainOutbox({ env, client })).toEqual({ sent: 0, failed: 0 });
  });

  it("without SMTP the message is written as an .eml file", async () => {
    const [id] = await dueMessages(1);
    const folder = mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    expect(await drainOutbox({ env: { OUTBOX_DIR: folder } as unknown as NodeJS.ProcessEnv, client })).toEqual({ sent: 1, failed: 0 });
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    expect(readFileSync(path.join(folder, files[0]), "utf8")).toContain("Job site ZIP: 77002");
    const [row] = (await db.query("select status, sent_via from public.outbox_messages where id = $1", [id])).rows;
    expect(row).toEqual({ status: "sent", sent_via: "file" });
  });

  it("approving a business's submission queues its listing-live email, sent with the public link; a kind with no template fails at once", async () => {
    const [submission] = (
      await db.query<{ id: number }>(`
      insert into public.vendors_submissions (name, name_for_emails, site, phone, email, full_address, street, city, postal_code, state, cid)
      values ('Welcome Rentals', 'Welcome Rentals', 'welcome.example', '(555) 010-8080', 'owner@welcome.example', '8 Welcome Way',
              '8 Welcome Way', 'houston', '77002', 'texas', 'SUB-welcome') returning id`)
    ).rows;
    await db.query("select public.operator_approve_submission($1, 'ops')", [submission.id]);
    const env = { SMTP_URL: smtp.url, NEXT_PUBLIC_SITE_URL: "https://skidsteer.example" } as unknown as NodeJS.ProcessEnv;
    const before = smtp.received.length;
    expect(await drainOutbox({ env, client })).toEqual({ sent: 1, failed: 0 });
    const [mail] = smtp.received.slice(before);
    expect(JSON.stringify(mail.to)).toContain("owner@welcome.example");
    expect(mail.subject).toBe("Welcome Rentals is now listed on Skid Steer Rentals");
    expect(mail.text).toContain("https://skidsteer.example/us/texas/houston/welcome-rentals-houston");
    expect(mail.text).toMatch(
      /Sign in to manage your listing \(the link works once, for 7 days\): https:\/\/skidsteer\.example\/business\/link\?purpose=sign_in&token=[\w-]{43}/,
    );
    const [owner] = (
      await db.query<{ email: string; role: string }>(
        "select m.email, m.role from public.vendor_managers m join public.vendors v on v.id = m.vendor_id where v.slug = 'welcome-rentals-houston'",
      )
    ).rows;
    expect(owner).toEqual({ email: "owner@welcome.example", role: "owner" });
    // The approved listing is "New" for its first 30 days; the sample listings never are.
    const cards = (
      await db.query<{ slug: string; new: boolean }>(
        "select v.slug, (public.vendor_card(v)->>'new')::boolean as new from public.vendors v where v.slug = 'welcome-rentals-houston' or v.id = (select min(id) from public.vendors)",
      )
    ).rows;
    expect(Object.fromEntries(cards.map((c) => [c.slug, c.new]))).toMatchObject({ "welcome-rentals-houston": true });
    expect(cards.filter((c) => c.slug !== "welcome-rentals-houston").every((c) => c.new === false)).toBe(true);

    const [odd] = (
      await db.query<{ id: number }>(
        "insert into public.outbox_messages (kind, channel, recipient) values ('no_such_kind', 'email', 'x@site.example') returning id",
      )
    ).rows;
    expect(await drainOutbox({ env, client })).toEqual({ sent: 0, failed: 1 });
    const [row] = (await db.query("select status, last_error from public.outbox_messages where id = $1", [odd.id])).rows;
    expect(row).toEqual({ status: "failed", last_error: "No email template for messages of kind no_such_kind" });
  });
});
