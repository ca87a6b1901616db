import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request as forward, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { createClient } from "@supabase/supabase-js";
import { startSmtpServer, type TestSmtpServer } from "../unit/helpers/smtp";
import { actionIds, callAction, dialogCompletion } from "./helpers/actions";
import { query } from "./helpers/db";
import { chooseDates } from "./helpers/rental-dialog";
import { logIn, type LeadRow } from "./helpers/operator";
import { answers, startProcess, type Started } from "./helpers/processes";
import { copyTestDatabase } from "./helpers/test-database";
import { clientAddress, test } from "./helpers/test";

// Several instances of the built site, as operators run them: one shared database (the
// embedded one served by `npm run db:serve`, as hosted Supabase would be), Debian's
// redis-server for the shared page cache, two instances behind a load balancer that
// sends page loads to A and form posts to B, and an SMTP server standing in for the
// vendors' inboxes. One set of servers for the run: desktop only, one test after another.
test.describe.configure({ mode: "serial" });
test.beforeEach(({}, info) => test.skip(info.project.name !== "desktop", "one set of servers for the run"));

const PORTS = { redis: 3236, db: 3237, a: 3238, b: 3239, balancer: 3240, smtp: 3241, c: 3242, slowSmtp: 3243 };
const url = (port: number) => `http://127.0.0.1:${port}`;
const [A, B, BALANCER] = [url(PORTS.a), url(PORTS.b), url(PORTS.balancer)];
const KEYS = { anon: "instances-test-anon-key-0123456789", service: "instances-test-service-key-0123456789" };
const OPERATOR_TOKEN = "instances-operator-token";

let folder: string;
let redis: Started | undefined;
let database: Started | undefined;
const instances: Record<"a" | "b", Started | undefined> = { a: undefined, b: undefined };
let balancer: Server | undefined;
let smtp: TestSmtpServer | undefined;
const balanced = { a: 0, b: 0 };

