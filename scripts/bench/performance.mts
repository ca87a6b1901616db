/**
 * npm run bench — prints figures; never part of pass/fail tests.
 *
 * 1. JavaScript a first visit downloads, gzipped, per page type.
 * 2. HTML and flight-payload bytes per page type.
 * 3. Lighthouse first visits (mobile preset, Debian Chromium, a new browser and profile per run) per
 *    page type, median of 3 rounds, beside a blank App Router page built with the same Next (the floor)
 *    and measured at the start and again at the end of every round; the second is judged like a page.
 *    Each run also prints the scripts its simulated LCP waited for (lcp-scripts.mts).
 * 4. Throughput (autocannon): a cached city page against /about in the same run.
 * 5. Interactions: INP of each interaction on a phone with the CPU slowed 4× (interactions.mts).
 * 6. Scale: render time of the heaviest state and city pages, normal seed and 100k vendors.
 *
 * BENCH_SECONDS sets each autocannon run's length (default 30);
 * BENCH_SKIP=payload,lighthouse,floor,throughput,interactions,scale skips parts;
 * BENCH_PAGES="country,catalogue grid" measures only the page types named.
 */
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { createMigratedMemoryDb } from "../../lib/db/pglite";
import { scriptBytesBeforePaint } from "./lcp-scripts.mts";
import { scaledDataDir } from "./scale.mts";
import { startFloor } from "./floor.mts";
import { interactionTimes } from "./interactions.mts";
import { actionIds, callAction, clearRuntimeCaches, dialogCompletion, ensureBuild, startServer } from "./server.mts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const SKIP = new Set((process.env.BENCH_SKIP ?? "").split(",").filter(Boolean));
const SCALE_VENDORS = 100_000;

type Kind = "content" | "interactive";
const JS_BUDGET: Record<Kind, number> = { content: 145, interactive: 185 };

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => `${value.toFixed(0)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function pageTypes(): Promise<Array<{ name: string; path: string; kind: Kind }>> {
  const db = await createMigratedMemoryDb(true);
  const one = async (sql: string) => (await db.query<{ path: string }>(sql)).rows[0].path;
  const vendorJoin = `from public.vendors v join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id
    join public.states s on s.id = c.state_id`;
  const state = await one(`select '/us/' || state_slug as path from public.states_with_vendors order by vendor_count desc limit 1`);
  const city = await one(
    `select '/us/' || state_slug || '/' || city_slug as path from public.cities_with_vendors order by vendor_count desc limit 1`,
  );
  const vendor = await one(`select '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path ${vendorJoin} order by v.id limit 1`);
  const models = (
    await db.query<{ slug: string; path: string }>(`select m.slug, '/us/skidsteers/' || f.slug || '/' || m.slug as path
    from public.equipment_models m join public.equipment_manufacturer f on f.id = m.manufacturer_id order by m.id limit 3`)
  ).rows;
  const article = await one(`select '/articles/' || slug as path from public.articles order by published_at desc limit 1`);
  await db.close();
  return [
    { name: "country", path: "/us", kind: "content" },
    { name: "state", path: state, kind: "content" },
    { name: "city", path: city, kind: "content" },
    { name: "city prices", path: `${city}/prices?class=medium&days=10`, kind: "content" },
    { name: "vendor", path: vendor, kind: "content" },
    { name: "catalogue grid", path: "/us/skidsteers", kind: "interactive" },
    { name: "catalogue table", path: "/us/skidsteers?view=table", kind: "interactive" },
    { name: "model", path: models[0].path, kind: "interactive" },
    { name: "compare (3)", path: `/us/skidsteers/compare?models=${models.map((m) => m.slug).join(",")}`, kind: "interactive" },
    { name: "popular models", path: "/models", kind: "interactive" },
    { name: "articles", path: "/articles", kind: "content" },
    { name: "article", path: article, kind: "content" },
    { name: "about", path: "/about", kind: "content" },
    { name: "privacy", path: "/privacy", kind: "content" },
    { name: "submit", path: "/submit", kind: "interactive" },
  ];
}

