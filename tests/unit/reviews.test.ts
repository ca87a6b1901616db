import type { PGlite } from "@electric-sql/pglite";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "@/lib/auth/token";
import { asAnon, asService, freshDb, ownerToken } from "./helpers/db";
import { sendRequest, useDatabase } from "./helpers/factories";
import { outcome } from "./helpers/request-life";

let db: PGlite;
beforeAll(async () => {
  db = await freshDb(true);
  useDatabase(db);
});

const inspect = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;

/** A completed request from its own browser, sent to the vendors serving 77002; its vendors' emails marked sent. */
async function request({ start = 5, phone = "5551234567", sent = true } = {}) {
  const sent_ = await sendRequest({ start, days: 4, name: "Dana Renter Kowalski", phone, email: "dana@example.com" });
  const [token, draft] = [sent_.browser.token, { id: sent_.id }];
  if (sent)
    await db.query("update public.outbox_messages set status = 'sent', sent_at = now() where lead_id = $1 and kind = 'lead'", [draft.id]);
  const vendors = await inspect<{ vendor_id: number }>("select vendor_id from public.lead_recipients where lead_id = $1 order by rank", [
    draft.id,
  ]);
  return { id: draft.id, token, vendors: vendors.map((v) => v.vendor_id) };
}

const contacted = (lead: number, vendor: number) =>
  db.query("update public.lead_recipients set status = 'contacted', responded_at = now() where lead_id = $1 and vendor_id = $2", [
    lead,
    vendor,
  ]);

const save = (lead: { id: number; token: string }, vendor: number, stars: number, body: string | null, edit = false, owner = lead.token) =>
  asService<{ id: number }>(db, "select public.renter_review_save($1, $2, $3, null, $4, $5, $6, $7) as id", [
    lead.id,
    vendor,
    owner,
    `review-key-${lead.id}`,
    stars,
    body,
    edit,
  ]).then((rows) => rows[0].id);

const moderate = (id: number, publish: boolean, reason = "") =>
  asService<{ a: { slug: string } }>(db, "select public.operator_moderate_review($1, $2, $3, 'ops@example.com') as a", [
    id,
    publish,
    reason,
  ]);

describe("who may review", () => {
  it("only the browser that sent the request, only a vendor that received it, once it contacted the renter or the rental started", async () => {
    const lead = await request();
    const [vendor] = lead.vendors;
    expect(await outcome(save(lead, vendor, 5, "Great machine"))).toBe("review-too-early");
    await contacted(lead.id, vendor);
    expect(await outcome(save(lead, vendor, 5, "Great machine", false, ownerToken(99)))).toBe("no-request");
    const stranger = (
      await inspect<{ id: number }>("select id from public.vendors where id <> all($1) order by id limit 1", [lead.vendors])
    )[0];
    expect(await outcome(save(lead, stranger.id, 5, "Great machine"))).toBe("review-not-recipient");
    expect(await outcome(save(lead, vendor, 6, "Great machine"))).toBe("review-stars");
    expect(await outcome(save(lead, vendor, 4, "x".repeat(2001)))).toBe("too-long");
    expect(await inspect("select 1 from public.reviews where lead_id = $1", [lead.id])).toEqual([]);

    const id = await save(lead, vendor, 4, "Delivered on time, clean machine.");
    const [review] = await inspect<{ author: string; machine: string; status: string }>(
      "select author, machine, status from public.reviews where id = $1",
      [id],
    );
    expect(review).toEqual({ author: "Dana K.", machine: "tracked", status: "pending" });
    expect(await outcome(save(lead, vendor, 1, "Second try"))).toBe("review-exists");
    expect((await inspect("select 1 from public.reviews where lead_id = $1", [lead.id])).length).toBe(1);
  });

  it("from the rental's start date a vendor that received it can be reviewed without having answered; an unsent one cannot", async () => {
    const lead = await request({ start: 0 });
    expect(await outcome(save(lead, lead.vendors[0], 3, null))).toBe("done");
    const unsent = await request({ start: 0, sent: false });
    expect(await outcome(save(unsent, unsent.vendors[0], 3, null))).toBe("review-not-recipient");
  });

  it("a request withdrawn before the vendor answered cannot be reviewed; one answered before the withdrawal can", async () => {
    const lead = await request({ start: 0 });
    const [first, second] = lead.vendors;
    await contacted(lead.id, first);
    await asService(db, "select public.withdraw_lead($1, $2)", [lead.id, lead.token]);
    expect(await outcome(save(lead, second, 2, null))).toBe("review-withdrawn");
    expect(await outcome(save(lead, first, 2, null))).toBe("done");
  });

  it("the emailed status link proves the request as the browser does", async () => {
    const lead = await request();
    await contacted(lead.id, lead.vendors[0]);
    const key = "status-link-token-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
    await asService(db, "select public.renter_status_link($1, $2)", [lead.id, hashToken(key)]);
    const withKey = (hash: string) =>
      asService(db, "select public.renter_review_save($1, $2, null, $3, 'link-client-1', 5, null, false)", [
        lead.id,
        lead.vendors[0],
        hash,
      ]);
    expect(await outcome(withKey(hashToken(`${key}x`)))).toBe("no-request");
    expect(await outcome(withKey(hashToken(key)))).toBe("done");
  });

  it("at most 5 reviews in 30 days per phone number", async () => {
    const results: string[] = [];
    for (let i = 0; i < 6; i++) {
      const lead = await request({ start: 0, phone: "(555) 777-0000" });
      results.push((await outcome(save(lead, lead.vendors[0], 5, null))) ?? "none");
    }
    expect(results).toEqual(["done", "done", "done", "done", "done", "limit-review-phone"]);
  });

  it("at most 10 reviews and edits a day from one connection", async () => {
    const lead = await request({ start: 0, phone: "5559990001" });
    const results = [await outcome(save(lead, lead.vendors[0], 3, null))];
    for (let i = 0; i < 10; i++) results.push(await outcome(save(lead, lead.vendors[0], 3, `Edit ${i}`, true)));
    expect(results.filter((r) => r === "done")).toHaveLength(10);
    expect(results.at(-1)).toBe("limit-review");
  });

  it("an edit within 30 days goes back to the queue; after 30 days the review is locked", async () => {
    const lead = await request({ start: 0 });
    const id = await save(lead, lead.vendors[0], 2, "Late delivery");
    await moderate(id, true);
    await save(lead, lead.vendors[0], 4, "Late delivery, but they made it right", true);
    expect((await inspect<{ status: string; stars: number }>("select status, stars from public.reviews where id = $1", [id]))[0]).toEqual({
      status: "pending",
      stars: 4,
    });
    await db.query("update public.reviews set created_at = now() - interval '31 days' where id = $1", [id]);
    expect(await outcome(save(lead, lead.vendors[0], 5, "Changed again", true))).toBe("review-locked");
  });
});

