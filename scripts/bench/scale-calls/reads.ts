import { BUSY_MANAGER_EMAIL, median, PAGE, TIMED_RUNS, type Call, type Engine, type Subjects } from "./types";

/**
 * The reads pages, the console, /business, the renter's pages, the outbox sender and the reporting
 * API make, each as its caller makes it (lib/ and app/), on the heaviest subject a page meets:
 * the busiest listing, the biggest state and city, the last page. The functions that only other
 * functions call are timed on the arguments those callers pass.
 */

/** Vendors per state or city page (VENDORS_PER_PAGE, lib/listings/ordering.ts). */
const VENDORS_PER_PAGE = 24;
/** Reviews per page (REVIEWS_PER_PAGE, lib/reviews/data.ts). */
const REVIEWS_PER_PAGE = 10;
/** A sitemap file's entries, and the static paths the first one lists first (lib/sitemap.ts). */
const SITEMAP_MAX_URLS = 50_000;
const STATIC_SITEMAP_PATHS = 9;
/** The reporting API's largest report (app/api/operator/[report]/route.ts). */
const REPORT_MAX = 5000;
/** The owner tokens of the renter made for the renter's pages (the grown requests carry no real token). */
const RENTER_TOKEN = "bench-renter-token";
const DRAFT_TOKEN = "bench-draft-token";
const tokenHash = (token: string) => `encode(sha256(convert_to('${token}', 'UTF8')), 'hex')`;

// Lookups made once per database (Subjects is looked up anew on the seed and on the grown one).
const found = new WeakMap<Subjects, Map<string, Promise<unknown>>>();
function once<T>(s: Subjects, key: string, find: () => Promise<T>): Promise<T> {
  let known = found.get(s);
  if (!known) found.set(s, (known = new Map()));
  if (!known.has(key)) known.set(key, find());
  return known.get(key) as Promise<T>;
}

async function row(engine: Engine, sql: string, params?: unknown[]): Promise<Record<string, unknown>> {
  const [first] = await engine.query(sql, params);
  if (!first) throw new Error(`The bench found no subject: ${sql}`);
  return first;
}

interface City {
  state: string;
  city: string;
  name: string;
  zip: string;
  latitude: number;
  longitude: number;
  /** Its page's vendors, the offset of its last page, and the vendors city_page ranks for that page (skipping lastPageSkip). */
  vendorIds: number[];
  lastPage: number;
  lastPageIds: number[];
  lastPageSkip: number;
}

const lastOffset = (total: number) => Math.max(0, Math.floor((total - 1) / VENDORS_PER_PAGE) * VENDORS_PER_PAGE);

/** The city with the most vendors. */
const bigCity = (s: Subjects, engine: Engine) =>
  once(s, "bigCity", async (): Promise<City> => {
    const c = await row(
      engine,
      `select cv.city_id, cv.state_slug, cv.city_slug, cv.city_name, c.latitude, c.longitude,
              (select min(p.code) from public.postcodes p where p.city_id = cv.city_id) as zip,
              array(select distinct e.vendor_id from public.vendors_serviced e join public.postcodes p on p.id = e.postcode_id
                    where p.city_id = cv.city_id) as vendor_ids
       from public.cities_with_vendors cv join public.cities c on c.id = cv.city_id
       where exists (select 1 from public.postcodes p where p.city_id = cv.city_id)
       order by cv.vendor_count desc, cv.city_id limit 1`,
    );
    const vendorIds = (c.vendor_ids as Array<number | string>).map(Number);
    const lastPage = lastOffset(vendorIds.length);
    const ranked = await row(engine, "select x.vendor_ids as ids, x.skip from private.city_page_parts($1, $2, $3, 'rating') x", [
      c.city_id,
      lastPage,
      VENDORS_PER_PAGE,
    ]);
    return {
      state: String(c.state_slug),
      city: String(c.city_slug),
      name: String(c.city_name),
      zip: String(c.zip),
      latitude: Number(c.latitude),
      longitude: Number(c.longitude),
      vendorIds,
      lastPage,
      lastPageIds: (ranked.ids as Array<number | string>).map(Number),
      lastPageSkip: Number(ranked.skip),
    };
  });

/** The biggest city served by a vendor with a rate card, and a class that card rents, for the price comparison. */
const priceCity = (s: Subjects, engine: Engine) =>
  once(s, "priceCity", async () => {
    const c = await row(
      engine,
      `select cv.state_slug, cv.city_slug, k.class, (select min(p.code) from public.postcodes p where p.city_id = cv.city_id) as zip
       from public.rate_card_classes k join public.rate_cards r on r.vendor_id = k.vendor_id
       join public.vendors_serviced e on e.vendor_id = k.vendor_id join public.postcodes p on p.id = e.postcode_id
       join public.cities_with_vendors cv on cv.city_id = p.city_id
       order by cv.vendor_count desc, cv.city_id, k.class limit 1`,
    );
    return { state: String(c.state_slug), city: String(c.city_slug), machineClass: String(c.class), zip: String(c.zip) };
  });

