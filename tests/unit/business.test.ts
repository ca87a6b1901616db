import type { PGlite } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { hashToken, newToken } from "@/lib/auth/token";
import { countResponses } from "@/lib/listings/responses";
import { requestStatusForm } from "@/lib/requests/status-form";
import { businessMessage } from "@/lib/messages/business";
import { asAnon, asService, freshDb, ownerToken } from "./helpers/db";
import { renterBrowser, sendRequest, useDatabase } from "./helpers/factories";

let db: PGlite;
beforeAll(async () => {
  db = await freshDb(true);
  useDatabase(db);
});

const one = async <T>(sql: string, params: unknown[] = []) => (await asService<T>(db, sql, params))[0];
const inspect = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;

/** A seeded listing with a website and an email on file (the tests claim them in turn). */
async function listing(offset: number) {
  const [v] = await inspect<{ id: number; email: string; website_key: string; name: string }>(
    "select id, email, website_key, name from public.vendors where email is not null and site is not null order by id offset $1 limit 1",
    [offset],
  );
  return v;
}

const claim = (vendor: number, email: string, client = "claimant-client-1") =>
  one<{ r: string }>("select public.business_claim_start($1, $2, 'Pat Owner', '', '', $3) as r", [vendor, email, client]).then((x) => x.r);

/** What the outbox does as it sends the newest link email queued for an address: claims it and stores its link. */
async function sentLink(kind: "sign_in" | "claim_link", email: string): Promise<string> {
  const [message] = await inspect<{ id: number }>(
    `update public.outbox_messages set status = 'sending'
    where id = (select max(id) from public.outbox_messages where kind = $1 and recipient = $2) returning id`,
    [kind, email.toLowerCase()],
  );
  const token = newToken();
  expect((await one<{ r: boolean }>("select public.outbox_link($1, $2) as r", [message.id, hashToken(token)])).r).toBe(true);
  return token;
}
const use = (token: string, purpose: string) =>
  one<{ r: { email: string; outcome: string } }>("select public.business_link_use($1, $2) as r", [hashToken(token), purpose]).then(
    (x) => x.r,
  );

describe("claiming a listing", () => {
  it("the listing's own email, or an address at its website's domain, gets a link; any other goes to the operator", async () => {
    const v = await listing(0);
    expect(await claim(v.id, v.email.toUpperCase())).toBe("link");
    expect(await claim(v.id, `someone@www.${v.website_key}`.replace("www.www.", "www."))).toBe("queued");
    expect(await claim(v.id, `someone@${v.website_key}`)).toBe("link");
    expect(await claim(v.id, "stranger@elsewhere.example")).toBe("queued");
    const queued = await inspect<{ email: string }>("select email from public.vendor_claims where vendor_id = $1 order by id", [v.id]);
    expect(queued.map((row) => row.email)).toContain("stranger@elsewhere.example");
    await sentLink("claim_link", v.email);
    const links = await inspect<{ token_hash: string }>("select token_hash from public.auth_links where vendor_id = $1", [v.id]);
    expect(links.length).toBe(1);
    expect(links.every((link) => /^[0-9a-f]{64}$/.test(link.token_hash))).toBe(true);
  });

  it("a claim link makes its address the owner once; used, altered, other-purpose and expired links are refused alike", async () => {
    const v = await listing(1);
    const links: string[] = [];
    for (let i = 0; i < 3; i++) {
      expect(await claim(v.id, v.email, "claimant-client-2")).toBe("link");
      links.push(await sentLink("claim_link", v.email));
    }
    const [first, second, late] = links;
    expect(await use(first, "claim")).toEqual({ email: v.email, vendor_id: v.id, outcome: "owner" });
    const refused = "This link is invalid or has expired.";
    await expect(use(first, "claim")).rejects.toThrow(refused);
    await expect(use(`${second.slice(0, -1)}${second.endsWith("A") ? "B" : "A"}`, "claim")).rejects.toThrow(refused);
    await expect(use(second, "sign_in")).rejects.toThrow(refused);
    await db.query("update public.auth_links set expires_at = now() - interval '1 second' where token_hash = $1", [hashToken(late)]);
    await expect(use(late, "claim")).rejects.toThrow(refused);
    // A second valid link after the listing is owned goes to the operator.
    expect(await use(second, "claim")).toMatchObject({ outcome: "queued" });
    const [owner] = await inspect<{ email: string; role: string }>("select email, role from public.vendor_managers where vendor_id = $1", [
      v.id,
    ]);
    expect(owner).toEqual({ email: v.email, role: "owner" });
    const [card] = await asAnon<{ c: { claimed: boolean } }>(
      db,
      "select public.vendor_card(v) as c from public.vendors v where v.id = $1",
      [v.id],
    );
    expect(card.c.claimed).toBe(true);
    // Once claimed, even the listing's own address goes to the operator.
    expect(await claim(v.id, v.email, "claimant-client-2")).toBe("queued");
  });

  it("claims are limited per client and per listing", async () => {
    const v = await listing(2);
    for (let i = 0; i < 5; i++) await claim(v.id, `stranger${i}@elsewhere.example`, "flooding-claimant");
    await expect(claim(v.id, "stranger9@elsewhere.example", "flooding-claimant")).rejects.toThrow(
      "Too many claims from your connection today",
    );
    for (let i = 0; i < 5; i++) await claim(v.id, `other${i}@elsewhere.example`, `claimant-client-x${i}`);
    await expect(claim(v.id, "late@elsewhere.example", "claimant-client-late")).rejects.toThrow(
      "This listing has had too many claims today",
    );
  });
});

