/**
 * npm run bench:reliability — prints figures; exits non-zero on any loss.
 *
 * 1. 1,000 rental requests completed concurrently through the real server actions.
 * 2. 200 malformed or hostile inputs to every server action: nothing written, no 5xx,
 *    each answered with a clear message.
 * 3. The database becomes unreachable while the server runs, then returns.
 * 4. The retention job and an operator's erasure are stopped midway (SIGTERM, once SIGKILL), the database
 *    restarted: every request is erased whole or untouched, never half.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { chromium } from "@playwright/test";
import { addDays, differenceInCalendarDays, format } from "date-fns";
import { openFileDb } from "../../lib/db/embedded.ts";
import {
  actionIds,
  callAction,
  clearRuntimeCaches,
  dialogCompletion,
  ensureBuild,
  operatorRows,
  pool,
  startServer,
  type ActionAnswer,
} from "./server.mts";

const REQUESTS = 1000;
const HOSTILE_PER_ACTION = 200;
const TOKEN = randomBytes(24).toString("hex");
const day = (offset: number) => format(addDays(new Date(), offset), "yyyy-MM-dd");
const json = (value: unknown) => JSON.stringify([value]);
const client = (i: number) => ({ "X-Forwarded-For": `10.${(i >> 8) & 255}.${i & 255}.${(i >> 16) + 7}` });

let failures = 0;
function check(ok: boolean, what: string) {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures++;
}

interface Lead {
  id: number;
  name: string;
  phone: string;
  step: number;
  completed: boolean;
  skid_steer_type: string | null;
  rental_start_date: string | null;
  rental_end_date: string | null;
  rental_days: number;
  updated_at?: string;
  location: string;
  recipients: unknown[];
  messages: Array<{ channel: string }>;
}

async function concurrentRequests(url: string, ids: Record<string, string>) {
  console.log(`\n# ${REQUESTS} rental requests, concurrently`);
  const started = performance.now();
  const outcomes = await pool(
    Array.from({ length: REQUESTS }, (_, i) => async () => {
      const headers = client(i);
      const start = await callAction(url, ids.startRequest, json({ vendorId: null }), headers);
      const leadId = (start.result as { data?: { leadId?: number } } | null)?.data?.leadId;
      if (!leadId || !start.cookie) return { i, ok: false, status: start.status };
      const body = await dialogCompletion(
        url,
        ids,
        {
          leadId,
          vendorId: null,
          widen: false,
          skid_steer_type: i % 2 ? "tracked" : "wheeled",
          rental_start_date: day(i % 200),
          rental_end_date: day((i % 200) + 1 + (i % 20)),
          job_zip: "77002",
          name: `Bench Renter ${i}`,
          phone: `(555) 01${i % 10}-${String(i).padStart(4, "0")}`,
        },
        headers,
      );
      const done = await callAction(url, ids.completeRequest, body, { ...headers, Cookie: start.cookie });
      return { i, ok: (done.result as { ok?: boolean } | null)?.ok === true, status: done.status };
    }),
    200,
  );
  const seconds = (performance.now() - started) / 1000;
  const answered = outcomes.filter((o) => o.ok).length;
  console.log(
    `answered ok: ${answered}/${REQUESTS} in ${seconds.toFixed(1)} s (${(REQUESTS / seconds).toFixed(0)} requests/s, 3 actions each: start, estimate, complete)`,
  );
  const rows = new Map((await operatorRows<Lead>(url, TOKEN, "leads")).map((row) => [row.name, row]));
  let right = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const row = rows.get(`Bench Renter ${i}`);
    const start = day(i % 200);
    const end = day((i % 200) + 1 + (i % 20));
    if (
      row &&
      row.completed &&
      row.step === 3 &&
      row.skid_steer_type === (i % 2 ? "tracked" : "wheeled") &&
      row.rental_start_date === start &&
      row.rental_end_date === end &&
      row.rental_days === Math.ceil(differenceInCalendarDays(new Date(end), new Date(start))) &&
      row.location === "77002" &&
      // One outbox email per recipient: nothing lost between the lead and its messages.
      row.messages.filter((m) => m.channel === "email").length === row.recipients.length
    )
      right++;
  }
  console.log(`completed rows with the right fields and outbox messages: ${right}/${REQUESTS}, lost: ${REQUESTS - right}`);
  check(answered === REQUESTS && right === REQUESTS, "every rental request completed, none lost");
  return [...rows.values()];
}

const hostileStrings = [
  "'; drop table leads; --",
  "<script>alert(1)</script>",
  '" onmouseover="alert(1)',
  "javascript:alert(1)",
  "$Q1",
  "$@0",
  "x".repeat(10_000),
  "\u0000\u0001",
  "😀".repeat(500),
  "../../etc/passwd",
  "{{7*7}}",
  "%00",
];
const wrongTypes: unknown[] = [123, -1, 1.5, true, null, [], {}, ["a"], { nested: { deep: 1 } }, 1e308];

/** Variants of a valid input that are each invalid: wrong types, missing and extra fields, hostile strings. */
function invalidVariants(valid: Record<string, unknown>, invalidFor: Record<string, unknown[]>): string[] {
  const bodies: string[] = [];
  for (const field of Object.keys(valid)) {
    for (const value of wrongTypes.filter((v) => typeof v !== typeof valid[field])) bodies.push(json({ ...valid, [field]: value }));
    const { [field]: _missing, ...rest } = valid;
    void _missing;
    bodies.push(json(rest));
    for (const value of invalidFor[field] ?? []) bodies.push(json({ ...valid, [field]: value }));
  }
  // Extra fields written into the JSON text, so that "__proto__" arrives as a key.
  for (const extra of ["admin", "id", "owner_token", "__proto__", "constructor"])
    bodies.push(json(valid).replace(/}]$/, `,"${extra}":true}]`));
  bodies.push("garbage{", "", "[]", "null", "[1,2,3,4,5,6]", json("x".repeat(20_000)), '["$K1"]', '[{"$$typeof":1}]');
  return bodies;
}