describe("moderation and the business", () => {
  it("text with a link, contact details or long repeated text is held with a reason", async () => {
    const held = await inspect<{ r: string | null }>(
      `select public.review_hold_reason(t, null) as r from unnest(array['Call www.cheap-rentals.com', 'mail me: a@b.co', 'ring 555-123-4567',
        'sooooooooooooo good', 'great great great great great', 'Fair price, friendly staff.']) t`,
    );
    expect(held.map((row) => row.r)).toEqual([
      "Contains a link",
      "Contains an email address",
      "Contains a phone number",
      "Contains long repeated text",
      "Contains long repeated text",
      null,
    ]);
  });

  it("the same text as another review is held, whether written or brought in by an edit; a review's own text is not", async () => {
    const copied = "The loader was clean, fuelled and on site by seven in the morning.";
    const [first, second] = [await request({ start: 0, phone: "5553330001" }), await request({ start: 0, phone: "5553330002" })];
    const original = await save(first, first.vendors[0], 5, copied);
    const heldReason = async (id: number) =>
      (await inspect<{ held_reason: string | null }>("select held_reason from public.reviews where id = $1", [id]))[0].held_reason;
    const copy = await save(second, second.vendors[0], 5, copied);
    expect(await heldReason(copy)).toBe(`Same text as review #${original}`);
    await save(second, second.vendors[0], 4, "Different words this time, all of them my own.", true);
    expect(await heldReason(copy)).toBeNull();
    await save(second, second.vendors[0], 5, copied, true);
    expect(await heldReason(copy)).toBe(`Same text as review #${original}`);
    await save(first, first.vendors[0], 4, copied, true);
    expect(await heldReason(original)).toBe(`Same text as review #${copy}`);
  });

  it("publishing shows the review to the public and emails the business; its reply shows too; a report goes to the queue; rejecting needs a reason", async () => {
    const lead = await request({ start: 0 });
    const vendor = lead.vendors[0];
    await db.query(
      "insert into public.vendor_managers (vendor_id, email, role, added_by) values ($1, 'owner@review.example', 'owner', 'test')",
      [vendor],
    );
    const id = await save(lead, vendor, 5, "<b>Great</b> service");
    const publicPage = () =>
      asAnon<{ p: { total: number; reviews: Array<Record<string, unknown>> } }>(db, "select public.vendor_reviews($1) as p", [vendor]).then(
        (rows) => rows[0].p,
      );
    expect((await publicPage()).reviews.map((r) => r.id)).not.toContain(id);
    expect(await outcome(moderate(id, false))).toBe("reason-missing");
    await moderate(id, true);
    expect(await outcome(moderate(id, true))).toBe("reviewed");
    const shown = (await publicPage()).reviews.find((r) => r.id === id)!;
    expect(shown).toMatchObject({ stars: 5, body: "<b>Great</b> service", author: "Dana K.", machine: "tracked" });
    expect(Object.keys(shown)).not.toContain("lead_id");
    const [mail] = await inspect<{ recipient: string; payload: { review_id: number; claimed: boolean } }>(
      "select recipient, payload from public.outbox_messages where kind = 'review_published' and (payload->>'review_id')::bigint = $1",
      [id],
    );
    expect(mail).toMatchObject({ recipient: "owner@review.example", payload: { review_id: id, claimed: true } });
    expect(
      await inspect("select 1 from public.operator_audit where action = 'publish_review' and details->>'review' = $1", [String(id)]),
    ).toHaveLength(1);

    const answer = (email: string, reply: string | null, report: string | null) =>
      asService(db, "select public.business_answer_review($1, $2, $3, $4)", [email, id, reply, report]);
    expect(await outcome(answer("stranger@review.example", "Thanks!", null))).toBe("no-listing");
    // An unknown review is refused as one, not as an unknown listing.
    expect(
      await outcome(asService(db, "select public.business_answer_review($1, $2, $3, null)", ["owner@review.example", 987_654_321, "Hi"])),
    ).toBe("no-review");
    await answer("owner@review.example", "Thanks, Dana!", null);
    expect((await publicPage()).reviews.find((r) => r.id === id)).toMatchObject({ reply: "Thanks, Dana!" });
    await answer("owner@review.example", "Thank you, Dana.", null);
    expect((await publicPage()).reviews.find((r) => r.id === id)).toMatchObject({ reply: "Thank you, Dana." });
    await answer("owner@review.example", null, "Not our customer");
    const [queue] = await asService<{ p: { rows: Array<{ id: number; report_reason: string }> } }>(
      db,
      "select public.operator_review_page('reported', 50) as p",
    );
    expect(queue.p.rows.find((r) => r.id === id)).toMatchObject({ report_reason: "Not our customer" });
    await moderate(id, false, "Not a real rental");
    expect((await publicPage()).reviews.map((r) => r.id)).not.toContain(id);
  });

  it("the console's queues are read by keyset: pending oldest first, published newest first, each page walked once either way", async () => {
    const [vendor] = await inspect<{ id: number }>("select id from public.vendors where postcode_id is not null order by id desc limit 1");
    const leads = await inspect<{ id: number }>(
      `insert into public.leads (step, location, name, phone, skid_steer_type, rental_days, completed, completed_at, owner_token_hash)
       select 3, '78701', 'Queue Renter ' || g, '5125550100', 'wheeled', 1, true, now() - interval '10 days', 'queue-' || g
       from generate_series(1, 24) g returning id`,
    );
    await db.query("insert into public.lead_recipients (lead_id, vendor_id, reason, rank) select unnest($1::bigint[]), $2, 'nearby', 1", [
      leads.map((lead) => lead.id),
      vendor.id,
    ]);
    // Half waiting, half published; two of each written at the same moment, so the id breaks the tie.
    await db.query(
      `insert into public.reviews (lead_id, vendor_id, stars, author, machine, requested_at, status, published_at, created_at)
       select l.id, $2, 4, 'Queue ' || n, 'wheeled', now(), case when n % 2 = 0 then 'pending' else 'published' end,
              case when n % 2 = 1 then now() end, now() - (n / 4) * interval '1 hour'
       from unnest($1::bigint[]) with ordinality l(id, n)`,
      [leads.map((lead) => lead.id), vendor.id],
    );
    type QueuePage = { total: number; previous: boolean; next: boolean; rows: Array<{ id: number }> };
    const queuePage = (queue: string, after?: number, before?: number) =>
      asService<{ p: QueuePage }>(db, "select public.operator_review_page($1, 5, $2, $3) as p", [
        queue,
        after ?? null,
        before ?? null,
      ]).then((rows) => rows[0].p);
    for (const [queue, order] of [
      ["pending", "created_at, id"],
      ["published", "created_at desc, id desc"],
    ]) {
      const expected = (await inspect<{ id: number }>(`select id from public.reviews where status = $1 order by ${order}`, [queue])).map(
        (row) => Number(row.id),
      );
      const pages = [await queuePage(queue)];
      while (pages.at(-1)!.next) pages.push(await queuePage(queue, pages.at(-1)!.rows.at(-1)!.id));
      expect(
        pages.flatMap((page) => page.rows.map((row) => Number(row.id))),
        queue,
      ).toEqual(expected);
      expect(pages[0]).toMatchObject({ total: expected.length, previous: false });
      const back = await queuePage(queue, undefined, pages[2].rows[0].id);
      expect(back.rows, queue).toEqual(pages[1].rows);
      expect([back.previous, back.next], queue).toEqual([true, true]);
    }
  });

  it("anon and authenticated can neither read nor write reviews, nor call the renter's, business's or operator's functions", async () => {
    for (const role of ["anon", "authenticated"]) {
      const { rows } = await db.query<{ table: boolean; save: boolean; moderate: boolean; answer: boolean }>(
        `select has_table_privilege($1, 'public.reviews', 'select,insert,update,delete') as table,
           has_function_privilege($1, 'public.renter_review_save(bigint,bigint,text,text,text,integer,text,boolean)', 'execute') as save,
           has_function_privilege($1, 'public.operator_moderate_review(bigint,boolean,text,text)', 'execute') as moderate,
           has_function_privilege($1, 'public.business_answer_review(text,bigint,text,text)', 'execute') as answer`,
        [role],
      );
      expect(rows[0]).toEqual({ table: false, save: false, moderate: false, answer: false });
    }
  });
});