describe("a business signed in", () => {
  it("gets a sign-in link only for an address that manages a listing, and edits only its own listings", async () => {
    const v = await listing(1);
    const queued = async (email: string) => {
      await one("select public.business_sign_in_start($1, 'sign-in-client-1')", [email]);
      return (await inspect("select 1 from public.outbox_messages where kind = 'sign_in' and recipient = $1", [email.toLowerCase()]))
        .length;
    };
    expect(await queued(v.email)).toBe(1);
    expect(await queued("nobody@elsewhere.example")).toBe(0);
    const token = await sentLink("sign_in", v.email);
    expect(await use(token, "sign_in")).toEqual({ email: v.email, outcome: "signed_in" });

    await one("select public.business_update_vendor($1, $2, $3)", [
      v.email,
      v.id,
      { phone: "(555) 010-4242", name: "Renamed By Business" },
    ]);
    const [after] = await inspect<{ phone: string; name: string }>("select phone, name from public.vendors where id = $1", [v.id]);
    expect(after).toEqual({ phone: "(555) 010-4242", name: v.name });
    const [audit] = await inspect<{ operator_email: string; details: Record<string, unknown> }>(
      "select operator_email, details from public.operator_audit where action = 'edit' and subject = $1 order by id desc limit 1",
      [`vendor ${v.id}`],
    );
    expect(audit).toMatchObject({ operator_email: `business ${v.email}`, details: { phone: { to: "(555) 010-4242" } } });

    const other = await listing(3);
    await expect(one("select public.business_update_vendor($1, $2, $3)", [v.email, other.id, { phone: "(555) 010-0000" }])).rejects.toThrow(
      "No such listing",
    );
    // Nor another listing's leads: a status for a lead of a listing it does not manage is refused, and changes nothing.
    const [foreign] = await inspect<{ id: number }>(`
      insert into public.leads (step, location, name, phone, skid_steer_type, rental_days, completed, completed_at, owner_token_hash)
      values (3, '77002', 'Foreign Lead', '(555) 010-3434', 'wheeled', 2, true, now(), 'x') returning id`);
    await db.query("insert into public.lead_recipients (lead_id, vendor_id, reason, rank) values ($1, $2, 'nearby', 1)", [
      foreign.id,
      other.id,
    ]);
    await expect(one("select public.business_set_lead_status($1, $2, $3, 'won', '')", [v.email, other.id, foreign.id])).rejects.toThrow(
      "No such listing",
    );
    await expect(one("select public.business_set_lead_status($1, $2, $3, 'won', '')", [v.email, v.id, foreign.id])).rejects.toThrow(
      "No such request",
    );
    const [row] = await inspect<{ status: string | null }>("select status from public.lead_recipients where lead_id = $1", [foreign.id]);
    expect(row.status).toBeNull();
    const [untouched] = await inspect<{ phone: string }>("select phone from public.vendors where id = $1", [other.id]);
    expect(untouched.phone).not.toBe("(555) 010-0000");
  });

  it("adds and removes colleagues; the owner stays; the operator can revoke anyone", async () => {
    const v = await listing(1);
    const set = (colleague: string, add: boolean, as = v.email) =>
      one("select public.business_set_colleague($1, $2, $3, $4)", [as, v.id, colleague, add]);
    await set("Colleague@Elsewhere.example", true);
    await expect(set(v.email, false, "colleague@elsewhere.example")).rejects.toThrow("The owner cannot be removed");
    await set("colleague@elsewhere.example", false);
    await set("colleague@elsewhere.example", true);
    await one("select public.operator_revoke_manager($1, 'colleague@elsewhere.example', 'ops')", [v.id]);
    const people = await inspect<{ email: string }>("select email from public.vendor_managers where vendor_id = $1", [v.id]);
    expect(people.map((p) => p.email)).toEqual([v.email]);
  });

  it("sets the rate card of its own listing only: stored as its own (no longer sample data), confirmed today, in the audit log", async () => {
    const v = await listing(1);
    const other = await listing(3);
    const card = {
      classes: [{ class: "track", day: 390, week: 1400, four_week: null, day_hours: 8 }],
      delivery: { fee: 0, miles: 15, per_mile: 3 },
      waiver_percent: 15,
      fees: [{ label: "Cleaning fee", amount: 35 }],
      published: true,
    };
    const cardOf = async (id: number) =>
      (await inspect<{ card: Record<string, unknown> | null }>("select public.rate_card_json($1) as card", [id]))[0].card;
    const before = await cardOf(other.id);
    await expect(one("select public.business_set_rate_card($1, $2, $3)", [v.email, other.id, card])).rejects.toThrow("No such listing");
    expect(await cardOf(other.id)).toEqual(before);

    await one("select public.business_set_rate_card($1, $2, $3)", [v.email, v.id, card]);
    const [{ today }] = await inspect<{ today: string }>("select current_date::text as today");
    expect(await cardOf(v.id)).toEqual({
      classes: [{ class: "track", day: 390, week: 1400, four_week: null, day_hours: 8, week_hours: null, four_week_hours: null }],
      delivery: { fee: 0, miles: 15, per_mile: 3 },
      waiver_percent: 15,
      fees: [{ label: "Cleaning fee", amount: 35 }],
      confirmed_on: today,
      sample: false,
      published: true,
    });
    const [audit] = await inspect<{ operator_email: string }>(
      "select operator_email from public.operator_audit where action = 'rates' and subject = $1 order by id desc limit 1",
      [`vendor ${v.id}`],
    );
    expect(audit.operator_email).toBe(`business ${v.email}`);
    await expect(one("select public.business_set_rate_card($1, $2, $3)", [v.email, v.id, { ...card, waiver_percent: 80 }])).rejects.toThrow(
      "The damage waiver must be 0 to 50 %",
    );
    await one("select public.business_set_rate_card($1, $2, null)", [v.email, v.id]);
    expect(await cardOf(v.id)).toBeNull();
  });
});

