import type { PGlite } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "@/lib/auth/token";
import { consentText } from "@/lib/requests/consent";
import { manageListing, quotePayload, sendRequest, useDatabase } from "./helpers/factories";
import { outcome } from "./helpers/request-life";
import { asService, freshDb, isoDay, ownerToken } from "./helpers/db";

let db: PGlite;
beforeAll(async () => {
  db = await freshDb(true);
  useDatabase(db);
});

const inspect = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;

let renters = 0;

/** A completed request for a tracked loader from its own browser, sent to the vendors serving 77002. */
async function request(start = 6) {
  const sent = await sendRequest({ start, days: 3, widen: true, email: "quinn@example.com" });
  const [token, draft] = [sent.browser.token, { id: sent.id }];
  const vendors = await inspect<{ vendor_id: number }>("select vendor_id from public.lead_recipients where lead_id = $1 order by rank", [
    draft.id,
  ]);
  return { id: draft.id, token, vendors: vendors.map((v) => v.vendor_id) };
}

/** A manager of the listing, to quote from /business. */
const manager = (vendor: number) => manageListing(db, vendor, `desk-${vendor}@quotes.example`);

const quote = quotePayload;

const saveQuote = async (lead: number, vendor: number, body: object) =>
  (
    await asService<{ q: { id: number; total_cents: number; revision: number; valid_until: string } }>(
      db,
      "select public.business_save_quote($1, $2, $3, $4) as q",
      [await manager(vendor), vendor, lead, body],
    )
  )[0].q;

const book = (lead: { id: number; token: string }, quoteId: number, token = lead.token) =>
  asService<{ b: { quote_id: number } }>(
    db,
    "select public.renter_book_quote($1, $2, null, $3, '100 Job Site Road', null, 'Site Contact', '555-201-0100', 'any') as b",
    [lead.id, token, quoteId],
  );