async function javascriptPerPage(url: string, pages: Awaited<ReturnType<typeof pageTypes>>) {
  console.log("\n# JavaScript a first visit downloads (gzipped): the page's own, and with Next's link prefetches");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  const measure = async (path: string, prefetch: boolean) => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    // Without prefetches, the route data Next fetches ahead for links on the page is refused.
    if (!prefetch)
      await tab.route("**/*", (route) => (route.request().headers()["next-router-prefetch"] ? route.abort() : route.continue()));
    const bodies: Array<Promise<Buffer>> = [];
    tab.on("response", (response) => {
      if (response.request().resourceType() === "script") bodies.push(response.body().catch(() => Buffer.alloc(0)));
    });
    await tab.goto(`${url}${path}`, { waitUntil: "networkidle" });
    const gzipped = (await Promise.all(bodies)).reduce((sum, body) => sum + gzipSync(body).length, 0);
    await context.close();
    return gzipped;
  };
  for (const page of pages) {
    const own = await measure(page.path, false);
    const withPrefetch = await measure(page.path, true);
    const budget = JS_BUDGET[page.kind];
    console.log(
      `${page.name.padEnd(16)} ${kb(own).padStart(6)} kB  (with prefetches ${kb(withPrefetch).padStart(6)} kB; ${page.kind}, target ≤ ${budget} kB: ${own / 1024 <= budget ? "met" : "MISSED"})`,
    );
  }
  await browser.close();
}

interface Payload {
  html: number;
  htmlGzip: number;
  flight: number;
}
const payloads = new Map<string, Promise<Payload>>();

/**
 * The HTML a page sends, and the part of it that is the RSC flight payload (`self.__next_f` scripts).
 * Measured once per address: the payload section and the Lighthouse table print the same figures.
 */
function payload(url: string): Promise<Payload> {
  if (!payloads.has(url)) payloads.set(url, measurePayload(url));
  return payloads.get(url)!;
}

async function measurePayload(url: string): Promise<Payload> {
  const html = await (await fetch(url)).text();
  const flight = [...html.matchAll(/<script>(self\.__next_f\.push\([\s\S]*?)<\/script>/g)].reduce(
    (sum, m) => sum + Buffer.byteLength(m[1]),
    0,
  );
  return { html: Buffer.byteLength(html), htmlGzip: gzipSync(html).length, flight };
}

async function payloadPerPage(url: string, pages: Awaited<ReturnType<typeof pageTypes>>) {
  console.log("\n# HTML per page, and the part of it that is the RSC flight payload (target: HTML ≤ 60 kB gzipped on content pages)");
  console.log(`${"page".padEnd(16)} ${"HTML".padStart(9)} ${"gzip".padStart(9)} ${"flight".padStart(9)}`);
  for (const page of pages) {
    const bytes = await payload(`${url}${page.path}`);
    console.log(
      `${page.name.padEnd(16)} ${`${kb(bytes.html)} kB`.padStart(9)} ${`${kb(bytes.htmlGzip)} kB`.padStart(9)} ${`${kb(bytes.flight)} kB`.padStart(9)}`,
    );
  }
}

const LIGHTHOUSE_RUNS = 3;
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
interface Visit {
  lhr: Lhr;
  scriptsBeforePaint: number | null;
}

/**
 * One first visit: a new Chromium with a new profile (chrome-launcher makes a temporary one
 * per launch), as PageSpeed Insights measures, with no warm-up. The browser then goes.
 */
async function firstVisit(address: string): Promise<Visit | null> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const result = await lighthouse(address, { port: chrome.port, output: "json", logLevel: "error" });
    return result ? { lhr: result.lhr, scriptsBeforePaint: await scriptBytesBeforePaint(result) } : null;
  } finally {
    chrome.kill();
  }
}

/** The scripts and the requests a visit made before Lighthouse saw the page idle. */
function downloads(lhr: Lhr): { js: number; requests: number } {
  const items =
    (lhr.audits["network-requests"]?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined)?.items ??
    [];
  return {
    js: items.filter((item) => item.resourceType === "Script").reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    requests: items.length,
  };
}