const startRedis = () =>
  startProcess(
    "/usr/bin/redis-server",
    ["--port", String(PORTS.redis), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {},
    (output) => output.includes("Ready to accept connections"),
  );

function instanceEnv(port: number, smtpPort: number, extra: Record<string, string> = {}) {
  return {
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    PROXY_HOPS: "1",
    INSECURE_COOKIES: "1",
    NEXT_PUBLIC_SUPABASE_URL: url(PORTS.db),
    NEXT_PUBLIC_SUPABASE_ANON_KEY: KEYS.anon,
    SUPABASE_SERVICE_ROLE_KEY: KEYS.service,
    REDIS_URL: `redis://127.0.0.1:${PORTS.redis}`,
    ALLOWED_ORIGINS: [A, B, BALANCER, url(PORTS.c)].join(","),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "Skid Steer Rentals <requests@skidsteer.example>",
    OUTBOX_INTERVAL_SECONDS: "1",
    OPERATOR_TOKEN,
    ...extra,
  };
}

const startInstance = (port: number, smtpPort: number, extra: Record<string, string> = {}) =>
  startProcess(process.execPath, ["scripts/start.mjs"], instanceEnv(port, smtpPort, extra), answers(`${url(port)}/api/health`));

/** Page loads go to A, everything else (server actions, form posts) to B. */
function startBalancer(): Promise<Server> {
  const server = createServer((req, res) => {
    const target = req.method === "GET" || req.method === "HEAD" ? "a" : "b";
    balanced[target]++;
    const upstream = forward(
      { host: "127.0.0.1", port: PORTS[target], method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(PORTS.balancer, "127.0.0.1", () => resolve(server)));
}

test.beforeAll(async ({}, info) => {
  if (info.project.name !== "desktop") return;
  test.setTimeout(360_000);
  folder = mkdtempSync(path.join(tmpdir(), "instances-"));
  await copyTestDatabase(path.join(folder, "db"));
  [redis, database, smtp] = await Promise.all([
    startRedis(),
    startProcess(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/db-serve.ts"],
      {
        DB_PORT: String(PORTS.db),
        PGLITE_DATA_DIR: path.join(folder, "db"),
        NEXT_PUBLIC_SUPABASE_ANON_KEY: KEYS.anon,
        SUPABASE_SERVICE_ROLE_KEY: KEYS.service,
      },
      (output) => output.includes("Embedded database served"),
    ),
    startSmtpServer(PORTS.smtp),
  ]);
  [instances.a, instances.b] = await Promise.all([startInstance(PORTS.a, PORTS.smtp), startInstance(PORTS.b, PORTS.smtp)]);
  balancer = await startBalancer();
});

test.afterAll(async () => {
  balancer?.close();
  await Promise.all([instances.a?.stop(), instances.b?.stop()]);
  await database?.stop();
  await redis?.stop();
  await smtp?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const text = async (address: string) => (await fetch(address)).text();

test("a console edit, an approval and a hide made through A are served by B at once, not after the pages' 5-minute revalidation", async ({
  browser,
}) => {
  const [vendor] = await query<{ path: string; city: string; zip: string }>(`
    select '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path, '/us/' || s.slug || '/' || c.slug as city, p.code as zip
    from public.vendors v join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id
    join public.states s on s.id = c.state_id where v.slug = 'console-edit-rentals'`);
  // Both instances have the pages cached before the changes.
  for (const base of [A, B]) {
    expect(await text(`${base}${vendor.path}`)).toContain("(555) 010-3001");
    expect(await text(`${base}${vendor.city}`)).toContain("Console Hide Rentals");
  }
  const page = await (await browser.newContext({ baseURL: A })).newPage();
  await logIn(page);
  // B renders the page again on its next request (which may take a few seconds on a busy machine);
  // without the shared tag times it would serve its cached copy for 5 minutes.
  // A console action through A answers with a page A renders after the change, which on a busy
  // machine (two instances, Redis and the database on two cores) may take more than 5 seconds.
  const notice = (text: string) => expect(page.getByTestId("notice")).toContainText(text, { timeout: 20_000 });
  const seenOnB = (address: string, check: (html: string) => boolean) =>
    expect.poll(async () => check(await text(`${B}${address}`)), { timeout: 10_000, intervals: [50] }).toBe(true);

  await page.goto("/operator/vendors?q=console-edit.example");
  await page.getByTestId("vendors-table").getByRole("link", { name: "Console Edit Rentals" }).click();
  await page.getByLabel("Phone").fill("(555) 010-3999");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await notice("Saved");
  await seenOnB(vendor.path, (html) => html.includes("(555) 010-3999"));

  await page.goto("/operator/submissions");
  await page.getByTestId("submission").filter({ hasText: "Approve Me Skid Steers" }).getByRole("button", { name: "Approve" }).click();
  await notice("Approved");
  await seenOnB(vendor.city, (html) => html.includes("Approve Me Skid Steers"));

  await page.goto("/operator/vendors?q=Console%20Hide");
  await page.getByTestId("vendors-table").getByRole("link", { name: "Console Hide Rentals" }).click();
  await page.getByRole("button", { name: "Hide listing" }).click();
  await notice("Hidden");
  await seenOnB(vendor.city, (html) => !html.includes("Console Hide Rentals"));
  // Built once, they share their actions' key; each says once that separate builds would need one.
  for (const instance of [instances.a!, instances.b!]) {
    expect(instance.output.filter((line) => line.includes("NEXT_SERVER_ACTIONS_ENCRYPTION_KEY is not set"))).toHaveLength(1);
  }
});

test("a page served by A sends its form to B: a rental request through the load balancer", async ({ browser }) => {
  const [vendor] = await query<{ path: string }>(`
    select '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path from public.vendors v join public.postcodes p on p.id = v.postcode_id
    join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id order by v.id limit 1`);
  const page = await (
    await browser.newContext({ baseURL: BALANCER, extraHTTPHeaders: { "X-Forwarded-For": clientAddress("renter") } })
  ).newPage();
  const before = { ...balanced };
  await page.goto(vendor.path);
  await page.getByRole("main").getByRole("button", { name: "Book a Skid Steer" }).click();
  const dialog = page.getByTestId("rental-dialog");
  await dialog.getByRole("button", { name: "Tracked Skid Steer" }).click();
  await chooseDates(dialog);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await dialog.getByLabel("Name").fill("Two Instances");
  await dialog.getByLabel("Phone Number").fill("(555) 010-8080");
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Thanks! The vendor will contact you shortly about your rental request.")).toBeVisible();
  expect(balanced.a).toBeGreaterThan(before.a);
  expect(balanced.b - before.b).toBeGreaterThanOrEqual(2);
});

test("with Redis stopped and started again, both instances keep serving (no 5xx) and each logs the outage once", async () => {
  const paths = (
    await query<{ path: string }>(`
    select '/us/' || state_slug || '/' || city_slug as path from public.cities_with_vendors order by vendor_count desc limit 6`)
  ).map((row) => row.path);
  const statuses: number[] = [];
  let running = true;
  const load = (async () => {
    for (let i = 0; running; i++) {
      const responses = await Promise.all([A, B].map((base) => fetch(`${base}${paths[i % paths.length]}`).catch(() => null)));
      statuses.push(...responses.map((response) => response?.status ?? 0));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  // What each instance says from here on (a busy machine may have logged a slow first connection at start).
  const [fromA, fromB] = [instances.a!.output.length, instances.b!.output.length];
  const since = (instance: Started, from: number) => instance.output.slice(from);
  await redis!.stop();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  redis = await startRedis();
  await expect.poll(() => since(instances.a!, fromA).some((line) => line.includes("Redis is back")), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => since(instances.b!, fromB).some((line) => line.includes("Redis is back")), { timeout: 15_000 }).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  running = false;
  await load;
  console.log(`${statuses.length} page requests while Redis went down and came back`);
  expect(statuses.length).toBeGreaterThan(20);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  for (const [instance, from] of [
    [instances.a!, fromA],
    [instances.b!, fromB],
  ] as const) {
    expect(since(instance, from).filter((line) => line.includes("cannot be reached"))).toHaveLength(1);
  }
});

test("200 rental requests started and completed across both instances send 200 emails, each once", async () => {
  test.setTimeout(360_000);
  const vendors = await query<{ id: number }>("select id from public.vendors where email is not null order by id limit 10");
  const ids = actionIds();
  const clients: APIRequestContext[] = [];
  const runs = vendors.map(async (vendor, worker) => {
    const client = await playwrightRequest.newContext({ extraHTTPHeaders: { "X-Forwarded-For": clientAddress(`renter ${worker}`) } });
    clients.push(client);
    for (let n = 0; n < 20; n++) {
      const [first, second] = n % 2 === 0 ? [A, B] : [B, A];
      const started = await callAction(client, ids.startRequest, JSON.stringify([{ vendorId: vendor.id }]), {
        path: `${first}/about`,
        origin: first,
      });
      const leadId = Number(/"leadId":(\d+)/.exec(await started.text())?.[1]);
      expect(leadId, await started.text()).toBeGreaterThan(0);
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const onSecond = { path: `${second}/about`, origin: second };
      const completed = await callAction(
        client,
        ids.completeRequest,
        await dialogCompletion(
          client,
          ids.estimateRequest,
          {
            leadId,
            vendorId: vendor.id,
            widen: false,
            skid_steer_type: "wheeled",
            rental_start_date: day(5),
            rental_end_date: day(8),
            job_zip: "77002",
            name: `Load Test ${worker * 20 + n}`,
            phone: "(555) 010-9090",
          },
          onSecond,
        ),
        onSecond,
      );
      expect(await completed.text()).toContain('"recipients":1');
    }
  });
  await Promise.all(runs);
  await Promise.all(clients.map((client) => client.dispose()));
  const loadMails = () => smtp!.received.map((mail) => /Load Test (\d+)/.exec(mail.text ?? "")?.[1]).filter(Boolean);
  await expect.poll(() => loadMails().length, { timeout: 90_000 }).toBeGreaterThanOrEqual(200);
  // Both instances' timers keep draining: nothing more may arrive.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(loadMails()).toHaveLength(200);
  expect(new Set(loadMails()).size).toBe(200);
  const leads = (await (
    await fetch(`${A}/api/operator/leads?limit=300`, { headers: { Authorization: `Bearer ${OPERATOR_TOKEN}` } })
  ).json()) as LeadRow[];
  const load = leads.filter((lead) => lead.name.startsWith("Load Test "));
  expect(load).toHaveLength(200);
  expect(load.flatMap((lead) => lead.messages.map((message) => message.status))).toEqual(Array(200).fill("sent"));
});

test("SIGTERM during a request's completion: the answer goes out, its email is sent once, then the instance exits", async () => {
  test.setTimeout(240_000);
  // A third instance with no outbox timer and a slow inbox: the completion's own drain sends
  // through it, unless A's or B's timer (they drain the same database) claims the message first.
  const slowInbox = await startSmtpServer(PORTS.slowSmtp, { delayMs: 1500 });
  // Nor a mail sender of its own: it says so once at start, as production settings that will hurt are said.
  const c = await startInstance(PORTS.c, PORTS.slowSmtp, { OUTBOX_INTERVAL_SECONDS: "0", MAIL_FROM: "" });
  const C = url(PORTS.c);
  try {
    const [vendor] = await query<{ id: number }>("select id from public.vendors where email is not null order by id offset 20 limit 1");
    const client = await playwrightRequest.newContext({ extraHTTPHeaders: { "X-Forwarded-For": clientAddress("renter") } });
    const ids = actionIds();
    const started = await callAction(client, ids.startRequest, JSON.stringify([{ vendorId: vendor.id }]), {
      path: `${C}/about`,
      origin: C,
    });
    const leadId = Number(/"leadId":(\d+)/.exec(await started.text())?.[1]);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const onC = { path: `${C}/about`, origin: C };
    const body = await dialogCompletion(
      client,
      ids.estimateRequest,
      {
        leadId,
        vendorId: vendor.id,
        widen: false,
        skid_steer_type: "tracked",
        rental_start_date: day(5),
        rental_end_date: day(8),
        job_zip: "77002",
        name: "Shutdown Test",
        phone: "(555) 010-9191",
      },
      onC,
    );
    const completion = callAction(client, ids.completeRequest, body, onC);
    await new Promise((resolve) => setTimeout(resolve, 100));
    c.process.kill("SIGTERM");
    const answer = await completion;
    expect(answer.status()).toBe(200);
    expect(await answer.text()).toContain('"recipients":1');
    // The instance exits by itself within its 10 seconds, with its work done.
    const code = await Promise.race([c.exited, new Promise((resolve) => setTimeout(() => resolve("still running"), 10_000))]);
    expect(code).toBe(0);
    expect(c.output.filter((line) => line.includes("Settings: MAIL_FROM: vendor emails would be sent from"))).toHaveLength(1);
    const sent = () => [...slowInbox.received, ...smtp!.received].filter((mail) => mail.text?.includes("Shutdown Test")).length;
    await expect.poll(sent).toBe(1);
    const service = createClient(url(PORTS.db), KEYS.service, { auth: { persistSession: false } });
    const { data } = await service.rpc("operator_leads", { p_limit: 20 });
    const lead = (data as LeadRow[]).find((row) => row.id === leadId)!;
    expect(lead.completed).toBe(true);
    expect(lead.messages).toEqual([expect.objectContaining({ channel: "email", status: "sent", attempts: 1 })]);
    await client.dispose();
  } finally {
    await c.stop("SIGKILL");
    await slowInbox.close();
  }
});