describe("a vendor quotes", () => {
  it("the database computes the total from the lines, keeps one open quote a vendor and counts it as a response", async () => {
    const lead = await request();
    const [vendor] = lead.vendors;
    const first = await saveQuote(lead.id, vendor, quote());
    expect(first.total_cents).toBe(117993);
    expect(first.revision).toBe(1);
    // Valid for 3 days by default.
    expect(Math.round((new Date(first.valid_until).getTime() - Date.now()) / 3600000)).toBe(72);
    const revised = await saveQuote(lead.id, vendor, quote({ tax_percent: 0, total_cents: 109000 }));
    expect(revised.revision).toBe(2);
    const rows = await inspect<{ status: string }>(
      "select status from public.quotes where lead_id = $1 and vendor_id = $2 order by revision",
      [lead.id, vendor],
    );
    expect(rows.map((row) => row.status)).toEqual(["replaced", "open"]);
    const [recipient] = await inspect<{ status: string; responded_at: string | null }>(
      "select status, responded_at from public.lead_recipients where lead_id = $1 and vendor_id = $2",
      [lead.id, vendor],
    );
    expect(recipient.status).toBe("quoted");
    expect(recipient.responded_at).not.toBeNull();
    const mails = await inspect<{ kind: string; recipient: string; payload: { revised: boolean } }>(
      "select kind, recipient, payload from public.outbox_messages where lead_id = $1 and kind = 'quote' order by id",
      [lead.id],
    );
    expect(mails.map((mail) => [mail.recipient, mail.payload.revised])).toEqual([
      ["quinn@example.com", false],
      ["quinn@example.com", true],
    ]);
  });

  it("refuses, writing nothing: a request it did not receive, a wrong total, negative amounts, a validity past the window, bad dates", async () => {
    const lead = await request();
    const [vendor] = lead.vendors;
    const [stranger] = await inspect<{ id: number }>("select id from public.vendors where id <> all($1) order by id limit 1", [
      lead.vendors,
    ]);
    const before = await inspect<{ n: number }>("select count(*)::int as n from public.quotes");
    expect(await outcome(saveQuote(lead.id, stranger.id, quote()))).toBe("no-request");
    expect(await outcome(saveQuote(lead.id, vendor, quote({ total_cents: 117900 })))).toBe("total-mismatch");
    expect(
      await outcome(saveQuote(lead.id, vendor, quote({ lines: [{ kind: "rental", label: "Day", quantity: 3, unit_cents: -30000 }] }))),
    ).toBe("negative-amount");
    expect(await outcome(saveQuote(lead.id, vendor, quote({ valid_until: new Date(Date.now() + 15 * 86400000).toISOString() })))).toBe(
      "quote-window",
    );
    expect(await outcome(saveQuote(lead.id, vendor, quote({ valid_until: `${isoDay(8)}T12:00:00Z` })))).toBe("quote-window");
    expect(await outcome(saveQuote(lead.id, vendor, quote({ available: false })))).toBe("quote-dates");
    expect(await outcome(saveQuote(lead.id, vendor, quote({ machine_class: "huge" })))).toBe("quote-invalid");
    expect(await outcome(saveQuote(lead.id, vendor, quote({ lines: [] })))).toBe("quote-lines");
    // The form has 8 lines, and so does the database: a ninth is refused however it is sent.
    const nine = Array.from({ length: 9 }, () => ({ kind: "fee", label: "Fee", quantity: 1, unit_cents: 100 }));
    expect(await outcome(saveQuote(lead.id, vendor, quote({ lines: nine, tax_percent: null, total_cents: 900 })))).toBe("quote-lines");
    expect(await outcome(saveQuote(lead.id, vendor, quote({ tax_percent: "lots" })))).toBe("quote-invalid");
    const soon = await request(0);
    expect(await outcome(saveQuote(soon.id, soon.vendors[0], quote()))).toBe("rental-started");
    expect(await inspect<{ n: number }>("select count(*)::int as n from public.quotes")).toEqual(before);
  });

  it("from the emailed link: that request and listing only, and a wrong link is refused like an unknown one", async () => {
    const lead = await request();
    const [vendor] = lead.vendors;
    const [{ email }] = await inspect<{ email: string }>(
      "select coalesce(email, 'desk@quotes.example') as email from public.vendors where id = $1",
      [vendor],
    );
    const token = "send-a-quote-token-0123456789abcdefghijklmnopqrstuvwxyz";
    await db.query(
      "insert into public.auth_links (token_hash, purpose, email, vendor_id, lead_id, expires_at) values ($1, 'lead_quote', $2, $3, $4, now() + interval '30 days')",
      [hashToken(token), email, vendor, lead.id],
    );
    const [{ r }] = await asService<{ r: { lead_id: number; vendor_id: number; quote: null } }>(
      db,
      "select public.quote_link_request($1) as r",
      [hashToken(token)],
    );
    expect([r.lead_id, r.vendor_id, r.quote]).toEqual([lead.id, vendor, null]);
    const [{ q }] = await asService<{ q: { vendor_id: number } }>(db, "select public.quote_link_save($1, $2) as q", [
      hashToken(token),
      quote(),
    ]);
    expect(q.vendor_id).toBe(vendor);
    expect(await outcome(asService(db, "select public.quote_link_save($1, $2)", [hashToken(`${token}x`), quote()]))).toBe("link-invalid");
    expect(await asService(db, "select public.quote_link_request($1) as r", [hashToken(`${token}x`)])).toEqual([{ r: null }]);
    // One character changed: refused as an unknown link.
    const altered = `${token.slice(0, -1)}${token.endsWith("z") ? "y" : "z"}`;
    expect(await outcome(asService(db, "select public.quote_link_save($1, $2)", [hashToken(altered), quote()]))).toBe("link-invalid");
    expect(await outcome(asService(db, "select public.quote_link_withdraw($1)", [hashToken(altered)]))).toBe("link-invalid");
    // Once expired, the link answers as an unknown one and saves nothing.
    await db.query("update public.auth_links set expires_at = now() - interval '1 second' where token_hash = $1", [hashToken(token)]);
    expect(await asService(db, "select public.quote_link_request($1) as r", [hashToken(token)])).toEqual([{ r: null }]);
    expect(await outcome(asService(db, "select public.quote_link_save($1, $2)", [hashToken(token), quote()]))).toBe("link-invalid");
    expect(await outcome(asService(db, "select public.quote_link_withdraw($1)", [hashToken(token)]))).toBe("link-invalid");
    expect(await inspect("select revision from public.quotes where lead_id = $1 and vendor_id = $2", [lead.id, vendor])).toEqual([
      { revision: 1 },
    ]);
  });

  it("withdraws its open quote, from /business or the emailed link: the renter can no longer book it", async () => {
    const lead = await request();
    const [a, b] = lead.vendors;
    const offerA = await saveQuote(lead.id, a, quote());
    const withdraw = async (vendor: number) =>
      asService(db, "select public.business_withdraw_quote($1, $2, $3)", [await manager(vendor), vendor, lead.id]);
    await withdraw(a);
    expect(await outcome(withdraw(a))).toBe("no-quote");
    expect(await outcome(book(lead, offerA.id))).toBe("quote-closed");
    const [{ s }] = await asService<{ s: { recipients: Array<{ vendor_id: number; quote: { status: string } }> } }>(
      db,
      "select public.lead_status($1, $2) as s",
      [lead.id, lead.token],
    );
    expect(s.recipients.find((r) => r.vendor_id === a)?.quote.status).toBe("withdrawn");
    // Another business's manager cannot withdraw this one's quote.
    const offerB = await saveQuote(lead.id, b, quote());
    expect(await outcome(asService(db, "select public.business_withdraw_quote($1, $2, $3)", [await manager(a), b, lead.id]))).toBe(
      "no-listing",
    );
    const token = "withdraw-a-quote-token-0123456789abcdefghijklmnopqrstuvw";
    await db.query(
      "insert into public.auth_links (token_hash, purpose, email, vendor_id, lead_id, expires_at) values ($1, 'lead_quote', 'desk@quotes.example', $2, $3, now() + interval '30 days')",
      [hashToken(token), b, lead.id],
    );
    await asService(db, "select public.quote_link_withdraw($1)", [hashToken(token)]);
    expect(await inspect("select status from public.quotes where id = $1", [offerB.id])).toEqual([{ status: "withdrawn" }]);
    expect(await inspect("select 1 from public.bookings where lead_id = $1", [lead.id])).toEqual([]);
    // The renter is emailed once of each withdrawal.
    expect(
      await inspect(
        "select vendor_id, recipient, (payload->>'quote_id')::bigint as quote_id from public.outbox_messages where lead_id = $1 and kind = 'quote_withdrawn' order by id",
        [lead.id],
      ),
    ).toEqual([
      { vendor_id: a, recipient: "quinn@example.com", quote_id: offerA.id },
      { vendor_id: b, recipient: "quinn@example.com", quote_id: offerB.id },
    ]);
  });
});