/**
 * A city's price comparison for a class and a rental of `days` reads, of every listed vendor serving the city whose
 * published card rents it, the 20 cheapest for each of the two periods such a rental is priced by (under a week the
 * day and the week, under 4 weeks the week and 4 weeks, else 4 weeks and the week), by what the period costs on the
 * card (a card without a week rate prices a week as 7 days; without a 4-week rate, 4 weeks as 4 of its weeks).
 */
async function expectCityPrices(city: { id: number; slug: string; state: string }, machineClass: string, days: number) {
  const [{ prices }] = await asAnon<{
    prices: {
      vendors: Array<{ vendor: Record<string, unknown>; rates: { classes: Array<{ class: string }> } }>;
      periods: string[];
      priced: number;
      without_rates: number;
    };
  }>(db, "select public.city_prices('us', $1, $2, '00000', $3, $4) as prices", [city.state, city.slug, machineClass, days]);
  const periods = days >= 28 ? ["4-week", "week"] : days >= 7 ? ["week", "4-week"] : ["day", "week"];
  expect(prices.periods).toEqual(periods);
  const [whole] = await asAnon<{ ids: number[]; priced: number; without_rates: number }>(
    db,
    `with serving as (
       select distinct e.vendor_id from public.vendors_serviced e join public.postcodes p on p.id = e.postcode_id where p.city_id = $1
     ), renting as (
       select v.id, k.day_rate as day, coalesce(k.week_rate, 7 * k.day_rate) as week,
              coalesce(k.four_week_rate, 4 * coalesce(k.week_rate, 7 * k.day_rate)) as four_weeks
       from public.vendors v join serving s on s.vendor_id = v.id
       join public.rate_card_classes k on k.vendor_id = v.id and k.class = $2 join public.rate_cards r on r.vendor_id = v.id
     ), priced as (
       (select id from renting where 'day' = any ($3) order by day, id limit 20)
       union (select id from renting where 'week' = any ($3) order by week, id limit 20)
       union (select id from renting where '4-week' = any ($3) order by four_weeks, id limit 20))
     select coalesce((select array_agg(id order by id) from priced), '{}') as ids,
            (select count(*)::int from renting) as priced,
            (select count(*)::int from public.vendors v join serving s on s.vendor_id = v.id) - (select count(*)::int from renting) as without_rates`,
    [city.id, machineClass, periods],
  );
  expect(
    prices.vendors.map((v) => Number(v.vendor.id)),
    `prices ${machineClass}`,
  ).toEqual(whole.ids.map(Number));
  expect(prices.priced, `priced ${machineClass}`).toBe(whole.priced);
  expect(prices.without_rates, `without rates ${machineClass}`).toBe(whole.without_rates);
  // Each vendor as its card names it and links to it, and its rate card as rate_card_json reads it, with the compared class alone.
  const cards = await asAnon<{ vendor: Record<string, unknown>; card: { classes: Array<{ class: string }> } }>(
    db,
    `select public.vendor_card(v) as vendor, public.rate_card_json(x.id) as card
     from unnest($1::bigint[]) with ordinality x(id, n) join public.vendors v on v.id = x.id order by x.n`,
    [whole.ids],
  );
  expect(
    prices.vendors.map((v) => v.vendor),
    `vendors ${machineClass}`,
  ).toEqual(
    cards.map(({ vendor: { id, name, slug, city_slug, state_slug, country_slug } }) => ({
      id,
      name,
      slug,
      city_slug,
      state_slug,
      country_slug,
    })),
  );
  expect(
    prices.vendors.map((v) => v.rates),
    `rates ${machineClass}`,
  ).toEqual(cards.map(({ card }) => ({ ...card, classes: card.classes.filter((k) => k.class === machineClass) })));
}