async function hostileInputs(url: string, ids: Record<string, string>, completed: Lead[]) {
  console.log(`\n# ${HOSTILE_PER_ACTION} malformed or hostile inputs to every server action`);
  const leadIds = completed.map((l) => l.id);
  const before = {
    leads: await operatorRows<Lead>(url, TOKEN, "leads"),
    submissions: (await operatorRows(url, TOKEN, "submissions")).length,
  };
  const lead = {
    leadId: leadIds[0],
    skid_steer_type: "wheeled",
    rental_start_date: day(1),
    rental_end_date: day(3),
    name: "Forged Name",
    phone: "(555) 010-0000",
    job_zip: "77002",
    widen: false,
    consent: { text: "I agree that the vendors may call me", page: "/about" },
  };
  const business = {
    name: "Hostile Test Co",
    website: "hostile-test.example",
    phone: "(555) 010-1234",
    address: "1 Test Way",
    state: "texas",
    city: "houston",
    zipcode: "77002",
  };
  const forged = leadIds.slice(0, 40).flatMap((leadId) => [json({ ...lead, leadId }), json({ leadId, step: 3, name: "Forged Name" })]);
  const cases: Record<string, string[]> = {
    startRequest: invalidVariants({ vendorId: 1 }, { vendorId: [0, -5, 99_999_999, ...hostileStrings] }).filter(
      (b) => b !== json({ vendorId: null }),
    ),
    saveRequestDraft: [
      ...forged,
      ...invalidVariants({ leadId: leadIds[1], step: 2, name: "x" }, { step: [0, 4, 99], leadId: [0, -1, ...hostileStrings] }),
    ],
    completeRequest: [
      ...forged,
      ...invalidVariants(lead, {
        skid_steer_type: ["bulldozer", ...hostileStrings],
        rental_start_date: [day(-1), day(367), "2020-02-30", ...hostileStrings],
        rental_end_date: [day(1), day(0), day(400), ...hostileStrings],
        name: ["A", "", " ", "x".repeat(500)],
        phone: ["123", "phone", ...hostileStrings],
      }),
    ],
    submitBusiness: invalidVariants(business, {
      name: ["A", ""],
      website: ["a.b", "javascript:alert(1)", "<script>", "http://", ...hostileStrings],
      phone: ["123"],
      address: ["1 A"],
      state: ["atlantis", "texas'; drop table vendors; --", "<script>alert(1)</script>"],
      city: ["gotham", "<img src=x onerror=alert(1)>", "houston' or '1'='1"],
      zipcode: ["123", "12345678901", "<script>", "' or 1=1--"],
    }),
  };
  let serverErrors = 0;
  let unclear = 0;
  const PAGE_OF: Record<string, string> = { submitBusiness: "/submit" };
  for (const [action, bodies] of Object.entries(cases)) {
    const picked = Array.from({ length: HOSTILE_PER_ACTION }, (_, i) => bodies[i % bodies.length]);
    const answers = await pool(
      picked.map((body, i) => () => callAction(url, ids[action], body, client(100_000 + i), PAGE_OF[action] ?? "/about")),
      20,
    );
    const errors = answers.filter((a) => a.status >= 500).length;
    const vague = answers.filter((a) => !clearMessage(a)).length;
    for (const [index, answer] of answers.entries()) {
      if (!clearMessage(answer))
        console.log(`  unclear answer (${answer.status}) to ${picked[index].slice(0, 400)}: ${JSON.stringify(answer.result)}`);
    }
    serverErrors += errors;
    unclear += vague;
    console.log(
      `${action}: ${picked.length} inputs (${new Set(picked).size} distinct), ${errors} server errors, ${vague} without a clear message`,
    );
  }
  const after = {
    leads: await operatorRows<Lead>(url, TOKEN, "leads"),
    submissions: (await operatorRows(url, TOKEN, "submissions")).length,
  };
  // The lead's own fields: its outbox messages keep moving as the server sends them.
  const fields = (row: Lead | undefined) => JSON.stringify(row && { ...row, messages: undefined });
  const changed = after.leads.filter((row) => fields(row) !== fields(before.leads.find((b) => b.id === row.id))).length;
  console.log(
    `rows written: leads ${after.leads.length - before.leads.length}, submissions ${after.submissions - before.submissions}; leads changed: ${changed}`,
  );
  check(serverErrors === 0, "no server errors (5xx)");
  check(unclear === 0, "every input answered with a clear message");
  check(after.leads.length === before.leads.length && after.submissions === before.submissions && changed === 0, "nothing written");
}