describe("the operator's claims queue", () => {
  it("approving a queued claim makes the claimant the owner of an unclaimed listing; rejecting needs a reason", async () => {
    const v = await listing(4);
    expect(await claim(v.id, "manager@elsewhere.example", "claimant-client-4")).toBe("queued");
    expect(await claim(v.id, "imposter@elsewhere.example", "claimant-client-4")).toBe("queued");
    const page = await one<{ p: { rows: Array<{ id: number; email: string }> } }>("select public.operator_claim_page('new', 50, 0) as p");
    const genuine = page.p.rows.find((row) => row.email === "manager@elsewhere.example")!;
    const imposter = page.p.rows.find((row) => row.email === "imposter@elsewhere.example")!;
    await expect(one("select public.operator_review_claim($1, false, '', 'ops')", [imposter.id])).rejects.toThrow(
      "Please give a reason for the rejection",
    );
    await one("select public.operator_review_claim($1, false, 'Not the business', 'ops')", [imposter.id]);
    await one("select public.operator_review_claim($1, true, '', 'ops')", [genuine.id]);
    await expect(one("select public.operator_review_claim($1, true, '', 'ops')", [genuine.id])).rejects.toThrow(
      "No new claim with this id",
    );
    const people = await inspect<{ email: string; role: string }>("select email, role from public.vendor_managers where vendor_id = $1", [
      v.id,
    ]);
    expect(people).toEqual([{ email: "manager@elsewhere.example", role: "owner" }]);
  });
});