/** The vendor with the fullest rate card. */
const pricedVendor = (s: Subjects, engine: Engine) =>
  once(s, "pricedVendor", async () =>
    Number(
      (
        await row(
          engine,
          `select k.vendor_id from public.rate_card_classes k join public.rate_cards r on r.vendor_id = k.vendor_id
           group by k.vendor_id order by count(*) desc, k.vendor_id limit 1`,
        )
      ).vendor_id,
    ),
  );

/** The busiest listing's address parts, for its page, and its own ZIP. */
const busyAddress = (s: Subjects, engine: Engine) =>
  once(s, "busyAddress", async () => {
    const r = await row(
      engine,
      `select public.vendor_address(v.id) as a, p.code from public.vendors v join public.postcodes p on p.id = v.postcode_id where v.id = $1`,
      [s.busyVendor],
    );
    const a = r.a as Record<string, string>;
    return { state: a.state_slug, city: a.city_slug, slug: a.slug, zip: String(r.code) };
  });

/** The biggest state page's last page. */
const stateLastPage = (s: Subjects, engine: Engine) =>
  once(s, "stateLastPage", async () => {
    const { total } = await row(engine, "select (public.state_page('us', $1)->>'vendor_total')::int as total", [s.biggestState]);
    return lastOffset(Number(total));
  });

/**
 * The newest request with the most on file: a revised quote, a booking, two recipients, a status
 * link (one request in twenty of the grown ones).
 */
const fullLead = (s: Subjects, engine: Engine) =>
  once(s, "fullLead", async () => {
    const l = await row(
      engine,
      `select l.id, l.phone, r.vendor_id, a.token_hash, b.quote_id
       from public.leads l
       join public.bookings b on b.lead_id = l.id
       join public.lead_recipients r on r.lead_id = l.id and r.rank = 1
       join public.auth_links a on a.lead_id = l.id and a.purpose = 'lead_status' and a.expires_at > now()
       where l.completed and not l.spam and l.state <> 'erased'
         and exists (select 1 from public.quotes q where q.lead_id = l.id and q.revision > 1)
         and (select count(*) from public.lead_recipients x where x.lead_id = l.id) > 1
       order by l.completed_at desc, l.id desc limit 1`,
    );
    return {
      id: Number(l.id),
      phone: String(l.phone),
      vendor: Number(l.vendor_id),
      statusLinkHash: String(l.token_hash),
      quote: Number(l.quote_id),
    };
  });

/** The ids of the console's first page of requests. */
const firstPageIds = (s: Subjects, engine: Engine) =>
  once(s, "firstPageIds", async () =>
    (await engine.query(`select id from public.leads where completed and not spam order by completed_at desc, id desc limit ${PAGE}`)).map(
      (r) => Number(r.id),
    ),
  );

/** The newest renter who gave an email address. */
const renterEmail = (s: Subjects, engine: Engine) =>
  once(s, "renterEmail", async () =>
    String(
      (
        await row(
          engine,
          "select renter_email from public.leads where completed and renter_email is not null order by completed_at desc, id desc limit 1",
        )
      ).renter_email,
    ),
  );

/** The job ZIP with the most requests. */
const busiestZip = (s: Subjects, engine: Engine) =>
  once(s, "busiestZip", async () =>
    String(
      (
        await row(
          engine,
          "select location from public.leads where completed and not spam group by location order by count(*) desc, location limit 1",
        )
      ).location,
    ),
  );

/** A week of requests ending 30 days ago (or on the oldest day after the first, while there is less history). */
const pastWeek = (s: Subjects, engine: Engine) =>
  once(s, "pastWeek", async () => {
    const w = await row(
      engine,
      `select to_char(d - 6, 'YYYY-MM-DD') as from_day, to_char(d, 'YYYY-MM-DD') as to_day
       from (select greatest(current_date - 30, (select min(completed_at) from public.leads where completed)::date + 1) as d) x`,
    );
    return { from: String(w.from_day), to: String(w.to_day) };
  });

/** The busiest listing's newest "Send a quote" link still valid. */
const quoteLink = (s: Subjects, engine: Engine) =>
  once(s, "quoteLink", async () =>
    String(
      (
        await row(
          engine,
          `select token_hash from public.auth_links where purpose = 'lead_quote' and expires_at > now()
           order by (vendor_id = $1) desc, created_at desc limit 1`,
          [s.busyVendor],
        )
      ).token_hash,
    ),
  );

/**
 * A renter whose browser sent 50 requests (renter_requests' page): copies, with their recipients
 * and quotes, of the newest 50 requests still open, made once and kept (the grown requests' owner
 * tokens are not hashes of any token).
 */