async function lighthousePerPage(url: string, pages: Awaited<ReturnType<typeof pageTypes>>, floorUrl: string | null) {
  console.log(
    `\n# Lighthouse first visits (mobile preset): a new browser and profile per run, no warm-up; ` +
      `${LIGHTHOUSE_RUNS} rounds, each measuring the floor, every page, then the floor again, so drift hits both; medians`,
  );
  console.log(
    "targets: TBT ≤ 1.2× the floor's, performance ≥ the floor's − 0.02, LCP ≤ 2.0 s, accessibility 1, best practices ≥ 0.96, SEO 1, " +
      `CLS ≤ 0.01, JavaScript ≤ ${JS_BUDGET.content} kB (content) / ${JS_BUDGET.interactive} kB (interactive)`,
  );
  const FLOOR = "floor (blank)";
  // The floor measured again at the end of each round is judged like a page: what it misses is
  // the measurement's own spread, the margin within which a page's miss says nothing.
  const FLOOR_AGAIN = "floor (again)";
  const floorRow = (name: string) => (floorUrl ? [{ name, path: "", base: floorUrl, kind: "content" as Kind }] : []);
  const rows = [...floorRow(FLOOR), ...pages.map((page) => ({ ...page, base: url })), ...floorRow(FLOOR_AGAIN)];
  const runs = new Map<string, Visit[]>(rows.map((row) => [row.name, []]));
  for (let round = 1; round <= LIGHTHOUSE_RUNS; round++) {
    const indices: number[] = [];
    for (const row of rows) {
      const visit = await firstVisit(`${row.base}${row.path}`);
      if (!visit) continue;
      runs.get(row.name)!.push(visit);
      indices.push(visit.lhr.environment.benchmarkIndex);
    }
    console.log(`round ${round}: benchmarkIndex per run ${indices.map((index) => index.toFixed(0)).join(" ")}`);
  }
  const summary = (name: string) => {
    const visits = runs.get(name) ?? [];
    if (visits.length === 0) return null;
    const list = visits.map((visit) => visit.lhr);
    const mid = (pick: (lhr: Lhr) => number) => median(list.map(pick));
    return {
      perf: mid((lhr) => lhr.categories.performance?.score ?? 0),
      a11y: mid((lhr) => lhr.categories.accessibility?.score ?? 0),
      best: mid((lhr) => lhr.categories["best-practices"]?.score ?? 0),
      seo: mid((lhr) => lhr.categories.seo?.score ?? 0),
      lcp: mid((lhr) => lhr.audits["largest-contentful-paint"].numericValue ?? 0),
      cls: mid((lhr) => lhr.audits["cumulative-layout-shift"].numericValue ?? 0),
      tbt: mid((lhr) => lhr.audits["total-blocking-time"].numericValue ?? 0),
      js: mid((lhr) => downloads(lhr).js),
      requests: mid((lhr) => downloads(lhr).requests),
      // Each run's figures in round order: a median of 3 hides whether the runs agree.
      runs:
        `LCP ${list.map((lhr) => (lhr.audits["largest-contentful-paint"].numericValue ?? 0).toFixed(0)).join(" ")} ms, ` +
        `TBT ${list.map((lhr) => (lhr.audits["total-blocking-time"].numericValue ?? 0).toFixed(0)).join(" ")} ms, ` +
        `scripts the LCP waited for ${visits.map((visit) => (visit.scriptsBeforePaint === null ? "?" : kb(visit.scriptsBeforePaint))).join(" ")} kB`,
      failing: Object.values(list[0].audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
        .map((a) => a.id),
    };
  };
  const floor = floorUrl ? summary(FLOOR) : null;
  console.log(
    `${"page".padEnd(16)} perf (floor)   a11y  best  seo   LCP (floor)        CLS    TBT (floor)        TBT÷floor  JS until idle  requests  missed targets`,
  );
  for (const row of rows) {
    const m = summary(row.name);
    if (!m) continue;
    const missed = [
      floor && m.tbt > 1.2 * floor.tbt && "TBT",
      floor && m.perf < floor.perf - 0.02 && "performance",
      m.lcp > 2000 && "LCP",
      m.a11y < 1 && "accessibility",
      m.best < 0.96 && "best practices",
      m.seo < 1 && "SEO",
      m.cls > 0.01 && "CLS",
      m.js / 1024 > JS_BUDGET[row.kind] && "JavaScript",
    ].filter(Boolean);
    console.log(
      `${row.name.padEnd(16)} ${`${m.perf.toFixed(2)} (${floor?.perf.toFixed(2) ?? "-"})`.padEnd(14)} ${m.a11y.toFixed(2)}  ${m.best.toFixed(2)}  ${m.seo.toFixed(2)}  ` +
        `${`${ms(m.lcp)} (${floor ? ms(floor.lcp) : "-"})`.padEnd(18)} ${m.cls.toFixed(3).padEnd(6)} ${`${ms(m.tbt)} (${floor ? ms(floor.tbt) : "-"})`.padEnd(18)} ` +
        `${(floor && floor.tbt > 0 ? (m.tbt / floor.tbt).toFixed(2) : "-").padStart(9)}  ${`${kb(m.js)} kB`.padStart(13)}  ${String(m.requests).padStart(8)}  ` +
        `${row.name === FLOOR ? "" : missed.join(", ") || "none"}`,
    );
    console.log(`${"".padEnd(16)} runs: ${m.runs}${m.failing.length ? `; failing audits: ${m.failing.join(", ")}` : ""}`);
  }
}

async function throughput(url: string, cityPath: string) {
  console.log(`\n# Throughput: a cached city page against /about, 50 connections, ${SECONDS} s each`);
  const run = (path: string) => autocannon({ url: `${url}${path}`, connections: 50, duration: SECONDS });
  for (const path of [cityPath, "/about"]) await fetch(`${url}${path}`);
  const results: Record<string, autocannon.Result> = {};
  for (const path of ["/about", cityPath]) {
    const result = await run(path);
    results[path] = result;
    console.log(
      `${path.padEnd(24)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
        `errors ${result.errors}  timeouts ${result.timeouts}  non-2xx ${result.non2xx}`,
    );
  }
  const ratio = results[cityPath].requests.average / results["/about"].requests.average;
  console.log(`ratio city ÷ /about: ${ratio.toFixed(2)} (target ≥ 0.8 with zero errors)`);
}

async function renderTimes(label: string, url: string, db: { states: string[]; cities: string[] }) {
  const time = async (path: string) => {
    const started = performance.now();
    const response = await fetch(`${url}${path}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return performance.now() - started;
  };
  const report = async (kind: string, paths: string[]) => {
    const cold: number[] = [];
    for (const path of paths) cold.push(await time(path));
    const warm: number[] = [];
    for (let i = 0; i < 20; i++) warm.push(await time(paths[0]));
    console.log(
      `${label.padEnd(16)} ${kind.padEnd(6)} first render (median of the ${paths.length} heaviest): ${ms(median(cold))}, ` +
        `heaviest ${ms(cold[0])}; cached: ${ms(median(warm))}`,
    );
  };
  await report("state", db.states);
  await report("city", db.cities);
}

/**
 * The heaviest pages, and the time to route a lead for `routingZip`: by default the first ZIP
 * of the city with the most ZIP codes, where 100,000 vendors (spread over every ZIP) crowd most.
 */
async function heaviest(dataDir: string | null, routingZip?: string) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = dataDir ? await PGlite.create({ dataDir, extensions: { pg_trgm } }) : await createMigratedMemoryDb(true);
  const states = (
    await db.query<{ path: string }>(`select '/us/' || s.slug as path from public.vendors v join public.postcodes p on p.id = v.postcode_id
    join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id group by s.slug order by count(*) desc limit 5`)
  ).rows.map((r) => r.path);
  const cities = (
    await db.query<{ path: string }>(`select '/us/' || state_slug || '/' || city_slug as path from public.cities_with_vendors
    order by vendor_count desc limit 5`)
  ).rows.map((r) => r.path);
  const [{ n }] = (await db.query<{ n: number }>("select count(*)::int as n from public.vendors")).rows;
  // Routing a lead: the query the completion runs, timed in the database.
  const zip =
    routingZip ??
    (
      await db.query<{ zip: string }>(`select min(p.code) as zip from public.postcodes p
    where p.city_id = (select city_id from public.postcodes group by city_id order by count(*) desc, city_id limit 1)`)
    ).rows[0].zip;
  const routing: number[] = [];
  for (let i = 0; i < 21; i++) {
    const started = performance.now();
    await db.query("select * from public.vendors_near_zip($1, 3)", [zip]);
    routing.push(performance.now() - started);
  }
  await db.close();
  return { states, cities, vendors: n, zip, routing: median(routing) };
}

/** A lead started, estimated and completed through the site's actions (three requests), as the dialog sends it, median of 21, one after another. */
async function completionTime(url: string, zip: string): Promise<number> {
  const ids = actionIds();
  const times: number[] = [];
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < 21; i++) {
    const headers = { "X-Forwarded-For": `198.18.${Math.floor(i / 200)}.${i % 200}` };
    const started = performance.now();
    const start = await callAction(url, ids.startRequest, JSON.stringify([{ vendorId: null }]), headers);
    const leadId = (start.result as { data?: { leadId?: number } } | null)?.data?.leadId;
    const body = await dialogCompletion(
      url,
      ids,
      {
        leadId: leadId ?? 0,
        vendorId: null,
        widen: false,
        skid_steer_type: "wheeled",
        rental_start_date: day(5),
        rental_end_date: day(8),
        job_zip: zip,
        name: `Scale Renter ${i}`,
        phone: "(555) 010-4545",
      },
      headers,
    );
    const done = await callAction(url, ids.completeRequest, body, { ...headers, Cookie: start.cookie ?? "" });
    if ((done.result as { ok?: boolean } | null)?.ok !== true)
      throw new Error(`completing a lead failed: ${done.status} ${done.text.slice(0, 200)}`);
    times.push(performance.now() - started);
  }
  return median(times);
}