describe("the renter books", () => {
  it("one quote: the others close, every vendor is told, and a second booking, another browser or a closed quote is refused", async () => {
    const lead = await request();
    expect(lead.vendors.length).toBeGreaterThanOrEqual(2);
    const [a, b] = lead.vendors;
    const quoteA = await saveQuote(lead.id, a, quote());
    const quoteB = await saveQuote(lead.id, b, quote({ tax_percent: 0, total_cents: 109000 }));
    expect(await outcome(book(lead, quoteA.id, ownerToken(99)))).toBe("no-request");
    await book(lead, quoteB.id);
    expect(await outcome(book(lead, quoteA.id))).toBe("already-booked");
    const quotes = await inspect<{ vendor_id: number; status: string }>("select vendor_id, status from public.quotes where lead_id = $1", [
      lead.id,
    ]);
    expect(Object.fromEntries(quotes.map((q) => [q.vendor_id, q.status]))).toMatchObject({ [a]: "closed", [b]: "booked" });
    const mails = await inspect<{ vendor_id: number; kind: string; recipient: string }>(
      "select vendor_id, kind, recipient from public.outbox_messages where lead_id = $1 and kind in ('booked', 'chose_another', 'booking_confirmation')",
      [lead.id],
    );
    expect(mails.filter((mail) => mail.kind === "booking_confirmation")).toEqual([
      { vendor_id: b, kind: "booking_confirmation", recipient: "quinn@example.com" },
    ]);
    expect(mails.filter((mail) => mail.kind === "booked").map((mail) => mail.vendor_id)).toEqual(
      (await inspect<{ id: number }>("select id from public.vendors where id = $1 and email is not null", [b])).map((v) => v.id),
    );
    expect(await outcome(saveQuote(lead.id, a, quote()))).toBe("request-booked");
    const [{ s }] = await asService<{
      s: { booking: { quote_id: number }; recipients: Array<{ vendor_id: number; quote: { status: string } }> };
    }>(db, "select public.lead_status($1, $2) as s", [lead.id, lead.token]);
    expect(s.booking.quote_id).toBe(quoteB.id);
    expect(s.recipients.find((r) => r.vendor_id === a)?.quote.status).toBe("closed");
  });

  it("an expired or replaced quote cannot be booked", async () => {
    const lead = await request();
    const [vendor] = lead.vendors;
    const old = await saveQuote(lead.id, vendor, quote());
    const current = await saveQuote(lead.id, vendor, quote());
    expect(await outcome(book(lead, old.id))).toBe("quote-closed");
    await db.query("update public.quotes set valid_until = now() - interval '1 minute' where id = $1", [current.id]);
    expect(await outcome(book(lead, current.id))).toBe("quote-expired");
    expect(await inspect("select 1 from public.bookings where lead_id = $1", [lead.id])).toEqual([]);
  });

  it("cancels with a reason until the rental starts, and the booked vendor is told", async () => {
    const lead = await request();
    const [vendor] = lead.vendors;
    const offer = await saveQuote(lead.id, vendor, quote());
    await book(lead, offer.id);
    const cancel = (reason: string) =>
      asService(db, "select public.renter_cancel_booking($1, $2, null, $3)", [lead.id, lead.token, reason]);
    expect(await outcome(cancel("  "))).toBe("reason-missing");
    expect(await outcome(cancel("x".repeat(501)))).toBe("too-long");
    await cancel("The job was postponed");
    expect(await outcome(cancel("Again"))).toBe("no-booking");
    const [booking] = await inspect<{ status: string; cancel_reason: string }>(
      "select status, cancel_reason from public.bookings where lead_id = $1",
      [lead.id],
    );
    expect(booking).toEqual({ status: "cancelled", cancel_reason: "The job was postponed" });
    const late = await request(1);
    const lateOffer = await saveQuote(late.id, late.vendors[0], quote({ valid_until: `${isoDay(1)}T00:00:00Z` }));
    await book(late, lateOffer.id);
    // The first day booked has come.
    await db.query("update public.bookings set start_date = current_date where lead_id = $1", [late.id]);
    expect(await outcome(asService(db, "select public.renter_cancel_booking($1, $2, null, 'Too late')", [late.id, late.token]))).toBe(
      "rental-started",
    );
  });
});

