import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { expect, type APIResponse } from "@playwright/test";
import { actionIds, callAction } from "./helpers/actions";
import { query } from "./helpers/db";
import { operatorRows, type LeadRow, type SubmissionRow } from "./helpers/operator";
import { test } from "./helpers/test";
import { requestCompletionSchema } from "@/lib/requests/schema";

// Requests as an attacker sends them, not as the pages do: one project is enough.
test.beforeEach(({}, info) => test.skip(info.project.name !== "desktop", "HTTP-level checks"));

const noFollow = { maxRedirects: 0 };

const locations = (response: APIResponse) =>
  response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "location")
    .map((header) => header.value);

/** Every file the server has cached pages in, as paths relative to the cache folder. */
function cachedPaths(): string[] {
  const root = path.join(".next", "server", "route-cache");
  return existsSync(root) ? readdirSync(root, { recursive: true }).map(String) : [];
}

test("unknown articles and models answer 404 with the spec's texts, are not cacheable and are not cached", async ({ request }) => {
  for (const [url, text] of [
    ["/articles/no-such-article-xyz", "Article not found"],
    ["/us/skidsteers/bobcat/no-such-model-xyz", "Equipment not found"],
    ["/us/skidsteers/no-such-maker-xyz/no-such-model-xyz", "Equipment not found"],
    ["/articles/%00", "Article not found"],
  ] as const) {
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await request.get(url, noFollow);
      expect(response.status(), url).toBe(404);
      expect(await response.text()).toContain(text);
      expect(response.headers()["cache-control"], url).toContain("no-store");
    }
  }
  expect((await request.get("/us/skidsteers/bobcat/no-such-model-xyz/share.png")).status()).toBe(404);
  expect(cachedPaths().filter((file) => file.includes("no-such-"))).toEqual([]);
});

test("public pages rendered per request may enter the back/forward cache; private pages and 404s may not", async ({ request }) => {
  // Chromium keeps no page answered with no-store in its back/forward cache.
  for (const url of ["/us/skidsteers", "/us/skidsteers?view=table", "/us/skidsteers/compare", "/us/search?q=Houston"]) {
    const header = (await request.get(url, noFollow)).headers()["cache-control"];
    expect(header, url).toBe("private, no-cache, max-age=0, must-revalidate");
  }
  for (const url of ["/business", "/operator/login", "/articles/no-such-article-xyz"]) {
    expect((await request.get(url, noFollow)).headers()["cache-control"], url).toContain("no-store");
  }
});

test("a vendor under another city and a model under another manufacturer move to their one address", async ({ request }) => {
  const [vendor] = await query<{ path: string; slug: string }>(`
    select '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path, v.slug
    from public.vendors v join public.postcodes p on p.id = v.postcode_id
    join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
    where c.slug <> 'dallas' order by v.id limit 1`);
  const wrongCity = await request.get(`/us/texas/dallas/${vendor.slug}`, noFollow);
  expect(wrongCity.status()).toBe(308);
  expect(locations(wrongCity)).toEqual([vendor.path]);
  expect((await request.get(vendor.path, noFollow)).status()).toBe(200);

  const [model] = await query<{ path: string; slug: string }>(`
    select '/us/skidsteers/' || m.slug || '/' || e.slug as path, e.slug
    from public.equipment_models e join public.equipment_manufacturer m on m.id = e.manufacturer_id order by e.id limit 1`);
  const wrongMaker = await request.get(`/us/skidsteers/not-the-maker/${model.slug}`, noFollow);
  expect(wrongMaker.status()).toBe(308);
  expect(locations(wrongMaker)).toEqual([model.path]);
  // Other tests may cache Dallas's own listings; the moved address must not be cached.
  expect(cachedPaths().filter((file) => file.includes("not-the-maker") || file.includes(`/dallas/${vendor.slug}.`))).toEqual([]);
});

test("the spec's redirects send one Location and leave nothing cached", async ({ request }) => {
  for (const [url, target] of [
    ["/no-such-page-xyz", "/"],
    ["/us/texas/no-such-city-xyz", "/us/texas"],
    ["/us/texas/no-such-city-xyz/some-vendor", "/us/texas"],
  ]) {
    const response = await request.get(url, noFollow);
    expect(response.status(), url).toBe(307);
    expect(locations(response), url).toEqual([target]);
  }
  expect(cachedPaths().filter((file) => file.includes("no-such-"))).toEqual([]);
});

test("pages answer 405 to other methods", async ({ request }) => {
  for (const method of ["PUT", "DELETE", "PATCH"]) {
    for (const url of ["/about", "/us/texas", "/articles"]) {
      const response = await request.fetch(url, { method, data: "x" });
      expect(response.status(), `${method} ${url}`).toBe(405);
    }
  }
  expect((await request.post("/about", { form: { name: "x" } })).status()).toBe(405);
});

test("an address with a malformed percent-encoding answers 400, not a server error", async ({ request }) => {
  for (const url of ["/%ff", "/us/%ff", "/us/texas/%E0%A4%A", "/api/%ff", "/%"]) {
    const response = await request.get(url, noFollow);
    expect(response.status(), url).toBe(400);
    expect(response.headers()["cache-control"], url).toBe("no-store");
  }
  expect((await request.get("/us/texas?q=%ff")).status()).toBe(200);
});