/** One database's server: its heaviest pages' render times, then the median time to complete a lead. */
async function serverTimes(port: number, dataDir: string | undefined, db: Awaited<ReturnType<typeof heaviest>>): Promise<number> {
  clearRuntimeCaches();
  const server = await startServer({ port, dataDir });
  try {
    await renderTimes(`${db.vendors} vendors`, server.url, db);
    return await completionTime(server.url, db.zip);
  } finally {
    await server.stop();
  }
}

async function scale() {
  console.log(
    `\n# Scale: render time of the heaviest state and city pages (the first render reads the database), routing and completing a lead`,
  );
  const normal = await heaviest(null);
  const normalCompletion = await serverTimes(3392, undefined, normal);
  const started = performance.now();
  const dataDir = await scaledDataDir(SCALE_VENDORS);
  console.log(`(seeded ${SCALE_VENDORS} vendors in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  const big = await heaviest(dataDir, normal.zip);
  const bigCompletion = await serverTimes(3393, dataDir, big);
  for (const [run, completion] of [
    [normal, normalCompletion],
    [big, bigCompletion],
  ] as const) {
    console.log(
      `${`${run.vendors} vendors`.padEnd(16)} routing a lead (vendors_near_zip for ${run.zip}): ${ms(run.routing)}; ` +
        `completing a lead (start and complete): ${ms(completion)}`,
    );
  }
  console.log(
    `ratio ${big.vendors} ÷ ${normal.vendors} vendors: routing ${(big.routing / normal.routing).toFixed(2)}, completing ${(bigCompletion / normalCompletion).toFixed(2)} (target ≤ 2)`,
  );
}

ensureBuild();
clearRuntimeCaches();
const ONLY = new Set((process.env.BENCH_PAGES ?? "").split(",").filter(Boolean));
const allPages = await pageTypes();
const pages = allPages.filter((page) => ONLY.size === 0 || ONLY.has(page.name));
const unknown = [...ONLY].filter((name) => !allPages.some((page) => page.name === name));
if (unknown.length) {
  console.error(`BENCH_PAGES names no page type: ${unknown.join(", ")} (page types: ${allPages.map((page) => page.name).join(", ")})`);
  process.exit(2);
}
const server = await startServer({ port: 3391 });
try {
  for (const page of pages) await fetch(`${server.url}${page.path}`);
  await javascriptPerPage(server.url, pages);
  if (!SKIP.has("payload")) await payloadPerPage(server.url, pages);
  if (!SKIP.has("lighthouse")) {
    const floor = SKIP.has("floor") ? null : await startFloor(3394);
    try {
      await lighthousePerPage(server.url, pages, floor?.url ?? null);
    } finally {
      await floor?.stop();
    }
  }
  if (!SKIP.has("throughput")) await throughput(server.url, allPages.find((p) => p.name === "city")!.path);
  if (!SKIP.has("interactions")) {
    const path = (name: string) => allPages.find((p) => p.name === name)!.path;
    await interactionTimes(server.url, { vendor: path("vendor"), state: path("state") });
  }
} finally {
  await server.stop();
}
if (!SKIP.has("scale")) await scale();
clearRuntimeCaches();
process.exit(0);
