/**
 * npm run bench — prints figures; never part of pass/fail tests.
 *
 * 1. JavaScript a first visit downloads, gzipped, per page type.
 * 2. HTML and flight-payload bytes per page type.
 * 3. Lighthouse (mobile preset, Debian Chromium) per page type, median of 3 runs, with its HTML and
 *    flight-payload bytes, beside a blank App Router page built with the same Next (the floor).
 * 4. Throughput (autocannon): a cached city page against /about in the same run.
 * 5. Scale: render time of the heaviest state and city pages, normal seed and 100k vendors.
 *
 * BENCH_SECONDS sets each autocannon run's length (default 30); BENCH_SKIP=payload,lighthouse,floor,throughput,scale skips parts;
 * BENCH_PAGES="country,catalogue grid" measures only the page types named.
 */
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { createMigratedMemoryDb } from "../../lib/db/pglite";
import { scaledDataDir } from "./scale.mts";
import { startFloor } from "./floor.mts";
import { clearRuntimeCaches, ensureBuild, startServer } from "./server.mts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const SKIP = new Set((process.env.BENCH_SKIP ?? "").split(",").filter(Boolean));
const SCALE_VENDORS = 100_000;

type Kind = "content" | "interactive";
const JS_BUDGET: Record<Kind, number> = { content: 150, interactive: 200 };

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => `${value.toFixed(0)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function pageTypes(): Promise<Array<{ name: string; path: string; kind: Kind }>> {
  const db = await createMigratedMemoryDb(true);
  const one = async (sql: string) => (await db.query<{ path: string }>(sql)).rows[0].path;
  const vendorJoin = `from public.vendors v join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id
    join public.states s on s.id = c.state_id`;
  const state = await one(`select '/us/' || state_slug as path from public.states_with_vendors order by vendor_count desc limit 1`);
  const city = await one(`select '/us/' || state_slug || '/' || city_slug as path from public.cities_with_vendors order by vendor_count desc limit 1`);
  const vendor = await one(`select '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path ${vendorJoin} order by v.id limit 1`);
  const models = (await db.query<{ slug: string; path: string }>(`select m.slug, '/us/skidsteers/' || f.slug || '/' || m.slug as path
    from public.equipment_models m join public.equipment_manufacturer f on f.id = m.manufacturer_id order by m.id limit 3`)).rows;
  const article = await one(`select '/articles/' || slug as path from public.articles order by published_at desc limit 1`);
  await db.close();
  return [
    { name: "country", path: "/us", kind: "content" }, { name: "state", path: state, kind: "content" },
    { name: "city", path: city, kind: "content" }, { name: "city prices", path: `${city}/prices?class=medium&days=10`, kind: "content" },
    { name: "vendor", path: vendor, kind: "content" },
    { name: "catalogue grid", path: "/us/skidsteers", kind: "interactive" },
    { name: "catalogue table", path: "/us/skidsteers?view=table", kind: "interactive" },
    { name: "model", path: models[0].path, kind: "interactive" },
    { name: "compare (3)", path: `/us/skidsteers/compare?models=${models.map((m) => m.slug).join(",")}`, kind: "interactive" },
    { name: "popular models", path: "/models", kind: "interactive" }, { name: "articles", path: "/articles", kind: "content" },
    { name: "article", path: article, kind: "content" }, { name: "about", path: "/about", kind: "content" },
    { name: "privacy", path: "/privacy", kind: "content" }, { name: "submit", path: "/submit", kind: "interactive" },
  ];
}

async function javascriptPerPage(url: string, pages: Awaited<ReturnType<typeof pageTypes>>) {
  console.log("\n# JavaScript a first visit downloads (gzipped): the page's own, and with Next's link prefetches");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
  const measure = async (path: string, prefetch: boolean) => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    // Without prefetches, the route data Next fetches ahead for links on the page is refused.
    if (!prefetch) await tab.route("**/*", (route) => (route.request().headers()["next-router-prefetch"] ? route.abort() : route.continue()));
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
    console.log(`${page.name.padEnd(16)} ${kb(own).padStart(6)} kB  (with prefetches ${kb(withPrefetch).padStart(6)} kB; ${page.kind}, target ≤ ${budget} kB: ${own / 1024 <= budget ? "met" : "MISSED"})`);
  }
  await browser.close();
}

interface Payload { html: number; htmlGzip: number; flight: number }
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
  const flight = [...html.matchAll(/<script>(self\.__next_f\.push\([\s\S]*?)<\/script>/g)].reduce((sum, m) => sum + Buffer.byteLength(m[1]), 0);
  return { html: Buffer.byteLength(html), htmlGzip: gzipSync(html).length, flight };
}

async function payloadPerPage(url: string, pages: Awaited<ReturnType<typeof pageTypes>>) {
  console.log("\n# HTML per page, and the part of it that is the RSC flight payload (target: HTML ≤ 60 kB gzipped on content pages)");
  console.log(`${"page".padEnd(16)} ${"HTML".padStart(9)} ${"gzip".padStart(9)} ${"flight".padStart(9)}`);
  for (const page of pages) {
    const bytes = await payload(`${url}${page.path}`);
    console.log(`${page.name.padEnd(16)} ${`${kb(bytes.html)} kB`.padStart(9)} ${`${kb(bytes.htmlGzip)} kB`.padStart(9)} ${`${kb(bytes.flight)} kB`.padStart(9)}`);
  }
}