test("a POST that is not a page's own server action is refused with a 4xx and writes nothing", async ({ request }) => {
  const ids = actionIds();
  const marker = `Probe ${Date.now()}`;
  const business = JSON.stringify([
    {
      name: marker,
      website: "https://probe.example",
      phone: "(555) 010-1234",
      address: "1 Main St",
      state: "texas",
      city: "houston",
      zipcode: "77002",
    },
  ]);
  const attempts: Array<[string, Promise<APIResponse>]> = [
    ["action on /api", callAction(request, ids.submitBusiness, business, { path: "/api/x" })],
    ["action on /images", callAction(request, ids.submitBusiness, business, { path: "/images/x" })],
    ["action on an API route", callAction(request, ids.submitBusiness, business, { path: "/api/operator/leads" })],
    [
      "multipart",
      callAction(request, ids.submitBusiness, `--x\r\nContent-Disposition: form-data; name="1"\r\n\r\n${business}\r\n--x--`, {
        contentType: "multipart/form-data; boundary=x",
      }),
    ],
    ["JSON", callAction(request, ids.submitBusiness, business, { contentType: "application/json" })],
    ["500 KB", callAction(request, ids.submitBusiness, JSON.stringify([{ name: marker, website: "x".repeat(500_000) }]))],
    ["another origin", callAction(request, ids.submitBusiness, business, { origin: "https://attacker.example" })],
    ["no origin", callAction(request, ids.submitBusiness, business, { origin: null })],
    ["a malformed origin", callAction(request, ids.submitBusiness, business, { origin: "::::" })],
    ["a NUL byte", callAction(request, ids.submitBusiness, business.replace(marker, `${marker}\\u0000`))],
  ];
  for (const [label, pending] of attempts) {
    const status = (await pending).status();
    expect(status, label).toBeGreaterThanOrEqual(400);
    expect(status, label).toBeLessThan(500);
  }
  const submissions = await operatorRows<SubmissionRow>(request, "submissions", 5000);
  expect(submissions.filter((row) => row.name.startsWith(marker))).toEqual([]);
});

test("impossible input through a real action gets a clear message, never a database error", async ({ request }) => {
  const ids = actionIds();
  const started = await callAction(request, ids.startRequest, '[{"vendorId":null}]', { path: "/about" });
  expect(started.status()).toBe(200);
  const leadId = Number(/"leadId":(\d+)/.exec(await started.text())?.[1]);
  expect(leadId).toBeGreaterThan(0);
  const completion = (start: string, name: string) =>
    JSON.stringify([
      {
        leadId,
        skid_steer_type: "wheeled",
        rental_start_date: start,
        rental_end_date: "2099-03-05",
        name,
        phone: "(555) 010-1234",
        job_zip: "77002",
        widen: false,
        consent: { text: "I agree that the vendors may call me", page: "/about" },
      },
    ]);
  const impossibleDate = await callAction(request, ids.completeRequest, completion("2099-02-30", "Probe Impossible"));
  expect(impossibleDate.status()).toBe(200);
  const answer = await impossibleDate.text();
  // The answer is a code naming the field; the dialog words it with the same schema the action parsed with.
  expect(answer).toContain('"refusal":"lead-invalid","fields":["rental_start_date"]');
  const worded = requestCompletionSchema.safeParse(JSON.parse(completion("2099-02-30", "Probe Impossible"))[0]);
  expect(worded.error?.issues.find((issue) => issue.path[0] === "rental_start_date")?.message).toBe("Please choose a valid date");
  expect(answer).not.toMatch(/out of range|invalid input|byte sequence|violates|postgres/i);

  const nulByte = await callAction(request, ids.completeRequest, completion("2099-03-01", "Probe\u0000Nul"));
  expect(nulByte.status()).toBe(400);
  expect(await nulByte.text()).toBe("Malformed request");

  const lead = (await operatorRows<LeadRow>(request, "leads", 5000)).find((row) => row.id === leadId);
  expect(lead?.completed).toBe(false);
  expect(lead?.name ?? "").not.toContain("Probe");
});

test("the cron route runs the timed round (the outbox, overdue bookings, silent vendors, listings' responses, retention, erased photos, the charts' weeks) only for the bearer of CRON_SECRET; the health route answers when the database does", async ({
  request,
}) => {
  expect((await request.get("/api/cron/outbox")).status()).toBe(401);
  expect((await request.get("/api/cron/outbox", { headers: { Authorization: "Bearer not-the-secret" } })).status()).toBe(401);
  expect((await request.get("/api/cron/outbox", { headers: { Authorization: "e2e-cron-secret" } })).status()).toBe(401);
  const drained = await request.get("/api/cron/outbox", { headers: { Authorization: "Bearer e2e-cron-secret" } });
  expect(drained.status()).toBe(200);
  expect(await drained.json()).toEqual({
    sent: expect.any(Number),
    failed: expect.any(Number),
    released: expect.any(Number),
    passed: expect.any(Number),
    responsesCounted: expect.any(Number),
    retained: { drafts: expect.any(Number), anonymized: expect.any(Number), emptied: expect.any(Number), expired: expect.any(Number) },
    photosDeleted: expect.any(Number),
    siteWeekCalls: expect.any(Number),
    cityWeekCalls: expect.any(Number),
    listingWeekCalls: expect.any(Number),
  });
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ ok: true });
});
