import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect } from "@playwright/test";
import { query } from "./helpers/db";
import { logIn, operatorRows, type LeadRow } from "./helpers/operator";
import { answers, startProcess, type Started } from "./helpers/processes";
import { test } from "./helpers/test";

test.beforeEach(({}, info) => test.skip(info.project.name !== "desktop", "one server for the run"));

const run = promisify(execFile);
// A port no other test listens on (the container test has 3244, the rental test 3246, the instances test 3236-3243).
const PORT = 3245;
const RESTORED = `http://127.0.0.1:${PORT}`;

test("a backup of the running site restores into a new folder, and a second server on it has the same requests, listings and reviews", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "skidsteer-backup-e2e-"));
  const [file, folder] = [path.join(dir, "backup.tar.gz"), path.join(dir, "restored")];
  const [listing] = await query<{ path: string; name: string }>(
    `select '/us/' || s.slug || '/' || c.slug || '/' || v.slug as path, v.name from public.vendors v
     join public.postcodes p on p.id = v.postcode_id join public.cities c on c.id = p.city_id join public.states s on s.id = c.state_id
     where v.slug = 'longest-listing-rentals'`,
  );
  let second: Started | undefined;
  try {
    // The reports' token does not open the backups: only the backups' own token (playwright.config.ts) does.
    expect((await request.get("/api/operator/backup", { headers: { Authorization: "Bearer e2e-operator-token" } })).status()).toBe(404);
    const before = await operatorRows<LeadRow>(request, "leads", 5000);
    await page.goto(listing.path);
    // The visible one: until React reveals the page's streamed body, a hidden copy is in the document too.
    const reviews = await page.getByTestId("review-summary").filter({ visible: true }).textContent();
    // The site keeps serving: the script asks the server holding the folder for the backup.
    const backedUp = await run(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/db-backup.ts", file], {
      env: {
        ...process.env,
        PGLITE_DATA_DIR: process.env.E2E_DATA_DIR,
        PORT: new URL(test.info().project.use.baseURL!).port,
        BACKUP_TOKEN: "e2e-backup-token",
      },
    });
    expect(backedUp.stdout).toContain("Backed up the embedded database from http://127.0.0.1:");
    // The backup is in the live site's audit log: who asked and how, with the time; no one's details.
    await logIn(page);
    await page.goto("/operator/audit");
    const entry = page.getByTestId("audit-table").getByRole("row").filter({ hasText: "BACKUP_TOKEN" }).first();
    await expect(entry).toContainText("backup");
    await expect(entry).toContainText('"via":"GET /api/operator/backup"');
    const after = await operatorRows<LeadRow>(request, "leads", 5000);
    const restored = await run(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/db-restore.ts", file, folder]);
    expect(restored.stdout).toContain(`into ${folder}`);

    second = await startProcess(
      process.execPath,
      ["scripts/start.mjs"],
      {
        PORT: String(PORT),
        HOSTNAME: "127.0.0.1",
        PGLITE_DATA_DIR: folder,
        OPERATOR_TOKEN: "restored-operator-token",
        OUTBOX_INTERVAL_SECONDS: "0",
        OUTBOX_DIR: path.join(dir, "outbox"),
      },
      answers(`${RESTORED}/api/health`),
    );
    const copy = (await (
      await fetch(`${RESTORED}/api/operator/leads?limit=5000`, { headers: { Authorization: "Bearer restored-operator-token" } })
    ).json()) as LeadRow[];
    // Every request made before the backup is there as it was; none is there that was not made by the time it ended.
    const ids = new Set(copy.map((lead) => lead.id));
    expect(before.filter((lead) => !ids.has(lead.id))).toEqual([]);
    expect(copy.filter((lead) => !after.some((live) => live.id === lead.id))).toEqual([]);
    // Those no other test changed meanwhile are there field for field.
    const fields = (lead: LeadRow) => JSON.stringify([lead.name, lead.phone, lead.location, lead.completed, lead.rental_start_date]);
    const unchanged = new Map(
      before.filter((lead) => after.some((live) => live.id === lead.id && fields(live) === fields(lead))).map((lead) => [lead.id, lead]),
    );
    expect(unchanged.size).toBeGreaterThan(0);
    for (const lead of copy.filter((row) => unchanged.has(row.id))) expect(fields(lead)).toBe(fields(unchanged.get(lead.id)!));
    // The same listing, with the same reviews.
    await page.goto(`${RESTORED}${listing.path}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(listing.name);
    await expect(page.getByTestId("review-summary").filter({ visible: true })).toHaveText(reviews!);
  } finally {
    await second?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