describe("answering leads", () => {
  /** A completed lead sent to the vendor `hoursAgo` hours ago by email. */
  async function leadSentTo(vendor: number, hoursAgo: number) {
    const [lead] = await inspect<{ id: number }>(
      `
      insert into public.leads (step, location, name, phone, skid_steer_type, rental_days, completed, completed_at, owner_token_hash)
      values (3, '77002', 'Answer Tester', '(555) 010-1212', 'wheeled', 2, true, now() - make_interval(hours => $1), 'x') returning id`,
      [hoursAgo],
    );
    await db.query("insert into public.lead_recipients (lead_id, vendor_id, reason, rank) values ($1, $2, 'nearby', 1)", [lead.id, vendor]);
    await db.query(
      `insert into public.outbox_messages (lead_id, vendor_id, channel, status, sent_at)
      values ($1, $2, 'email', 'sent', now() - make_interval(hours => $3))`,
      [lead.id, vendor, hoursAgo],
    );
    return lead.id;
  }
  const links = (lead: number, vendor: number) => {
    const [contacted, optOut, claimLink, quote] = [newToken(), newToken(), newToken(), newToken()];
    return one<{ r: { claim: boolean } }>("select public.lead_email_links($1, $2, $3, $4, $5, $6) as r", [
      lead,
      vendor,
      hashToken(contacted),
      hashToken(optOut),
      hashToken(claimLink),
      hashToken(quote),
    ]).then((x) => ({ contacted, optOut, claimLink, quote, claim: x.r.claim }));
  };
  const response = async (vendor: number) => {
    const [row] = await inspect<{ slug: string; city: string; state: string }>(
      `
      select v.slug, c.slug as city, s.slug as state from public.vendors v join public.postcodes p on p.id = v.postcode_id
      join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id where v.id = $1`,
      [vendor],
    );
    const [page] = await asAnon<{ p: { vendor: { response: { hours: number; count: number } | null } } }>(
      db,
      "select public.vendor_page('us', $1, $2, $3) as p",
      [row.state, row.city, row.slug],
    );
    return page.p.vendor.response;
  };

  it('"I\'ve contacted this customer" marks the lead once; the response time shows from the third answered lead, as the median rounded up, once the round has counted it', async () => {
    const v = await listing(5);
    const delays = [1.5, 4.2, 7.9]; // hours from the email to the answer
    const leads: number[] = [];
    for (const delay of delays) {
      const lead = await leadSentTo(v.id, 24);
      leads.push(lead);
      await db.query("update public.outbox_messages set sent_at = now() - make_interval(secs => $2) where lead_id = $1", [
        lead,
        delay * 3600,
      ]);
    }
    const first = await links(leads[0], v.id);
    expect(await use(first.contacted, "lead_contacted")).toMatchObject({ outcome: "contacted", lead_id: leads[0] });
    await expect(use(first.contacted, "lead_contacted")).rejects.toThrow("This link is invalid or has expired.");
    await db.query("update public.lead_recipients set responded_at = now() where lead_id = $1", [leads[1]]);
    expect(await response(v.id)).toBeNull();
    await countResponses();
    expect(await response(v.id)).toBeNull();
    const third = await links(leads[2], v.id);
    await use(third.contacted, "lead_contacted");
    // The answer marks the listing due; its response time waits for the count.
    expect(await response(v.id)).toBeNull();
    expect(await countResponses()).toBeGreaterThanOrEqual(1);
    const sorted = [...delays].sort((a, b) => a - b);
    const expected = Math.max(Math.ceil(sorted[Math.floor(sorted.length / 2)]), 1);
    expect(await response(v.id)).toEqual({ hours: expected, count: 3 });
    expect(await countResponses()).toBe(0);
    const statuses = await inspect<{ status: string }>(
      "select status from public.lead_recipients where lead_id = any($1) order by lead_id",
      [leads],
    );
    expect(statuses.map((s) => s.status)).toEqual(["contacted", null, "contacted"]);
  });

  it("the response time is the median of the answers' own times: two middle answers an equal time either side of 3 hours show 3 hours", async () => {
    const v = await listing(9);
    // 30 min, 58 min 11 s, 5 h 1 min 49 s and 9 h: the median is 3 hours exactly. In hours as
    // doubles the middle two average to 3.0000000000000004, which rounds up to 4.
    const seconds = [1800, 3491, 18109, 32400];
    for (const after of seconds) {
      const lead = await leadSentTo(v.id, 24);
      await db.query("update public.lead_recipients set responded_at = emailed_at + make_interval(secs => $2) where lead_id = $1", [
        lead,
        after,
      ]);
    }
    await countResponses();
    expect(await response(v.id)).toEqual({ hours: 3, count: 4 });
  });

  it('"Stop sending me requests" takes the vendor out of routing, from its own page too, until it turns requests back on', async () => {
    const [target] = await inspect<{ id: number; zip: string; email: string }>(`
      select v.id, p.code as zip, v.email from public.vendors v join public.vendors_serviced s on s.vendor_id = v.id
      join public.postcodes p on p.id = s.postcode_id where v.email is not null and not v.hidden order by v.id desc limit 1`);
    const routed = async () =>
      (
        await inspect<{ n: number }>("select count(*)::int as n from public.vendors_near_zip($1, 100) r where r.vendor_id = $2", [
          target.zip,
          target.id,
        ])
      )[0].n;
    expect(await routed()).toBe(1);
    const lead = await leadSentTo(target.id, 1);
    const { optOut } = await links(lead, target.id);
    expect(await use(optOut, "opt_out")).toMatchObject({ outcome: "opted_out" });
    expect(await use(optOut, "opt_out")).toMatchObject({ outcome: "opted_out" });
    expect(await routed()).toBe(0);

    const draft = await sendRequest({
      machine: "wheeled",
      start: 5,
      days: 3,
      name: "Paused Page",
      phone: "5551234567",
      zip: target.zip,
      vendorId: target.id,
    });
    const recipients = await inspect<{ vendor_id: number }>("select vendor_id from public.lead_recipients where lead_id = $1", [draft.id]);
    expect(recipients.map((r) => r.vendor_id)).not.toContain(target.id);

    await db.query(
      "insert into public.vendor_managers (vendor_id, email, role, added_by) values ($1, $2, 'owner', 'test') on conflict do nothing",
      [target.id, target.email],
    );
    await one("select public.business_set_leads_paused($1, $2, false)", [target.email, target.id]);
    expect(await routed()).toBe(1);
  });
});