const LIGHTHOUSE_RUNS = 3;

async function lighthousePerPage(url: string, pages: Awaited<ReturnType<typeof pageTypes>>, floorUrl: string | null) {
  console.log(`\n# Lighthouse, mobile preset, median of ${LIGHTHOUSE_RUNS} runs (targets: performance ≥ 0.95, accessibility 1, best practices ≥ 0.96, SEO 1, CLS ≤ 0.01, TBT ≤ 150 ms on content pages)`);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    console.log(`${"page".padEnd(16)} perf  a11y  best  seo   LCP      CLS     TBT     TBT÷floor  HTML (gzip)        flight`);
    // The floor first, so every page's TBT can be read against it.
    const FLOOR = "floor (blank)";
    const rows = [...(floorUrl ? [{ name: FLOOR, path: "", base: floorUrl }] : []), ...pages.map((page) => ({ ...page, base: url }))];
    let floorTbt: number | null = null;
    // One uncounted run first, so the first page measured does not pay for a cold browser.
    await lighthouse(`${rows[0].base}${rows[0].path}`, { port: chrome.port, output: "json", logLevel: "error" });
    for (const page of rows) {
      const base = page.base;
      const runs = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
        const result = await lighthouse(`${base}${page.path}`, { port: chrome.port, output: "json", logLevel: "error" });
        if (result) runs.push(result.lhr);
      }
      if (runs.length === 0) continue;
      const mid = <T,>(pick: (lhr: (typeof runs)[number]) => T & number) => median(runs.map(pick));
      const score = (key: string) => mid((lhr) => lhr.categories[key]?.score ?? 0).toFixed(2);
      const tbt = mid((lhr) => lhr.audits["total-blocking-time"].numericValue ?? 0);
      if (page.name === FLOOR) floorTbt = tbt;
      const bytes = await payload(`${base}${page.path}`);
      console.log(`${page.name.padEnd(16)} ${score("performance")}  ${score("accessibility")}  ${score("best-practices")}  ${score("seo")}  `
        + `${ms(mid((lhr) => lhr.audits["largest-contentful-paint"].numericValue ?? 0)).padEnd(8)} `
        + `${mid((lhr) => lhr.audits["cumulative-layout-shift"].numericValue ?? 0).toFixed(3).padEnd(7)} ${ms(tbt).padEnd(7)} `
        + `${(floorTbt ? (tbt / floorTbt).toFixed(1) : "-").padStart(9)}  ${`${kb(bytes.html)} kB (${kb(bytes.htmlGzip)} kB)`.padEnd(18)} ${kb(bytes.flight)} kB`);
      const failing = Object.values(runs[0].audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary").map((a) => a.id);
      if (failing.length) console.log(`${"".padEnd(16)} failing audits: ${failing.join(", ")}`);
    }
  } finally {
    chrome.kill();
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
    console.log(`${path.padEnd(24)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  `
      + `errors ${result.errors}  timeouts ${result.timeouts}  non-2xx ${result.non2xx}`);
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
    console.log(`${label.padEnd(16)} ${kind.padEnd(6)} first render (median of the ${paths.length} heaviest): ${ms(median(cold))}, `
      + `heaviest ${ms(cold[0])}; cached: ${ms(median(warm))}`);
  };
  await report("state", db.states);
  await report("city", db.cities);
}

async function heaviest(dataDir: string | null) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = dataDir ? await PGlite.create({ dataDir, extensions: { pg_trgm } }) : await createMigratedMemoryDb(true);
  const states = (await db.query<{ path: string }>(`select '/us/' || s.slug as path from public.vendors v join public.postcodes p on p.id = v.postcode_id
    join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id group by s.slug order by count(*) desc limit 5`)).rows.map((r) => r.path);
  const cities = (await db.query<{ path: string }>(`select '/us/' || state_slug || '/' || city_slug as path from public.cities_with_vendors
    order by vendor_count desc limit 5`)).rows.map((r) => r.path);
  const [{ n }] = (await db.query<{ n: number }>("select count(*)::int as n from public.vendors")).rows;
  await db.close();
  return { states, cities, vendors: n };
}

async function scale() {
  console.log(`\n# Scale: render time of the heaviest state and city pages (the first render reads the database)`);
  const normal = await heaviest(null);
  clearRuntimeCaches();
  let server = await startServer({ port: 3392 });
  await renderTimes(`${normal.vendors} vendors`, server.url, normal);
  await server.stop();
  const started = performance.now();
  const dataDir = await scaledDataDir(SCALE_VENDORS);
  console.log(`(seeded ${SCALE_VENDORS} vendors in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  const big = await heaviest(dataDir);
  clearRuntimeCaches();
  server = await startServer({ port: 3393, dataDir });
  await renderTimes(`${big.vendors} vendors`, server.url, big);
  await server.stop();
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
} finally {
  await server.stop();
}
if (!SKIP.has("scale")) await scale();
clearRuntimeCaches();
process.exit(0);