describe("ranking", () => {
  it("city pages order by the Bayesian average of published reviews, then the response time; sample ratings play no part", async () => {
    const { rows: ids } = await db.query<{ id: number }>(
      `select distinct e.vendor_id as id from public.vendors_serviced e join public.postcodes p on p.id = e.postcode_id
       join public.cities c on c.id = p.city_id where c.slug = 'houston' order by 1 limit 4`,
    );
    const vendors = ids.map((v) => v.id);
    const scores = await asAnon<{ vendor_id: number; score: string }>(db, "select * from public.vendor_review_scores($1)", [vendors]);
    const { rows: site } = await db.query<{ per: string | null }>(
      `select json_object_agg(vendor_id, json_build_array(s, n)) as per
       from (select vendor_id, sum(stars) s, count(*) n from public.reviews where status = 'published' group by vendor_id) x`,
    );
    const overall = await inspect<{ a: string }>("select coalesce(avg(stars), 0) as a from public.reviews where status = 'published'");
    const per = (site[0].per ?? {}) as unknown as Record<string, [number, number]>;
    for (const { vendor_id, score } of scores) {
      const [sum, count] = per[vendor_id] ?? [0, 0];
      expect(Number(score)).toBeCloseTo((5 * Number(overall[0].a) + Number(sum)) / (5 + Number(count)), 6);
    }
    const order = async () =>
      (
        await asAnon<{ p: { vendors: Array<{ id: number }> } }>(db, "select public.vendor_page_slice($1, 0, 48) as p", [vendors])
      )[0].p.vendors.map((v) => v.id);
    const review = async (vendor: number, stars: number, n: number) => {
      const lead = await request({ start: 0, phone: `555888${String(n).padStart(4, "0")}` });
      await db.query(
        "insert into public.lead_recipients (lead_id, vendor_id, reason, rank) values ($1, $2, 'nearby', 9) on conflict do nothing",
        [lead.id, vendor],
      );
      await contacted(lead.id, vendor);
      await moderate(await save(lead, vendor, stars, null), true);
    };
    // One 2-star review sends the first vendor below those without reviews; three 5-star reviews lift the last to the top.
    const before = await order();
    const [first, last] = [before[0], before.at(-1)!];
    await db.query("update public.vendors set rating = case when id = $1 then 0.5 else 5 end where id = any($2)", [first, [first, last]]);
    expect(await order()).toEqual(before);
    await review(first, 2, 0);
    for (let i = 1; i <= 3; i++) await review(last, 5, i);
    const after = await order();
    expect(after[0]).toBe(last);
    expect(after.at(-1)).toBe(first);
  });

  it("each listing's review figures are kept as reviews are published, edited, rejected and deleted", async () => {
    const recounted = () =>
      inspect<{ id: number; count: number; stars: number }>(
        `select v.id, count(r.id)::int as count, coalesce(sum(r.stars), 0)::int as stars
         from public.vendors v left join public.reviews r on r.vendor_id = v.id and r.status = 'published'
         group by v.id order by v.id`,
      );
    const kept = () =>
      inspect<{ id: number; count: number; stars: number }>(
        "select id, review_count as count, review_stars as stars from public.vendors order by id",
      );
    const average = async () => Number((await inspect<{ a: string }>("select private.review_site_average() as a"))[0].a);
    const overall = async () =>
      Number((await inspect<{ a: string }>("select coalesce(avg(stars), 0) as a from public.reviews where status = 'published'"))[0].a);
    expect(await kept()).toEqual(await recounted());
    const [published] = await inspect<{ id: number }>("select id from public.reviews where status = 'published' order by id limit 1");
    const steps = [
      `update public.reviews set stars = case when stars = 5 then 1 else stars + 1 end where id = ${published.id}`,
      `update public.reviews set status = 'rejected', reject_reason = 'test' where id = ${published.id}`,
      `update public.reviews set status = 'published', reject_reason = null where id = ${published.id}`,
      `delete from public.reviews where id = ${published.id}`,
    ];
    for (const step of steps) {
      await db.query(step);
      expect(await kept(), step).toEqual(await recounted());
      expect(await average(), step).toBeCloseTo(await overall(), 9);
    }
  });

  it("a state's page is the same page of the same order as ranking every listing of the state", async () => {
    const [state] = await inspect<{ slug: string; id: number }>(
      "select st.slug, st.id from public.states st where st.vendor_count > 60 order by st.vendor_count desc limit 1",
    );
    const ids = (
      await inspect<{ id: number }>("select id from public.vendors where state_id = $1 and not hidden order by id", [state.id])
    ).map((row) => row.id);
    // Listings that rank apart: reviews, a recent response time, a stale one, and one listing hidden.
    await db.query(
      "update public.vendors set response_hours = 3, response_count = 4, last_responded_at = now() - interval '1 day' where id = $1",
      [ids[7]],
    );
    await db.query(
      "update public.vendors set response_hours = 1, response_count = 3, last_responded_at = now() - interval '100 days' where id = $1",
      [ids[9]],
    );
    await db.query("update public.vendors set hidden = true where id = $1", [ids[11]]);
    for (const [n, stars] of [
      [3, 1],
      [5, 5],
      [8, 4],
    ] as const) {
      const lead = await request({ start: 0, phone: `555777${String(n).padStart(4, "0")}` });
      await db.query(
        "insert into public.lead_recipients (lead_id, vendor_id, reason, rank) values ($1, $2, 'nearby', 9) on conflict do nothing",
        [lead.id, ids[n]],
      );
      await contacted(lead.id, ids[n]);
      await moderate(await save(lead, ids[n], stars, null), true);
    }
    const listed = ids.filter((id) => id !== ids[11]);
    for (const [offset, limit] of [
      [0, 48],
      [48, 48],
      [10, 5],
    ]) {
      const [{ page }] = await asAnon<{ page: { vendor_total: number; vendors: Array<{ id: number }> } }>(
        db,
        "select public.state_page('us', $1, $2, $3) as page",
        [state.slug, offset, limit],
      );
      const [{ whole }] = await asAnon<{ whole: { vendors: Array<{ id: number }> } }>(
        db,
        "select public.vendor_page_slice($1, $2, $3) as whole",
        [listed, offset, limit],
      );
      expect(page.vendor_total).toBe(listed.length);
      expect(page.vendors.map((v) => v.id)).toEqual(whole.vendors.map((v) => v.id));
    }
    // The recent response time lifts its listing above every listing without one; the stale one does not.
    const [{ first }] = await asAnon<{ first: { vendors: Array<{ id: number }> } }>(db, "select public.state_page('us', $1) as first", [
      state.slug,
    ]);
    expect(first.vendors.map((v) => v.id)).toContain(ids[7]);
  });

  it("a city's page and its price comparisons, by rating and by price, are those of ranking every listed vendor serving the city, after any order of changes", async () => {
    const [city] = await inspect<{ id: number; slug: string; state: string }>(
      `select c.id, c.slug, st.slug as state from public.cities c join public.states st on st.id = c.state_id
       order by c.vendor_count desc, c.id limit 1`,
    );
    const zips = (await inspect<{ id: number }>("select id from public.postcodes where city_id = $1 order by id limit 3", [city.id])).map(
      (row) => Number(row.id),
    );
    const [{ elsewhere }] = await inspect<{ elsewhere: number }>("select min(id) as elsewhere from public.postcodes where city_id <> $1", [
      city.id,
    ]);
    const members = async () =>
      (
        await inspect<{ id: number }>(
          `select distinct e.vendor_id as id from public.vendors_serviced e join public.postcodes p on p.id = e.postcode_id
           where p.city_id = $1 order by 1`,
          [city.id],
        )
      ).map((row) => Number(row.id));
    const served = await members();
    expect(served.length).toBeGreaterThan(12);
    // Vendors from elsewhere that may come to serve the city, and go again.
    const others = (
      await inspect<{ id: number }>("select id from public.vendors where id <> all($1) and not hidden order by id limit 6", [served])
    ).map((row) => Number(row.id));
    const vendors = [...served.slice(0, 14), ...others];
    // A week of 3 to 6 day rates, and 4 weeks of 3 weeks or none given (4 weeks): each period orders the cards differently.
    const card = (rates: Array<[number, number, number | null]>, published: boolean) => ({
      published,
      classes: rates.map(([day, weeks, fourWeeks], i) => ({
        class: ["small", "medium", "large"][i],
        day,
        week: day * weeks,
        ...(fourWeeks === null ? {} : { four_week: day * weeks * fourWeeks }),
      })),
    });
    // Every change a city's vendors' keys follow, with few distinct values so that ties are common.
    const vendor = fc.constantFrom(...vendors);
    const change = fc.oneof(
      fc.record({ kind: fc.constant("review" as const), vendor, stars: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ kind: fc.constant("no-reviews" as const), vendors: fc.subarray(vendors, { minLength: 1, maxLength: 6 }) }),
      fc.record({
        kind: fc.constant("respond" as const),
        vendor,
        daysAgo: fc.constantFrom(1, 30, 100),
        hours: fc.constantFrom(1, 2, null),
      }),
      fc.record({
        kind: fc.constant("rename" as const),
        vendor,
        name: fc.constantFrom("Ace Rentals", "Ace Rentals", "Zeta Equipment", "Bobcat of Town"),
      }),
      fc.record({
        kind: fc.constant("hide" as const),
        vendors: fc.subarray(vendors, { minLength: 1, maxLength: 3 }),
        hidden: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant("card" as const),
        vendor,
        rates: fc.array(fc.tuple(fc.constantFrom(150, 200, 250), fc.constantFrom(3, 4, 6), fc.constantFrom(3, null)), {
          minLength: 1,
          maxLength: 3,
        }),
        published: fc.boolean(),
      }),
      fc.record({ kind: fc.constant("no-card" as const), vendor }),
      fc.record({ kind: fc.constant("unpublish" as const), vendor }),
      fc.record({ kind: fc.constant("serve" as const), vendor, zip: fc.constantFrom(...zips) }),
      fc.record({ kind: fc.constant("leave" as const), vendor }),
      fc.record({ kind: fc.constant("move-away" as const), vendor }),
      fc.record({ kind: fc.constant("class-to" as const), vendor, to: vendor }),
    );
    type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;
    const apply = async (c: Change) => {
      if (c.kind === "review")
        await db.query("update public.vendors set review_count = review_count + 1, review_stars = review_stars + $2 where id = $1", [
          c.vendor,
          c.stars,
        ]);
      else if (c.kind === "no-reviews")
        await db.query("update public.vendors set review_count = 0, review_stars = 0 where id = any($1)", [c.vendors]);
      else if (c.kind === "respond")
        await db.query(
          "update public.vendors set response_hours = $2, response_count = 3, last_responded_at = now() - make_interval(days => $3) where id = $1",
          [c.vendor, c.hours, c.daysAgo],
        );
      else if (c.kind === "rename") await db.query("update public.vendors set name = $2 where id = $1", [c.vendor, c.name]);
      else if (c.kind === "hide") await db.query("update public.vendors set hidden = $2 where id = any($1)", [c.vendors, c.hidden]);
      else if (c.kind === "card")
        await asService(db, "select public.set_rate_card($1, $2, 'test')", [c.vendor, JSON.stringify(card(c.rates, c.published))]);
      else if (c.kind === "no-card") await asService(db, "select public.set_rate_card($1, null, 'test')", [c.vendor]);
      else if (c.kind === "unpublish") await db.query("update public.rate_cards set published = false where vendor_id = $1", [c.vendor]);
      else if (c.kind === "serve")
        await db.query("insert into public.vendors_serviced (vendor_id, postcode_id) values ($1, $2) on conflict do nothing", [
          c.vendor,
          c.zip,
        ]);
      else if (c.kind === "leave")
        await db.query(
          "delete from public.vendors_serviced e using public.postcodes p where p.id = e.postcode_id and p.city_id = $2 and e.vendor_id = $1",
          [c.vendor, city.id],
        );
      // One ZIP code served here moves to one elsewhere; a card's class moves to another vendor's card.
      else if (c.kind === "move-away")
        await db.query(
          `update public.vendors_serviced e set postcode_id = $3
           where e.vendor_id = $1 and e.postcode_id = (select min(x.postcode_id) from public.vendors_serviced x
             join public.postcodes p on p.id = x.postcode_id where x.vendor_id = $1 and p.city_id = $2)
             and not exists (select 1 from public.vendors_serviced y where y.vendor_id = $1 and y.postcode_id = $3)`,
          [c.vendor, city.id, elsewhere],
        );
      else
        await db.query(
          `update public.rate_card_classes k set vendor_id = $2 where k.vendor_id = $1 and k.class = 'small'
             and exists (select 1 from public.rate_cards r where r.vendor_id = $2)
             and not exists (select 1 from public.rate_card_classes y where y.vendor_id = $2 and y.class = 'small')`,
          [c.vendor, c.to],
        );
    };
    const page = fc.record({
      machineClass: fc.constantFrom("small", "medium", "large"),
      days: fc.constantFrom(1, 6, 7, 27, 28, 60),
      sort: fc.constantFrom("rating", "price", null),
      offset: fc.oneof(fc.integer({ min: 0, max: 24 }), fc.constant(0)),
      limit: fc.integer({ min: 1, max: 20 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(change, { maxLength: 8 }), fc.array(page, { minLength: 1, maxLength: 4 }), async (changes, pages) => {
        for (const c of changes) await apply(c);
        const all = await members();
        const [{ listed }] = await inspect<{ listed: number }>(
          "select count(*)::int as listed from public.vendors where id = any($1) and not hidden",
          [all],
        );
        for (const { sort, offset, limit, machineClass, days } of pages) {
          await expectCityPrices(city, machineClass, days);
          const [{ shown }] = await asAnon<{ shown: { vendor_total: number; vendors: Array<{ id: number }> } }>(
            db,
            "select public.city_page('us', $1, $2, $3, $4, $5) as shown",
            [city.state, city.slug, offset, limit, sort],
          );
          const [{ whole }] = await asAnon<{ whole: { vendors: Array<{ id: number }> } }>(
            db,
            "select public.vendor_page_slice($1, $2, $3, $4) as whole",
            [all, offset, limit, sort],
          );
          expect(shown.vendor_total, `${sort} ${offset}`).toBe(listed);
          expect(
            shown.vendors.map((v) => v.id),
            `${sort} ${offset} ${limit}`,
          ).toEqual(whole.vendors.map((v) => v.id));
        }
      }),
      { numRuns: 40 },
    );
  });
  it("a big city's price comparison reads the 20 cheapest that rent the class for each period, those priced as the 20th by id, and counts the others", async () => {
    const [city] = await inspect<{ id: number; slug: string; state: string }>(
      `select c.id, c.slug, st.slug as state from public.cities c join public.states st on st.id = c.state_id
       order by c.vendor_count desc, c.id limit 1`,
    );
    const [{ zip }] = await inspect<{ zip: number }>("select min(id) as zip from public.postcodes where city_id = $1", [city.id]);
    const newcomers = (
      await inspect<{ id: number }>(
        `select v.id from public.vendors v where not exists (
           select 1 from public.vendors_serviced e join public.postcodes p on p.id = e.postcode_id where e.vendor_id = v.id and p.city_id = $1)
         order by v.id limit 112`,
        [city.id],
      )
    ).map((row) => Number(row.id));
    expect(newcomers.length).toBe(112);
    await db.query("update public.vendors set rating = (id * 7) % 50 / 10.0 where id = any($1)", [newcomers]);
    await db.query(
      `insert into public.rate_cards (vendor_id, updated_by) select unnest($1::bigint[]), 'test'
       on conflict (vendor_id) do update set published = true`,
      [newcomers],
    );
    // 10 at $100, the rest at $110: the 20th is one of 102 priced the same.
    await db.query(
      `insert into public.rate_card_classes (vendor_id, class, day_rate, week_rate, four_week_rate)
       select v, 'track', r, 4 * r, 12 * r from unnest($1::bigint[]) with ordinality x(v, n), lateral (select case when n <= 10 then 100 else 110 end) y(r)
       on conflict (vendor_id, class) do update set day_rate = excluded.day_rate, week_rate = excluded.week_rate, four_week_rate = excluded.four_week_rate`,
      [newcomers],
    );
    // Their cards come first: the city gains their rates as they come to serve it.
    await db.query("insert into public.vendors_serviced (vendor_id, postcode_id) select unnest($1::bigint[]), $2", [newcomers, zip]);
    await db.query("update public.vendors set hidden = true where id = $1", [newcomers[3]]);
    await db.query("update public.rate_cards set published = false where vendor_id = $1", [newcomers[70]]);
    await expectCityPrices(city, "track", 1);
    const [{ prices }] = await asAnon<{ prices: { vendors: unknown[]; priced: number } }>(
      db,
      "select public.city_prices('us', $1, $2, '00000', 'track', 1) as prices",
      [city.state, city.slug],
    );
    // Their day and week rates rank them alike: the same 20 are the cheapest for both.
    expect(prices.vendors.length).toBe(20);
    expect(prices.priced).toBeGreaterThanOrEqual(110);
  });
});