/** A refusal the visitor can read: a 4xx with a message, or the action's { ok: false, message }. */
/** A 4xx with a body, or a refusal carrying a code, which the form words (refusals travel as codes, never as English). */
function clearMessage(answer: ActionAnswer): boolean {
  if (answer.status >= 400 && answer.status < 500) return answer.text.trim().length > 0;
  const result = answer.result as { ok?: boolean; refusal?: unknown } | null;
  return result?.ok === false && typeof result.refusal === "string" && /^[a-z-]+$/.test(result.refusal);
}

async function databaseOutage(url: string) {
  console.log("\n# the database becomes unreachable, then returns");
  const fault = (database: "down" | "up") =>
    fetch(`${url}/api/operator/fault`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ database }),
    });
  const html = await (await fetch(`${url}/us/texas/houston`)).text();
  const vendors = [...html.matchAll(/href="(\/us\/texas\/houston\/[a-z0-9-]+)"/g)].map((m) => m[1]);
  const cached = ["/us", "/us/texas", "/us/texas/houston", "/about", vendors[0]];
  for (const path of cached) await fetch(`${url}${path}`);
  // The vendor page streams (it shows Loading... first), so its status is sent before
  // the failure is known; the city page does not, and answers 5xx.
  const uncached = [
    { path: vendors.at(-1)!, text: "Error loading vendor details", streamed: true },
    { path: "/us/ohio/cleveland", text: "Unexpected Application Error!", streamed: false },
  ];
  check((await fault("down")).ok, "database taken down");
  const cachedStatuses = await Promise.all(
    Array.from({ length: 50 }, (_, i) => fetch(`${url}${cached[i % cached.length]}`).then((r) => r.status)),
  );
  const served = cachedStatuses.filter((s) => s === 200).length;
  console.log(`cached pages during the outage: ${served}/${cachedStatuses.length} served`);
  check(served === cachedStatuses.length, "cached pages keep serving");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const page = await browser.newPage();
  for (const { path, text, streamed } of uncached) {
    const response = await page.goto(`${url}${path}`);
    const shown = await page
      .getByText(text)
      .first()
      .waitFor({ timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    const status = response?.status() ?? 0;
    console.log(`${path} during the outage: status ${status}, shows "${text}": ${shown}`);
    check(shown && (streamed || status >= 500), `${path} shows the error text${streamed ? "" : " with a 5xx status"}`);
  }
  check((await fault("up")).ok, "database back");
  const started = performance.now();
  for (const { path } of uncached) {
    let status = 0;
    while (performance.now() - started < 30_000) {
      status = (await fetch(`${url}${path}`)).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    console.log(`${path} after recovery: ${status} (${((performance.now() - started) / 1000).toFixed(1)} s after the database returned)`);
    check(status === 200, `${path} recovers by itself`);
  }
  await browser.close();
}

/** How many requests are erased whole, untouched, or half erased (a name or phone left, a message not emptied). */
async function erasureStates(dataDir: string) {
  const { db, release } = await openFileDb(dataDir);
  try {
    const { rows } = await db.query<{ done: number; untouched: number; half: number }>(`
      select count(*) filter (where state = 'done')::int as done, count(*) filter (where state = 'untouched')::int as untouched,
             count(*) filter (where state = 'half')::int as half
      from (select case
        when l.anonymized_at is not null and l.name = '' and l.phone = '' and l.renter_email is null and l.client_key is null
             and not exists (select 1 from public.lead_consents c where c.lead_id = l.id and c.client_hash is not null)
             and not exists (select 1 from public.outbox_messages m where m.lead_id = l.id
                             and (m.recipient is not null or m.payload <> '{}'::jsonb or m.status in ('pending', 'sending'))) then 'done'
        when l.anonymized_at is null and l.name <> '' and l.phone <> '' then 'untouched'
        else 'half' end as state
      from public.leads l where l.completed) states`);
    return rows[0];
  } finally {
    await db.close();
    release();
  }
}

async function interruptedErasure(dataDir: string) {
  console.log("\n# retention and an erasure stopped midway (SIGTERM, and once SIGKILL), the database restarted each time");
  const phone = "(555) 019-7777";
  const { db, release } = await openFileDb(dataDir);
  try {
    // Every request past its 24 months; 300 of them from one phone number, for the operator to erase.
    await db.exec(`update public.leads set completed_at = now() - interval '25 months' where completed;
      update public.leads set phone = '${phone}' where id in (select id from public.leads where completed order by id desc limit 300);`);
  } finally {
    await db.close();
    release();
  }
  const password = randomBytes(12).toString("hex");
  const added = spawnSync("npm", ["run", "--silent", "operator", "--", "add", "bench@skidsteer.example"], {
    input: `${password}\n`,
    env: { ...process.env, PGLITE_DATA_DIR: dataDir },
    encoding: "utf8",
  });
  check(added.status === 0, "an operator is added for the erasure");
  let round = 0;
  for (;;) {
    round++;
    const server = await startServer({
      port: 3391,
      dataDir,
      keepData: true,
      // The first round is the erasure's alone; from the second on the timer runs a retention batch each second.
      env: {
        OPERATOR_TOKEN: TOKEN,
        OUTBOX_INTERVAL_SECONDS: round === 1 ? "0" : "1",
        OUTBOX_DIR: `${dataDir}-outbox`,
        INSECURE_COOKIES: "1",
      },
    });
    if (round === 1) {
      // The operator erases the phone number's requests in the console, and the server is told to stop as the erasure runs.
      const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
      const page = await browser.newPage();
      await page.goto(`${server.url}/operator/login`);
      await page.getByLabel("Email").fill("bench@skidsteer.example");
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Log in" }).click();
      await page.waitForURL(/\/operator\/leads$/);
      await page.goto(`${server.url}/operator/privacy?phone=${encodeURIComponent(phone)}`);
      const held = await page.getByTestId("person-requests").getByRole("row").count();
      console.log(`round 1: the console lists ${held - 1} requests for the phone number`);
      const erasure = page.getByRole("button", { name: "Erase everything for this person" }).click();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await server.stop();
      await erasure.catch(() => undefined);
      await browser.close();
    } else {
      // A timer round of retention (at most 500 requests), then the stop as it runs: the second
      // round's is a crash (SIGKILL), whose folder lock the next start waits out.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await server.stop(round === 2 ? "SIGKILL" : "SIGTERM");
      if (round === 2) await new Promise((resolve) => setTimeout(resolve, 11_000));
    }
    const states = await erasureStates(dataDir);
    console.log(`round ${round}: ${states.done} requests erased whole, ${states.untouched} untouched, ${states.half} half erased`);
    check(states.half === 0, `round ${round}: no request half erased`);
    if (states.untouched === 0 || round === 8) {
      check(states.untouched === 0, "retention finished over the restarts");
      break;
    }
  }
}

ensureBuild();
// Start with empty runtime caches (pages and data), so that pages not visited here are truly uncached.
clearRuntimeCaches();
const ids = actionIds();
const server = await startServer({
  port: 3390,
  keepData: true,
  env: { OPERATOR_TOKEN: TOKEN, ENABLE_FAULT_INJECTION: "1", INSECURE_COOKIES: "1" },
});
try {
  try {
    const completed = await concurrentRequests(server.url, ids);
    await hostileInputs(server.url, ids, completed);
    await databaseOutage(server.url);
  } finally {
    await server.stop();
  }
  await interruptedErasure(server.dataDir);
} finally {
  rmSync(server.dataDir, { recursive: true, force: true });
  rmSync(`${server.dataDir}-outbox`, { recursive: true, force: true });
}
console.log(`\n${failures === 0 ? "reliability: no loss" : `reliability: ${failures} check(s) failed`}`);
process.exit(failures === 0 ? 0 : 1);
