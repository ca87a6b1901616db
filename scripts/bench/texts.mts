/**
 * npm run bench:texts — prints figures.
 *
 * Speed to lead: rental requests completed through the real server actions at 100 a minute for
 * a minute, on a production build, with the text provider's API faked in this process; for each
 * vendor's text, the time from the request's completion (the action's answer) to the provider
 * receiving it. The vendors near the job site are businesses on the site with mobile numbers.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { addDays, format } from "date-fns";
import { openFileDb } from "../../lib/db/embedded.ts";
import { startSmsProvider } from "../../tests/unit/helpers/sms-provider.ts";
import { actionIds, callAction, clearRuntimeCaches, dialogCompletion, ensureBuild, startServer } from "./server.mts";

const PER_MINUTE = 100;
const MINUTES = 1;
const day = (offset: number) => format(addDays(new Date(), offset), "yyyy-MM-dd");
const json = (value: unknown) => JSON.stringify([value]);

ensureBuild();
clearRuntimeCaches();
const ids = actionIds();
const provider = await startSmsProvider();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "skidsteer-texts-"));
{
  // The vendors near the job site take part: their businesses are on the site, with mobile numbers.
  const { db, release } = await openFileDb(dataDir);
  await db.query(
    `update public.vendors v set claimed_at = now(), phone = '(713) 55' || lpad((v.id % 10)::text, 1, '0') || '-' || lpad((v.id % 10000)::text, 4, '0')
     where v.id in (select vendor_id from public.vendors_near_zip('77002', 12))`,
  );
  await db.close();
  release();
}
const server = await startServer({
  port: 3391,
  dataDir,
  env: { ...provider.env, INSECURE_COOKIES: "1", TEXTS_DIR: path.join(dataDir, "texts"), OUTBOX_DIR: path.join(dataDir, "outbox") },
});
try {
  const completedAt = new Map<number, number>();
  const requests = PER_MINUTE * MINUTES;
  const gap = 60_000 / PER_MINUTE;
  const started = performance.now();
  const sends: Array<Promise<void>> = [];
  for (let i = 0; i < requests; i++) {
    const due = started + i * gap;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    sends.push(
      (async () => {
        const headers = { "X-Forwarded-For": `10.9.${(i >> 8) & 255}.${i & 255}` };
        const start = await callAction(server.url, ids.startRequest, json({ vendorId: null }), headers);
        const leadId = (start.result as { data?: { leadId?: number } } | null)?.data?.leadId;
        if (!leadId || !start.cookie) throw new Error(`request ${i} did not start: ${start.status}`);
        const body = await dialogCompletion(
          server.url,
          ids,
          {
            leadId,
            vendorId: null,
            widen: false,
            skid_steer_type: i % 2 ? "tracked" : "wheeled",
            rental_start_date: day(3 + (i % 20)),
            rental_end_date: day(5 + (i % 20)),
            job_zip: "77002",
            name: `Speed Renter ${i}`,
            phone: `(832) 555-${String(i).padStart(4, "0")}`,
          },
          headers,
        );
        const done = await callAction(server.url, ids.completeRequest, body, { ...headers, Cookie: start.cookie });
        if ((done.result as { ok?: boolean } | null)?.ok !== true) throw new Error(`request ${i} was not sent: ${done.status}`);
        completedAt.set(leadId, Date.now());
      })(),
    );
  }
  await Promise.all(sends);
  // Every request reaches 3 vendors: wait for their texts (at most 2 minutes more).
  const deadline = Date.now() + 120_000;
  const wanted = requests * 3;
  const leadOf = (body: string) => Number(/request #(\d+)/.exec(body)?.[1]);
  while (provider.texts.filter((t) => completedAt.has(leadOf(t.body))).length < wanted && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 250));
  const delays = provider.texts
    .filter((t) => completedAt.has(leadOf(t.body)))
    .map((t) => t.at - completedAt.get(leadOf(t.body))!)
    .sort((a, b) => a - b);
  const at = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))];
  console.log(
    `\n# Speed to lead: ${requests} requests in ${MINUTES} min (${PER_MINUTE}/min), 3 vendors each, texts through the provider's API`,
  );
  console.log(`| texts received | median | p95 | max | within 60 s |`);
  console.log(`|---|---|---|---|---|`);
  console.log(
    `| ${delays.length} of ${wanted} | ${at(0.5)} ms | ${at(0.95)} ms | ${delays.at(-1)} ms | ${delays.filter((d) => d <= 60_000).length} |`,
  );
} finally {
  await server.stop();
  await provider.close();
  rmSync(dataDir, { recursive: true, force: true });
}