const renter = (s: Subjects, engine: Engine) =>
  once(s, "renter", async () => {
    await engine.exec(`
      insert into public.leads (vendor_id, vendor_name, step, location, name, phone, skid_steer_type, rental_days, rental_start_date,
                                rental_end_date, completed, owner_token_hash, created_at, updated_at, completed_at, renter_email, client_key)
      select l.vendor_id, l.vendor_name, 3, l.location, 'Bench Renter', '(555) 030-0001', l.skid_steer_type, l.rental_days,
             l.rental_start_date, l.rental_end_date, true, ${tokenHash(RENTER_TOKEN)}, l.created_at, l.updated_at, l.completed_at,
             'bench-renter@example.com', 'bench-renter:' || l.id
      from public.leads l
      where l.completed and not l.spam and l.state = 'sent' and l.owner_token_hash like 'scale:%'
        and not exists (select 1 from public.leads x where x.owner_token_hash = ${tokenHash(RENTER_TOKEN)})
      order by l.completed_at desc, l.id desc limit 50;
      insert into public.lead_recipients (lead_id, vendor_id, reason, rank, distance_miles, status, responded_at)
      select n.id, r.vendor_id, r.reason, r.rank, r.distance_miles, r.status, r.responded_at
      from public.leads n join public.lead_recipients r on r.lead_id = substr(n.client_key, 14)::bigint
      where n.owner_token_hash = ${tokenHash(RENTER_TOKEN)} and not exists (select 1 from public.lead_recipients x where x.lead_id = n.id);
      insert into public.quotes (lead_id, vendor_id, revision, status, machine_class, model, available, lines, included_hours,
                                 over_hour_cents, fuel_policy, tax_percent, subtotal_cents, tax_cents, total_cents, message,
                                 valid_until, created_at, closed_at)
      select n.id, q.vendor_id, q.revision, q.status, q.machine_class, q.model, q.available, q.lines, q.included_hours,
             q.over_hour_cents, q.fuel_policy, q.tax_percent, q.subtotal_cents, q.tax_cents, q.total_cents, q.message,
             q.valid_until, q.created_at, q.closed_at
      from public.leads n join public.quotes q on q.lead_id = substr(n.client_key, 14)::bigint
      where n.owner_token_hash = ${tokenHash(RENTER_TOKEN)} and not exists (select 1 from public.quotes x where x.lead_id = n.id);`);
    return RENTER_TOKEN;
  });

/** A draft of the rental dialog whose browser holds DRAFT_TOKEN, made once and kept. */
const draft = (s: Subjects, engine: Engine) =>
  once(s, "draft", async () => {
    await engine.exec(`
      insert into public.leads (owner_token_hash, skid_steer_type, client_key)
      select ${tokenHash(DRAFT_TOKEN)}, 'wheeled', 'bench-draft'
      where not exists (select 1 from public.leads x where x.owner_token_hash = ${tokenHash(DRAFT_TOKEN)});`);
    return Number(
      (await row(engine, `select id from public.leads where owner_token_hash = ${tokenHash(DRAFT_TOKEN)} and not completed`)).id,
    );
  });

/** A full rate card, as the forms send it: every check of rate_card_problem runs. */
const FULL_RATE_CARD = {
  classes: (["small", "medium", "large", "track"] as const).map((machineClass, i) => ({
    class: machineClass,
    day: 250 + 50 * i,
    week: 1000 + 200 * i,
    four_week: 3000 + 600 * i,
    day_hours: 8,
    week_hours: 40,
    four_week_hours: 160,
  })),
  delivery: { fee: 95, miles: 25, per_mile: 3.5 },
  waiver_percent: 12,
  fees: [
    { label: "Environmental fee", percent: 2.5 },
    { label: "Cleaning", amount: 75 },
    { label: "Fuel service", amount: 40 },
  ],
};
const REVIEW_BODY =
  "Booked a tracked loader for a weekend of grading behind the house. The machine arrived on time, clean and full, " +
  "the driver walked me through the controls, and pickup was as easy as the drop-off. Would rent from them again.";

/** The console's requests with one filter, its first page. */
const consoleFilter = (
  name: string,
  filters: (s: Subjects, engine: Engine) => Promise<Record<string, string>> | Record<string, string>,
): Call => ({
  name,
  fn: "operator_lead_page",
  sql: "select public.operator_lead_page($1::jsonb, $2)",
  params: async (s, engine) => [JSON.stringify(await filters(s, engine)), PAGE],
});