describe("the renter's own status page", () => {
  it("shows the request only to the browser that made it, and withdrawing cancels what is not yet sent", async () => {
    const draft = await sendRequest({ start: 5, days: 4, name: "Status Renter", phone: "5551234567" });
    const token = draft.browser.token;
    const status = (owner: string) =>
      one<{ s: { recipients: Array<{ sent: boolean }>; withdrawn_at: string | null } | null }>("select public.lead_status($1, $2) as s", [
        draft.id,
        owner,
      ]).then((x) => x.s);
    expect(await status(ownerToken(89))).toBeNull();
    const mine = await status(token);
    expect(mine!.recipients.length).toBeGreaterThan(0);
    expect(mine!.recipients.every((r) => r.sent === false)).toBe(true);
    await expect(one("select public.withdraw_lead($1, $2)", [draft.id, ownerToken(89)])).rejects.toThrow("Rental request not found");
    await one("select public.withdraw_lead($1, $2)", [draft.id, token]);
    expect((await status(token))!.withdrawn_at).not.toBeNull();
    const messages = await inspect<{ status: string }>("select distinct status from public.outbox_messages where lead_id = $1", [draft.id]);
    expect(messages).toEqual([{ status: "failed" }]);
  });
});

describe("the renter's copy and list", () => {
  it("an email address queues one copy with the vendors' phones; its status link opens and withdraws only that request; the browser lists its own requests", async () => {
    const browser = renterBrowser();
    const { token } = browser;
    const day = (offset: number) => new Date(Date.now() + offset * 86400000).toISOString().slice(0, 10);
    const complete = async (email: string | null) =>
      (await sendRequest({ machine: "wheeled", start: 5, days: 4, name: "Copy Renter", phone: "5551234567", email, browser })).id;
    const bad = (await asService<{ id: number }>(db, "select public.create_lead($1, 'copy-client', null) as id", [token]))[0].id;
    await expect(
      asService(
        db,
        "select public.complete_lead($1, $2, 'wheeled', $3::date, $4::date, 'Copy Renter', '5551234567', '77002', false, false, 'no-at-sign')",
        [bad, token, day(5), day(8)],
      ),
    ).rejects.toThrow("Please enter a valid email address");
    expect((await inspect<{ completed: boolean }>("select completed from public.leads where id = $1", [bad]))[0].completed).toBe(false);

    const without = await complete(null);
    const lead = await complete(" Copy.Renter@Example.com ");
    expect(await inspect("select 1 from public.outbox_messages where lead_id = $1 and kind = 'renter_copy'", [without])).toEqual([]);
    const [copy] = await inspect<{ recipient: string; payload: { recipients: Array<{ name: string; phone: string | null }> } }>(
      "select recipient, payload from public.outbox_messages where lead_id = $1 and kind = 'renter_copy'",
      [lead],
    );
    const vendors = await inspect<{ name: string; phone: string | null }>(
      `
      select v.name, v.phone from public.lead_recipients r join public.vendors v on v.id = r.vendor_id where r.lead_id = $1 order by r.rank`,
      [lead],
    );
    expect(copy).toEqual({ recipient: "copy.renter@example.com", payload: { recipients: vendors } });

    const link = newToken();
    await one("select public.renter_status_link($1, $2)", [lead, hashToken(link)]);
    await expect(one("select public.renter_status_link($1, $2)", [without, hashToken(newToken())])).rejects.toThrow("No such request");
    const status = (id: number, hash: string | null) =>
      one<{ s: { id: number } | null }>("select public.lead_status($1, null, $2) as s", [id, hash]).then((x) => x.s);
    expect((await status(lead, hashToken(link)))?.id).toBe(lead);
    expect(await status(without, hashToken(link))).toBeNull();
    expect(await status(lead, hashToken(newToken()))).toBeNull();
    await db.query("update public.auth_links set expires_at = now() - interval '1 second' where token_hash = $1", [hashToken(link)]);
    expect(await status(lead, hashToken(link))).toBeNull();
    await db.query("update public.auth_links set expires_at = now() + interval '1 day' where token_hash = $1", [hashToken(link)]);
    await one("select public.withdraw_lead($1, null, $2)", [lead, hashToken(link)]);
    // Withdrawing cancels the vendors' unsent messages and, as no vendor had answered, the invitation to review; not the renter's own copy.
    const kinds = await inspect<{ kind: string; status: string }>(
      "select kind, status from public.outbox_messages where lead_id = $1 and channel = 'email' order by kind",
      [lead],
    );
    expect(new Set(kinds.map((k) => `${k.kind}:${k.status}`))).toEqual(
      new Set(["lead:failed", "renter_copy:pending", "review_invite:failed"]),
    );

    const [{ list }] = await asService<{ list: Array<{ id: number; withdrawn_at: string | null; recipients: number }> }>(
      db,
      "select public.renter_requests($1) as list",
      [token],
    );
    expect(list.map((r) => r.id)).toEqual([lead, without]);
    expect(list[0].withdrawn_at).not.toBeNull();
    expect(list[1].recipients).toBe(vendors.length);
    expect((await asService<{ list: unknown[] }>(db, "select public.renter_requests($1) as list", [ownerToken(91)]))[0].list).toEqual([]);
  });
});