describe("the win rate on /business", () => {
  it("counts each request a listing first quoted in 90 days once, revised or not, and those booked with it", async () => {
    const [vendor] = (await request()).vendors;
    const email = await manager(vendor);
    const rate = async () =>
      (
        await asService<{ r: { win_rates: Array<{ vendor_id: number; quoted: number; booked: number }> } }>(
          db,
          "select public.business_leads($1, 50) as r",
          [email],
        )
      )[0].r.win_rates.find((w) => w.vendor_id === vendor)!;
    const before = await rate();
    const won = await request();
    const lost = await request();
    const old = await request();
    expect([won, lost, old].every((lead) => lead.vendors.includes(vendor))).toBe(true);
    await saveQuote(won.id, vendor, quote());
    const revised = await saveQuote(won.id, vendor, quote({ tax_percent: 0, total_cents: 109000 }));
    await saveQuote(lost.id, vendor, quote());
    // A request first quoted 91 days ago and revised today is outside the 90 days.
    await saveQuote(old.id, vendor, quote());
    await db.query("update public.quotes set created_at = now() - interval '91 days' where lead_id = $1 and vendor_id = $2", [
      old.id,
      vendor,
    ]);
    await saveQuote(old.id, vendor, quote());
    await book(won, revised.id);
    const after = await rate();
    expect({ quoted: after.quoted - before.quoted, booked: after.booked - before.booked }).toEqual({ quoted: 2, booked: 1 });
  });
});