export const READS: Call[] = [
  // The console (app/operator): requests.
  {
    name: "console requests, first page (operator_lead_page)",
    fn: "operator_lead_page",
    sql: "select public.operator_lead_page('{}', $1)",
    params: () => [PAGE],
  },
  {
    name: "console requests, page 401",
    fn: "operator_lead_page",
    sql: "select public.operator_lead_page('{}', $1, $2)",
    params: (s) => [PAGE, s.page401After],
  },
  {
    name: "console requests of one vendor",
    fn: "operator_lead_page",
    sql: "select public.operator_lead_page(jsonb_build_object('vendor', $1::text), $2)",
    params: (s) => [s.busyVendor, PAGE],
  },
  {
    name: "console requests of one state",
    fn: "operator_lead_page",
    sql: "select public.operator_lead_page(jsonb_build_object('state', $1::text), $2)",
    params: (s) => [s.biggestState, PAGE],
  },
  consoleFilter("console requests, delivery failed", () => ({ delivery: "failed" })),
  consoleFilter("console requests, delivery pending", () => ({ delivery: "pending" })),
  consoleFilter("console requests, delivery sent", () => ({ delivery: "sent" })),
  consoleFilter("console requests, delivery none", () => ({ delivery: "none" })),
  consoleFilter("console requests, stage quoted", () => ({ stage: "quoted" })),
  consoleFilter("console requests, stage booked", () => ({ stage: "booked" })),
  consoleFilter("console requests, spam only", () => ({ spam: "only" })),
  consoleFilter("console requests, a week 30 days ago", (s, engine) => pastWeek(s, engine)),
  consoleFilter("console requests, busiest ZIP", async (s, engine) => ({ zip: await busiestZip(s, engine) })),
  {
    name: "console request page (operator_lead)",
    fn: "operator_lead",
    sql: "select public.operator_lead($1)",
    params: async (s, engine) => [(await fullLead(s, engine)).id],
  },
  {
    name: "console requests' rows, 50 (operator_lead_list)",
    fn: "operator_lead_list",
    sql: "select public.operator_lead_list($1::bigint[])",
    params: async (s, engine) => [await firstPageIds(s, engine)],
  },
  {
    name: "console requests' recipients, 50 (lead_recipient_lists)",
    fn: "lead_recipient_lists",
    sql: "select count(*) from public.lead_recipient_lists($1::bigint[])",
    params: async (s, engine) => [await firstPageIds(s, engine)],
  },
  {
    name: "console person by phone (operator_person)",
    fn: "operator_person",
    sql: "select public.operator_person($1, null)",
    params: async (s, engine) => [(await fullLead(s, engine)).phone],
  },
  {
    name: "console person by email",
    fn: "operator_person",
    sql: "select public.operator_person(null, $1)",
    params: async (s, engine) => [await renterEmail(s, engine)],
  },
  {
    name: "reporting API, 5th call of 1,000 (operator_leads)",
    fn: "operator_leads",
    sql: "select count(*) from public.operator_leads(1000, $1)",
    params: (s) => [s.report5After],
  },
  {
    name: "reporting API, submissions (operator_submissions)",
    fn: "operator_submissions",
    sql: "select count(*) from public.operator_submissions($1)",
    params: () => [REPORT_MAX],
  },

  // The console: listings, people and queues.
  {
    name: "console vendor search (operator_vendor_page)",
    fn: "operator_vendor_page",
    sql: "select public.operator_vendor_page('rentals', $1)",
    params: () => [PAGE],
  },
  {
    name: "console vendor search, few matches",
    fn: "operator_vendor_page",
    sql: "select public.operator_vendor_page('rentals 4242', $1)",
    params: () => [PAGE],
  },
  {
    name: "console listing, busiest (operator_vendor)",
    fn: "operator_vendor",
    sql: "select public.operator_vendor($1)",
    params: (s) => [s.busyVendor],
  },
  {
    name: "console listing's managers (operator_vendor_managers)",
    fn: "operator_vendor_managers",
    sql: "select public.operator_vendor_managers($1)",
    params: (s) => [s.busyVendor],
  },
  {
    name: "console listing's rate card (rate_card_json)",
    fn: "rate_card_json",
    sql: "select public.rate_card_json($1)",
    params: async (s, engine) => [await pricedVendor(s, engine)],
  },
  {
    name: "console response rates and requests handed on (operator_responses)",
    fn: "operator_responses",
    sql: "select public.operator_responses(null, null, 50)",
    params: () => [],
  },
  {
    name: "console paused listings (operator_paused_vendors)",
    fn: "operator_paused_vendors",
    sql: "select public.operator_paused_vendors()",
    params: () => [],
  },
  {
    name: "console name changes (operator_change_requests)",
    fn: "operator_change_requests",
    sql: "select public.operator_change_requests()",
    params: () => [],
  },
  {
    name: "console claims, new (operator_claim_page)",
    fn: "operator_claim_page",
    sql: "select public.operator_claim_page('new', $1, 0)",
    params: () => [PAGE],
  },
  {
    name: "console submissions, new (operator_submission_page)",
    fn: "operator_submission_page",
    sql: "select public.operator_submission_page('new', $1, 0)",
    params: () => [PAGE],
  },
  {
    name: "console reviews, pending (operator_review_page)",
    fn: "operator_review_page",
    sql: "select public.operator_review_page('pending', $1)",
    params: () => [PAGE],
  },
  {
    name: "console reviews, published",
    fn: "operator_review_page",
    sql: "select public.operator_review_page('published', $1)",
    params: () => [PAGE],
  },
  {
    name: "console audit log (operator_audit_page)",
    fn: "operator_audit_page",
    sql: "select public.operator_audit_page($1)",
    params: () => [PAGE],
  },
  {
    name: "console operators (operator_list)",
    fn: "operator_list",
    sql: "select count(*) from public.operator_list()",
    params: () => [],
  },
  {
    name: "console sign-in check (operator_credentials)",
    fn: "operator_credentials",
    sql: "select public.operator_credentials($1)",
    params: () => ["operator@example.com"],
  },
  {
    name: "sign-in throttle (auth_throttle_wait)",
    fn: "auth_throttle_wait",
    sql: "select public.auth_throttle_wait($1::text[])",
    params: () => [["pair:203.0.113.7:operator@example.com", "address:203.0.113.7"]],
  },
  {
    name: "session check (session_subject)",
    fn: "session_subject",
    sql: "select public.session_subject('operator', $1)",
    params: () => ["0".repeat(64)],
  },

  // /business.
  {
    name: "/business listings (business_listings)",
    fn: "business_listings",
    sql: "select public.business_listings($1)",
    params: () => [BUSY_MANAGER_EMAIL],
  },
  {
    name: "/business reviews (business_reviews)",
    fn: "business_reviews",
    sql: "select public.business_reviews($1, $2)",
    params: () => [BUSY_MANAGER_EMAIL, PAGE],
  },
  {
    name: "/business manager check (business_require_manager)",
    fn: "business_require_manager",
    sql: "select public.business_require_manager($1, $2)",
    params: (s) => [BUSY_MANAGER_EMAIL, s.busyVendor],
  },
  {
    name: "claim page (business_claimable)",
    fn: "business_claimable",
    sql: "select public.business_claimable($1)",
    params: (s) => [s.busyVendor],
  },
  {
    name: "emailed quote link's request (quote_link_request)",
    fn: "quote_link_request",
    sql: "select public.quote_link_request($1)",
    params: async (s, engine) => [await quoteLink(s, engine)],
  },

  // The outbox sender.
  {
    name: "quote email's quote (outbox_quote)",
    fn: "outbox_quote",
    sql: "select public.outbox_quote($1)",
    params: async (s, engine) => [(await fullLead(s, engine)).quote],
  },
  {
    name: "review invitation's vendors (review_invitation)",
    fn: "review_invitation",
    sql: "select public.review_invitation($1)",
    params: async (s, engine) => [(await fullLead(s, engine)).id],
  },

  // The public pages.
  { fn: "country_page", name: "country page (country_page)", sql: "select public.country_page('us')", params: () => [] },
  { fn: "state_page", name: "biggest state page (state_page)", sql: "select public.state_page('us', $1)", params: (s) => [s.biggestState] },
  {
    fn: "state_page",
    name: "biggest state page, last page",
    sql: "select public.state_page('us', $1, $2, $3)",
    params: async (s, engine) => [s.biggestState, await stateLastPage(s, engine), VENDORS_PER_PAGE],
  },
  {
    fn: "city_page",
    name: "biggest city page (city_page)",
    sql: "select public.city_page('us', $1, $2, 0, $3, 'rating')",
    params: async (s, engine) => {
      const c = await bigCity(s, engine);
      return [c.state, c.city, VENDORS_PER_PAGE];
    },
  },
  {
    fn: "city_page",
    name: "biggest city page, by price",
    sql: "select public.city_page('us', $1, $2, 0, $3, 'price')",
    params: async (s, engine) => {
      const c = await bigCity(s, engine);
      return [c.state, c.city, VENDORS_PER_PAGE];
    },
  },
  {
    fn: "city_page",
    name: "biggest city page, last page by price",
    sql: "select public.city_page('us', $1, $2, $3, $4, 'price')",
    params: async (s, engine) => {
      const c = await bigCity(s, engine);
      return [c.state, c.city, c.lastPage, VENDORS_PER_PAGE];
    },
  },
  {
    fn: "city_page",
    name: "biggest city page, last page",
    sql: "select public.city_page('us', $1, $2, $3, $4, 'rating')",
    params: async (s, engine) => {
      const c = await bigCity(s, engine);
      return [c.state, c.city, c.lastPage, VENDORS_PER_PAGE];
    },
  },
  {
    fn: "vendor_page_slice",
    name: "biggest city's last page, ranked (vendor_page_slice)",
    sql: "select public.vendor_page_slice($1::bigint[], $2, $3, 'rating')",
    params: async (s, engine) => {
      const c = await bigCity(s, engine);
      return [c.lastPageIds, c.lastPageSkip, VENDORS_PER_PAGE];
    },
  },
  {
    fn: "vendor_review_scores",
    name: "biggest city's last page, review scores (vendor_review_scores)",
    sql: "select count(*) from public.vendor_review_scores($1::bigint[])",
    params: async (s, engine) => [(await bigCity(s, engine)).lastPageIds],
  },
  {
    fn: "city_prices",
    name: "big city's price comparison (city_prices)",
    // A week's rental, as the page compares by default.
    sql: "select public.city_prices('us', $1, $2, $3, $4, 7)",
    params: async (s, engine) => {
      const c = await priceCity(s, engine);
      return [c.state, c.city, c.zip, c.machineClass];
    },
  },
  {
    fn: "city_zip",
    name: "city page's ZIP (city_zip)",
    sql: "select public.city_zip($1, $2)",
    params: async (s, engine) => {
      const c = await bigCity(s, engine);
      return [c.state, c.city];
    },
  },
  {
    fn: "vendor_page",
    name: "busiest listing's page (vendor_page)",
    sql: "select public.vendor_page('us', $1, $2, $3)",
    params: async (s, engine) => {
      const a = await busyAddress(s, engine);
      return [a.state, a.city, a.slug];
    },
  },
  {
    fn: "vendor_reviews",
    name: "listing's reviews page 1 (vendor_reviews)",
    sql: "select public.vendor_reviews($1, 0, $2)",
    params: (s) => [s.busyVendor, REVIEWS_PER_PAGE],
  },
  {
    fn: "vendor_review_summary",
    name: "listing's review figures (vendor_review_summary)",
    sql: "select public.vendor_review_summary($1)",
    params: (s) => [s.busyVendor],
  },
  {
    fn: "vendor_address",
    name: "listing's address (vendor_address)",
    sql: "select public.vendor_address($1)",
    params: (s) => [s.busyVendor],
  },
  {
    fn: "search_cities",
    name: "city search, typed name (search_cities)",
    sql: "select count(*) from public.search_cities($1, null)",
    params: async (s, engine) => [(await bigCity(s, engine)).name.slice(0, -1)],
  },
  {
    fn: "search_cities",
    name: "city search in a state",
    sql: "select count(*) from public.search_cities($1, $2)",
    params: async (s, engine) => {
      const c = await bigCity(s, engine);
      return [c.name.slice(0, 4), c.state];
    },
  },
  {
    fn: "find_city_for_zip",
    name: "ZIP search, known ZIP (find_city_for_zip)",
    sql: "select public.find_city_for_zip($1, $2, $3)",
    params: async (s, engine) => {
      const c = await bigCity(s, engine);
      return [c.zip, c.latitude, c.longitude];
    },
  },
  {
    fn: "find_city_for_zip",
    name: "ZIP search, ZIP not in the directory",
    sql: "select public.find_city_for_zip('00000', $1, $2)",
    params: async (s, engine) => {
      const c = await bigCity(s, engine);
      return [c.latitude + 0.3, c.longitude + 0.3];
    },
  },
  {
    fn: "state_map",
    name: "biggest state's map (state_map)",
    sql: "select public.state_map($1)",
    params: (s) => [s.biggestState],
  },
  {
    fn: "area_map",
    name: "biggest city's map, a page of listings (area_map)",
    sql: "select public.area_map($1, $2, $3)",
    params: async (s, engine) => {
      const c = await bigCity(s, engine);
      return [c.state, c.city, c.vendorIds.slice(0, VENDORS_PER_PAGE)];
    },
  },
  {
    fn: "area_map",
    name: "busiest listing's map",
    sql: "select public.area_map($1, $2, array[$3::bigint])",
    params: async (s, engine) => {
      const a = await busyAddress(s, engine);
      return [a.state, a.city, s.busyVendor];
    },
  },
  {
    fn: "vendor_delivers_to",
    name: "does the busiest listing deliver to a ZIP (vendor_delivers_to)",
    sql: "select public.vendor_delivers_to($1, $2)",
    params: async (s, engine) => [s.busyVendor, (await bigCity(s, engine)).zip],
  },
  {
    fn: "nearest_zip",
    name: "use my location in the biggest city (nearest_zip)",
    sql: "select public.nearest_zip($1, $2)",
    params: async (s, engine) => {
      const c = await bigCity(s, engine);
      return [c.latitude + 0.01, c.longitude - 0.01];
    },
  },
  {
    fn: "vendors_nearest",
    name: "vendors nearest the biggest city's ZIP (vendors_nearest)",
    sql: "select public.vendors_nearest($1, 24)",
    params: async (s, engine) => [(await bigCity(s, engine)).zip],
  },
  {
    fn: "business_activity",
    name: "/business charts, busiest listing (business_activity)",
    sql: "select public.business_activity($1, $2)",
    // As the timed round leaves them (untimed here; the jobs have their own lines): the site's and
    // the cities' weeks counted and the listing's settled weeks kept, so a view reads this week's rows.
    params: async (s, engine, run) => {
      if (run === 0) {
        await engine.exec(
          `do $$ begin
             while public.count_site_weeks() is not null loop end loop;
             while public.count_city_weeks() is not null loop end loop;
             insert into private.listing_weeks_due (vendor_id) values (${Number(s.busyVendor)}) on conflict do nothing;
             while public.keep_listing_weeks() is not null loop end loop;
           end $$`,
        );
      }
      return [BUSY_MANAGER_EMAIL, s.busyVendor];
    },
  },
  {
    fn: "business_activity",
    name: "/business charts, busiest listing's first view (before the round has kept its weeks)",
    sql: "select public.business_activity($1, $2)",
    params: (s) => [BUSY_MANAGER_EMAIL, s.busyVendor],
    // Before the timed round has kept any of its settled weeks (a listing just claimed), as in the
    // hour after a week ends for last week: last week and this one read from the listing's rows; the
    // site's and the cities' weeks counted as the timed round keeps them.
    measure: async (s, engine) => {
      await engine.exec(
        "do $$ begin while public.count_site_weeks() is not null loop end loop; while public.count_city_weeks() is not null loop end loop; end $$",
      );
      const runs: number[] = [];
      for (let run = 0; run < TIMED_RUNS; run++) {
        await engine.exec(`delete from private.listing_weeks where vendor_id = ${Number(s.busyVendor)}`);
        const started = performance.now();
        await engine.query("select public.business_activity($1, $2)", [BUSY_MANAGER_EMAIL, s.busyVendor]);
        runs.push(performance.now() - started);
      }
      return median(runs);
    },
  },
  {
    fn: "operator_activity",
    name: "console activity charts and map (operator_activity)",
    sql: "select public.operator_activity()",
    // As the timed round leaves them: every week of the 26 counted (untimed here; the job has its own line).
    params: async (_s, engine) => {
      await engine.exec("do $$ begin while public.count_site_weeks() is not null loop end loop; end $$");
      return [];
    },
  },
  { fn: "footer_states", name: "footer states (footer_states)", sql: "select count(*) from public.footer_states()", params: () => [] },
  { fn: "hero_for", name: "hero copy (hero_for)", sql: "select public.hero_for('city')", params: () => [] },
  {
    fn: "sitemap_paths",
    name: "last page of the sitemap paths (sitemap_paths)",
    sql: "select count(*) from public.sitemap_paths($1, $2, 1000)",
    params: (s) => [s.sitemapLastAfter?.kind ?? null, s.sitemapLastAfter?.key ?? null],
  },
  {
    fn: "sitemap_file_starts",
    name: "sitemap files' starts (sitemap_file_starts)",
    sql: "select count(*) from public.sitemap_file_starts($1, $2)",
    params: () => [SITEMAP_MAX_URLS - STATIC_SITEMAP_PATHS, SITEMAP_MAX_URLS],
  },
  { fn: "sitemap_size", name: "sitemap size (sitemap_size)", sql: "select public.sitemap_size()", params: () => [] },
  { fn: "articles_list", name: "articles (articles_list)", sql: "select count(*) from public.articles_list()", params: () => [] },
  {
    fn: "article_by_slug",
    name: "article page (article_by_slug)",
    sql: "select count(*) from public.article_by_slug((select slug from public.articles order by published_at desc, id desc limit 1))",
    params: () => [],
  },
  { fn: "equipment_list", name: "models catalogue (equipment_list)", sql: "select public.equipment_list()", params: () => [] },
  {
    fn: "equipment_by_slug",
    name: "model page (equipment_by_slug)",
    sql: "select public.equipment_by_slug((select slug from public.equipment_models order by name limit 1))",
    params: () => [],
  },
  { fn: "popular_models", name: "popular models (popular_models)", sql: "select count(*) from public.popular_models()", params: () => [] },
  { fn: "us_states", name: "submit form's states (us_states)", sql: "select count(*) from public.us_states()", params: () => [] },
  {
    fn: "state_cities",
    name: "submit form's cities, biggest state (state_cities)",
    sql: "select count(*) from public.state_cities($1)",
    params: (s) => [s.biggestState],
  },
  {
    fn: "rental_date_window",
    name: "rental dates allowed (rental_date_window)",
    sql: "select * from public.rental_date_window()",
    params: () => [],
  },

  // The rental dialog and routing.
  {
    fn: "lead_route_rates",
    name: "rental estimates from a listing, widened (lead_route_rates)",
    sql: "select public.lead_route_rates($1, $2, true)",
    params: async (s, engine) => [(await busyAddress(s, engine)).zip, s.busyVendor],
  },
  {
    fn: "lead_route_rates",
    name: "rental estimates from a city page",
    sql: "select public.lead_route_rates($1, null, false)",
    params: async (s, engine) => [(await bigCity(s, engine)).zip],
  },
  {
    fn: "lead_route",
    name: "request's route, biggest city (lead_route)",
    sql: "select count(*) from public.lead_route($1, null, false)",
    params: async (s, engine) => [(await bigCity(s, engine)).zip],
  },
  {
    fn: "vendors_near_zip",
    name: "vendors near a ZIP, 3 (vendors_near_zip)",
    sql: "select count(*) from public.vendors_near_zip($1, 3)",
    params: async (s, engine) => [(await bigCity(s, engine)).zip],
  },
  {
    fn: "vendor_miles_to_zip",
    name: "listing's miles to a ZIP (vendor_miles_to_zip)",
    sql: "select public.vendor_miles_to_zip($1, $2)",
    params: async (s, engine) => [s.busyVendor, (await bigCity(s, engine)).zip],
  },
  {
    fn: "check_job_zip",
    name: "job ZIP check (check_job_zip)",
    sql: "select public.check_job_zip($1)",
    params: async (s, engine) => [(await bigCity(s, engine)).zip],
  },
  {
    fn: "check_rental_dates",
    name: "rental dates check (check_rental_dates)",
    sql: "select public.check_rental_dates(current_date + 3, current_date + 10)",
    params: () => [],
  },

  // The renter's pages.
  {
    fn: "lead_status",
    name: "renter's status page, by link (lead_status)",
    sql: "select public.lead_status($1, null, $2)",
    params: async (s, engine) => {
      const l = await fullLead(s, engine);
      return [l.id, l.statusLinkHash];
    },
  },
  {
    fn: "review_refusal",
    name: "may the renter review (review_refusal)",
    sql: "select public.review_refusal($1, $2)",
    params: async (s, engine) => {
      const l = await fullLead(s, engine);
      return [l.id, l.vendor];
    },
  },
  {
    fn: "review_hold_reason",
    name: "review text check (review_hold_reason)",
    sql: "select public.review_hold_reason($1, null)",
    params: () => [REVIEW_BODY],
  },
  {
    fn: "renter_requests",
    name: "renter's requests, 50 (renter_requests)",
    sql: "select jsonb_array_length(public.renter_requests($1))",
    params: async (s, engine) => [await renter(s, engine)],
  },
  {
    fn: "owned_open_lead",
    name: "rental dialog's draft check (owned_open_lead)",
    sql: "select public.owned_open_lead($1, $2)",
    params: async (s, engine) => [await draft(s, engine), DRAFT_TOKEN],
  },

  // Rules other functions apply to each call's input.
  {
    fn: "unique_vendor_slug",
    name: "new listing's slug, name taken (unique_vendor_slug)",
    sql: "select public.unique_vendor_slug($1)",
    params: async (s, engine) => [(await busyAddress(s, engine)).slug],
  },
  {
    fn: "rate_card_problem",
    name: "rate card check, full card (rate_card_problem)",
    sql: "select public.rate_card_problem($1::jsonb)",
    params: () => [JSON.stringify(FULL_RATE_CARD)],
  },
  {
    fn: "distance_miles",
    name: "great-circle miles (distance_miles)",
    sql: "select public.distance_miles(29.76, -95.37, 32.78, -96.80)",
    params: () => [],
  },
  {
    fn: "is_email_address",
    name: "email address rule (is_email_address)",
    sql: "select public.is_email_address('renter.name@mail.example.com')",
    params: () => [],
  },
  {
    fn: "name_for_emails",
    name: "name for emails (name_for_emails)",
    sql: "select public.name_for_emails('Smith & Sons Equipment Rentals, L.L.C.')",
    params: () => [],
  },
  {
    fn: "normalize_website",
    name: "website as stored (normalize_website)",
    sql: "select public.normalize_website('WWW.Smith-Rentals.com/skid-steers?utm_source=x')",
    params: () => [],
  },
  {
    fn: "website_key",
    name: "website as compared (website_key)",
    sql: "select public.website_key('https://www.smith-rentals.com/')",
    params: () => [],
  },
  {
    fn: "submission_cid",
    name: "submission's id (submission_cid)",
    sql: "select public.submission_cid('https://smith-rentals.com')",
    params: () => [],
  },
  {
    fn: "slugify",
    name: "slug of a name (slugify)",
    sql: "select public.slugify('Smith & Sons Equipment Rentals, L.L.C.')",
    params: () => [],
  },
  {
    fn: "reviewer_name",
    name: "review's author name (reviewer_name)",
    sql: "select public.reviewer_name('Dana  Marie Kowalski')",
    params: () => [],
  },
];
