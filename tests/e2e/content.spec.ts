import { expect, type APIRequestContext } from "@playwright/test";
import { query } from "./helpers/db";
import { test } from "./helpers/test";

async function sitemapUrls(request: APIRequestContext): Promise<string[]> {
  const index = await (await request.get("/sitemap.xml")).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  expect(files.length).toBeGreaterThan(0);
  const urls: string[] = [];
  for (const file of files) {
    const xml = await (await request.get(file)).text();
    urls.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname));
  }
  return urls;
}

test("articles newest first, article page, and Article not found", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "the order and texts do not depend on the viewport");
  // /articles is prerendered by the build from the seed, before tests/e2e/fixtures.sql is
  // loaded, and rebuilt with the fixture's article once its 5 minutes are up: that one is left out.
  const articles = await query<{ slug: string; title: string; excerpt: string }>(
    "select slug, title, excerpt from public.articles where slug <> 'hostile-markup-check' order by published_at desc, id desc",
  );
  await page.goto("/articles");
  const titles = page.getByTestId("article-list").locator("h2").filter({ hasNotText: "Hostile Markup Check" });
  await expect(titles).toHaveText(articles.map((a) => a.title));
  await expect(page.getByText(articles[0].excerpt)).toBeVisible();
  await page.goto(`/articles/${articles[1].slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(articles[1].title);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.map((text) => JSON.parse(text)["@type"])).toContain("Article");
  await page.goto("/articles/no-such-article");
  await expect(page.getByText("Article not found")).toBeVisible();
});

test("a hostile article renders sanitized: no script, no handlers, no javascript: links", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/articles/hostile-markup-check");
  await expect(page.getByText("Safe paragraph text.")).toBeVisible();
  await expect(page.getByText("Styled paragraph.")).toBeVisible();
  const article = page.getByTestId("article-content");
  await expect(article.locator("script, iframe")).toHaveCount(0);
  await expect(article.locator("[onerror], [onclick], [style]")).toHaveCount(0);
  expect(
    await article.locator("#hostile-link, a").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? "")),
  ).not.toContainEqual(expect.stringMatching(/^javascript:/i));
  await page.getByText("Styled paragraph.").click();
  expect(await page.evaluate(() => (window as { __hostile?: unknown }).__hostile)).toBeUndefined();
  expect(errors).toEqual([]);
});

test("a vendor name with markup shows as text", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "escaping does not depend on the viewport");
  const [v] = await query<{ name: string; path: string }>(
    `select v.name, '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path from public.vendors v
     join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
     where v.slug = 'hostile-name-rentals'`,
  );
  await page.goto(v.path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(v.name);
  await expect(page.locator("main img[src='x'], main b")).toHaveCount(0);
  await page.goto(v.path.split("/").slice(0, -1).join("/"));
  await expect(page.getByText(v.name).first()).toBeVisible();
  expect(await page.evaluate(() => (window as { __hostile?: unknown }).__hostile)).toBeUndefined();
});

test("static pages and unknown paths", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "the texts and redirects do not depend on the viewport");
  for (const [path, heading, mentions] of [
    ["/about", "About Us", "vendors"],
    ["/contact", "Contact Us", "Ways to reach us"],
    ["/privacy", "Privacy Policy", "lead_owner"],
    ["/terms", "Terms & Conditions", "A rental request is not a booking"],
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByRole("main")).toContainText(mentions);
  }
  await page.goto("/this/path/does/not/exist/anywhere");
  await expect(page).toHaveURL(/\/us$/);
});

test("the sitemap index lists every country, state, city, vendor, model, article and static URL", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Sitemap: http[^\n]+\/sitemap\.xml/);
  // The console's and the price tests add and hide listings in two cities meanwhile: their listings are left out.
  const busy = (
    await query<{ city: string }>(`
    select '/us/' || state || '/' || city as city from public.vendors_submissions where site = 'https://approve-me.example'
    union all select '/us/' || s.slug || '/' || c.slug from public.vendors v join public.postcodes p on p.id = v.postcode_id
      join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id where v.slug = 'rate-card-rentals'`)
  ).map((row) => row.city);
  const settled = (path: string) => !busy.some((city) => path.startsWith(`${city}/`));
  const urls = new Set((await sitemapUrls(request)).filter(settled));
  const expected = (
    await query<{ path: string }>(
      `select '/us' as path
     union all select '/us/' || state_slug from public.states_with_vendors
     union all select '/us/' || state_slug || '/' || city_slug from public.cities_with_vendors
     union all select '/us/' || s.slug || '/' || c.slug || '/' || v.slug from public.vendors v
       join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
     union all select '/us/skidsteers/' || f.slug || '/' || m.slug from public.equipment_models m
       join public.equipment_manufacturer f on f.id = m.manufacturer_id
     union all select '/articles/' || slug from public.articles`,
    )
  ).filter(({ path }) => settled(path));
  for (const { path } of expected) expect(urls.has(path), path).toBe(true);
  for (const path of [
    "/us/skidsteers",
    "/us/skidsteers/compare",
    "/models",
    "/articles",
    "/about",
    "/contact",
    "/privacy",
    "/terms",
    "/submit",
  ]) {
    expect(urls.has(path), path).toBe(true);
  }
  expect(urls.size).toBe(expected.length + 9);
});

test("security headers on every page type", async ({ request }) => {
  const [vendor] = await query<{ path: string; model: string }>(
    `select '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path,
       (select '/us/skidsteers/' || f.slug || '/' || m.slug from public.equipment_models m join public.equipment_manufacturer f on f.id = m.manufacturer_id limit 1) as model
     from public.vendors v join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id
     join public.states s on s.id = c.state_id order by v.id limit 1`,
  );
  const city = vendor.path.split("/").slice(0, 4).join("/");
  const state = vendor.path.split("/").slice(0, 3).join("/");
  const [article] = await query<{ slug: string }>("select slug from public.articles limit 1");
  const paths = [
    "/us",
    state,
    city,
    vendor.path,
    "/us/skidsteers",
    "/us/skidsteers?view=table",
    vendor.model,
    "/us/skidsteers/compare",
    "/models",
    "/articles",
    `/articles/${article.slug}`,
    "/about",
    "/contact",
    "/privacy",
    "/terms",
    "/submit",
    "/us/search?q=zzzz",
    "/sitemap.xml",
    "/robots.txt",
    "/skidsteer_share.png",
    "/no/such/page",
  ];
  for (const path of paths) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBeLessThan(500);
    const headers = response.headers();
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"], path).not.toContain("unsafe-eval");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBeTruthy();
    expect(headers["permissions-policy"], path).toBeTruthy();
    expect(headers["strict-transport-security"], path).toContain("max-age=");
    expect(headers["x-powered-by"], path).toBeUndefined();
  }
  // The build's scripts and styles carry nosniff and no document policies, which would cost every asset a kilobyte.
  const html = await (await request.get("/about")).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);
  expect(assets.length).toBeGreaterThan(1);
  for (const asset of assets) {
    const headers = (await request.get(asset)).headers();
    expect(headers["x-content-type-options"], asset).toBe("nosniff");
    expect(headers["content-security-policy"], asset).toBeUndefined();
    expect(headers["permissions-policy"], asset).toBeUndefined();
  }
});

test("every page declares the site's icon, and /favicon.ico leads to it rather than to a page", async ({ request }) => {
  expect(await (await request.get("/about")).text()).toMatch(/<link rel="icon" href="\/icon\.svg[^"]*"[^>]*type="image\/svg\+xml"/);
  const legacy = await request.get("/favicon.ico", { maxRedirects: 0 });
  expect(legacy.status()).toBe(308);
  expect(legacy.headers().location).toBe("/icon.svg");
  const icon = await request.get("/icon.svg");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
});

test("/llms.txt describes the site in Markdown, and every page it links to answers", async ({ request }) => {
  const response = await request.get("/llms.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/markdown");
  const text = await response.text();
  expect(text).toMatch(/^# Skid Steer Rentals\n/);
  const links = [...text.matchAll(/\]\((https?:\/\/[^)]+)\)/g)].map((match) => new URL(match[1]).pathname);
  expect(links).toEqual(expect.arrayContaining(["/us", "/us/skidsteers", "/articles", "/submit"]));
  for (const path of links) expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
});

test("the site's own scripts break no rule of its Content-Security-Policy, validating forms included", async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as { cspViolations?: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const violations = () => page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations ?? []);
  await page.goto("/submit");
  await page.getByRole("button", { name: "Submit Business" }).click();
  await expect(page.getByText("Business name must be at least 2 characters")).toBeVisible();
  expect(await violations()).toEqual([]);
  await page.goto("/about");
  const menu = page.getByRole("button", { name: "Open menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("button", { name: "Book a Skid Steer" }).filter({ visible: true }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await violations()).toEqual([]);
});

/** A page's type, from its path's first segment and depth ("/us/texas/houston" is a city). */
const pageType = (url: string) => {
  const segments = new URL(url, "http://site").pathname.split("/").filter(Boolean);
  return `${segments[0] === "us" && segments[1] === "skidsteers" ? "models" : (segments[0] ?? "")}/${segments.length}`;
};

test("no two pages share a title: every page type and a random tenth of the sitemap", async ({ request }, info) => {
  test.skip(info.project.name !== "desktop", "titles do not depend on the viewport");
  test.setTimeout(240_000);
  const all = await sitemapUrls(request);
  const firstOfType = [...new Map(all.map((url) => [pageType(url), url])).values()];
  const urls = [...new Set([...firstOfType, ...all.filter(() => Math.random() < 0.1)])];
  const seen = new Map<string, string>();
  const queue = [...urls];
  const worker = async () => {
    for (let path = queue.shift(); path; path = queue.shift()) {
      const html = await (await request.get(path)).text();
      const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
      expect(title, path).not.toBe("");
      expect(seen.get(title), `${path} repeats the title of ${seen.get(title)}`).toBeUndefined();
      seen.set(title, path);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  expect(seen.size).toBe(urls.length);
});

test("analytics: page views on location changes and link clicks under navigation", async ({ page }) => {
  await page.goto("/about");
  // Links are followed client-side, and clicks reported, once the page is live: its page view is reported then.
  await page.waitForFunction(() => window.analyticsEvents?.some((event) => event.name === "pageview"));
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  const events = await page.evaluate(() => window.analyticsEvents ?? []);
  expect(events).toContainEqual({ name: "pageview", category: "page", label: "/about" });
  expect(events).toContainEqual({ name: "click", category: "navigation", label: "/privacy" });
  expect(events).toContainEqual({ name: "pageview", category: "page", label: "/privacy" });
});

test("share images: the default 1200×630 PNG, and a model's own card in its metadata", async ({ page, request }) => {
  const size = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });
  const fallback = await request.get("/skidsteer_share.png");
  expect(fallback.headers()["content-type"]).toBe("image/png");
  expect(size(await fallback.body())).toEqual({ width: 1200, height: 630 });
  await page.goto("/about");
  expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(/\/skidsteer_share\.png$/);
  const [m] = await query<{ path: string }>(
    `select '/us/skidsteers/' || f.slug || '/' || m.slug as path from public.equipment_models m
     join public.equipment_manufacturer f on f.id = m.manufacturer_id order by m.id limit 1`,
  );
  await page.goto(m.path);
  const image = new URL((await page.locator('meta[property="og:image"]').getAttribute("content"))!).pathname;
  expect(image).toBe(`${m.path}/share.png`);
  expect(await page.locator('meta[name="twitter:image"]').getAttribute("content")).toContain(image);
  const card = await request.get(image);
  expect(card.headers()["content-type"]).toBe("image/png");
  expect(size(await card.body())).toEqual({ width: 1200, height: 630 });
});