describe("the renter's consent", () => {
  const complete = async (consent: object | null) => {
    const token = ownerToken(90 + ++renters);
    const [draft] = await asService<{ id: number }>(db, "select public.create_lead($1, $2, null) as id", [
      token,
      `consent-client-${renters}`,
    ]);
    const done = asService(
      db,
      `select public.complete_lead($1, $2, 'wheeled', $3::date, $4::date, 'Casey Consent', '5551239999', '77002', false, false, null, $5, $6)`,
      [draft.id, token, isoDay(6), isoDay(8), consent, "0123456789abcdef0123456789abcdef"],
    );
    return { id: draft.id, done };
  };

  it("is stored word for word with the request when it names every vendor the request goes to; otherwise nothing is written", async () => {
    const names = (
      await inspect<{ name: string }>(
        "select v.name from public.lead_route('77002', null, false) r join public.vendors v on v.id = r.vendor_id order by r.rank",
      )
    ).map((row) => row.name);
    expect(names.length).toBeGreaterThan(0);
    const text = consentText(names);
    const given = await complete({ text, page: "/us/texas/houston" });
    await given.done;
    const [record] = await inspect<{ text: string; page: string; client_hash: string; vendor_ids: number[] }>(
      "select text, page, client_hash, vendor_ids from public.lead_consents where lead_id = $1",
      [given.id],
    );
    expect(record).toMatchObject({ text, page: "/us/texas/houston", client_hash: "0123456789abcdef0123456789abcdef" });
    expect(record.vendor_ids).toHaveLength(names.length);
    const stale = await complete({ text: consentText(names.slice(1)), page: "/us/texas/houston" });
    expect(await outcome(stale.done)).toBe("consent-changed");
    expect(await inspect("select completed from public.leads where id = $1", [stale.id])).toEqual([{ completed: false }]);
    expect(await inspect("select 1 from public.lead_consents where lead_id = $1", [stale.id])).toEqual([]);
  });

  it("is required: a request sent without one is refused and stays unsent", async () => {
    const unconsented = await complete(null);
    expect(await outcome(unconsented.done)).toBe("consent-changed");
    expect(await inspect("select completed from public.leads where id = $1", [unconsented.id])).toEqual([{ completed: false }]);
    expect(await inspect("select 1 from public.lead_recipients where lead_id = $1", [unconsented.id])).toEqual([]);
  });
});

describe("the console's requests", () => {
  it("filter by quoted and booked", async () => {
    const lead = await request();
    const offer = await saveQuote(lead.id, lead.vendors[0], quote());
    const ids = async (stage: string) =>
      (
        await asService<{ p: { rows: Array<{ id: number }> } }>(db, "select public.operator_lead_page($1, 1000) as p", [{ stage }])
      )[0].p.rows.map((row) => row.id);
    expect(await ids("quoted")).toContain(lead.id);
    expect(await ids("booked")).not.toContain(lead.id);
    await book(lead, offer.id);
    expect(await ids("booked")).toContain(lead.id);
  });
});