describe("the business dashboard's requests", () => {
  it("come for every managed listing in one call, newest first, in pages, and only for the listings the address manages", async () => {
    const [a, b] = [await listing(7), await listing(8)];
    const email = "two-listings@business.example";
    for (const v of [a, b])
      await db.query("insert into public.vendor_managers (vendor_id, email, role, added_by) values ($1, $2, 'colleague', 'test')", [
        v.id,
        email,
      ]);
    for (let n = 0; n < 60; n++) {
      const [lead] = await inspect<{ id: number }>(
        `
        insert into public.leads (step, location, name, phone, skid_steer_type, rental_days, completed, completed_at, owner_token_hash)
        values (3, '77002', $1, '(555) 010-1212', 'wheeled', 2, true, now() - make_interval(mins => $2), 'x') returning id`,
        [`Paged Renter ${n}`, n],
      );
      await db.query("insert into public.lead_recipients (lead_id, vendor_id, reason, rank) values ($1, $2, 'nearby', 1)", [
        lead.id,
        n % 2 ? a.id : b.id,
      ]);
    }
    const page = (limit: number, who = email) =>
      one<{ r: { leads: Array<{ name: string; vendor_id: number }>; more: boolean } }>("select public.business_leads($1, $2) as r", [
        who,
        limit,
      ]).then((x) => x.r);
    const first = await page(50);
    expect(first.more).toBe(true);
    expect(first.leads.map((l) => l.name)).toEqual(Array.from({ length: 50 }, (_, n) => `Paged Renter ${n}`));
    expect(new Set(first.leads.map((l) => l.vendor_id))).toEqual(new Set([a.id, b.id]));
    const all = await page(100);
    expect(all.more).toBe(false);
    expect(all.leads.filter((l) => l.name.startsWith("Paged Renter"))).toHaveLength(60);
    expect(await page(50, "nobody@business.example")).toEqual({ leads: [], more: false, win_rates: [] });
  });
});

describe("a business's change of name or website", () => {
  it("waits for the operator, who applies it or not; hours are public at once", async () => {
    const v = await listing(6);
    await db.query(
      "insert into public.vendor_managers (vendor_id, email, role, added_by) values ($1, $2, 'owner', 'test') on conflict do nothing",
      [v.id, v.email],
    );
    const saved = await one<{ r: { pending: boolean } }>("select public.business_update_vendor($1, $2, $3) as r", [
      v.email,
      v.id,
      { name: "Renamed Rentals", site: "Renamed.Example/about", hours: "Mon-Fri 7-5" },
    ]);
    expect(saved.r.pending).toBe(true);
    const [before] = await inspect<{ name: string; hours: string }>("select name, hours from public.vendors where id = $1", [v.id]);
    expect(before).toEqual({ name: v.name, hours: "Mon-Fri 7-5" });
    const [request] = (
      await one<{ r: Array<{ id: number; changes: Record<string, string> }> }>("select public.operator_change_requests() as r")
    ).r.filter((c) => c.changes.name === "Renamed Rentals");
    expect(request.changes).toEqual({ name: "Renamed Rentals", site: "https://renamed.example" });
    await one("select public.operator_review_change($1, true, '', 'ops')", [request.id]);
    const [after] = await inspect<{ name: string; site: string }>("select name, site from public.vendors where id = $1", [v.id]);
    expect(after).toEqual({ name: "Renamed Rentals", site: "https://renamed.example" });
    await expect(one("select public.operator_review_change($1, true, '', 'ops')", [request.id])).rejects.toThrow(
      "No new change with this id",
    );
  });
});

describe("the dashboard's status menu", () => {
  it("saving it with no status chosen is refused with its own message, so a new request is never marked contacted by default", () => {
    const form = (status?: string) => ({ vendor_id: "3", lead_id: "41", reason: "", ...(status === undefined ? {} : { status }) });
    const code = (status?: string) => requestStatusForm.safeParse(form(status)).error?.issues.map((issue) => issue.message);
    expect(code("")).toEqual(["status-missing"]);
    expect(code()).toEqual(["status-missing"]);
    expect(code("new")).toEqual(["status"]);
    expect(requestStatusForm.parse(form("contacted"))).toEqual({ vendor_id: 3, lead_id: 41, status: "contacted", reason: "" });
    expect(businessMessage("error", "status-missing")).toBe("Choose a status before saving: nothing was changed.");
  });
});
