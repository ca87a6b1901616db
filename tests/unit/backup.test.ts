import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, inject, it, vi } from "vitest";
import { backupEmbedded, restoreEmbedded, RestoreTargetNotEmptyError } from "@/lib/db/backup";
import { openFileDb } from "@/lib/db/embedded";

// The route's database: one this file opens and closes (the process-wide one would hold its folder's lock until exit).
const served = vi.hoisted((): { db?: PGlite } => ({}));
vi.mock("@/lib/db/embedded", async (original) => ({
  ...(await original<typeof import("@/lib/db/embedded")>()),
  getEmbeddedDb: async () => served.db!,
}));

const dir = mkdtempSync(path.join(os.tmpdir(), "skidsteer-backup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("backup and restore of the embedded database", () => {
  it("a backup taken while the database is open restores into a new folder with the same rows, and never over a database", async () => {
    // A live folder made from the run's migrated and seeded snapshot (helpers/database-snapshots.ts).
    await restoreEmbedded(inject("databaseSnapshots").seeded, path.join(dir, "live"));
    const { db, release } = await openFileDb(path.join(dir, "live"));
    let before: { vendors: number; leads: number };
    const file = path.join(dir, "backup.tar.gz");
    try {
      await db.query("select public.create_lead('owner-token-backup-abcdefghijklmnopqrstuvwxyz0123', 'backup-client', null)");
      before = (
        await db.query<{ vendors: number; leads: number }>(
          "select (select count(*)::int from public.vendors) as vendors, (select count(*)::int from public.leads) as leads",
        )
      ).rows[0];
      const backup = await backupEmbedded(db, { by: "BACKUP_TOKEN", via: "GET /api/operator/backup" });
      writeFileSync(file, Buffer.from(await backup.arrayBuffer()));
      // Each backup taken is in the live database's audit log: who asked, how, its size; no one's details.
      const audit = await db.query<{ operator_email: string; subject: string; details: object }>(
        "select operator_email, subject, details from public.operator_audit where action = 'backup'",
      );
      expect(audit.rows).toEqual([
        { operator_email: "BACKUP_TOKEN", subject: "embedded database", details: { via: "GET /api/operator/backup", bytes: backup.size } },
      ]);
      // Written after the backup: not in it.
      await db.query("select public.create_lead('owner-token-backup-after-abcdefghijklmnopqrstuvw', 'backup-client-2', null)");
    } finally {
      await db.close();
      release();
    }
    expect(before.leads).toBeGreaterThan(0);
    expect(await restoreEmbedded(file, path.join(dir, "restored"))).toEqual(before);

    const { db: restored, release: releaseRestored } = await openFileDb(path.join(dir, "restored"));
    try {
      const { rows } = await restored.query<{ n: number }>(
        "select count(*)::int as n from public.leads where client_key = 'backup-client'",
      );
      expect(rows[0].n).toBe(1);
      // The audit row is written after the dump: the backup does not hold its own.
      const audit = await restored.query("select 1 from public.operator_audit where action = 'backup'");
      expect(audit.rows).toEqual([]);
    } finally {
      await restored.close();
      releaseRestored();
    }
    mkdirSync(path.join(dir, "occupied"));
    writeFileSync(path.join(dir, "occupied", "PG_VERSION"), "17");
    await expect(restoreEmbedded(file, path.join(dir, "occupied"))).rejects.toBeInstanceOf(RestoreTargetNotEmptyError);
  });

  it("the route answers a backup to the bearer of BACKUP_TOKEN alone, not of the reports' OPERATOR_TOKEN, and audits it", async () => {
    await restoreEmbedded(inject("databaseSnapshots").seeded, path.join(dir, "served"));
    const { db, release } = await openFileDb(path.join(dir, "served"));
    served.db = db;
    vi.stubEnv("NEXT_PUBLIC_SUPABASE_URL", "");
    vi.stubEnv("NEXT_PUBLIC_SUPABASE_ANON_KEY", "");
    vi.stubEnv("OPERATOR_TOKEN", "reports-token-for-this-test");
    vi.stubEnv("BACKUP_TOKEN", "backup-token-for-this-test");
    try {
      const { GET } = await import("@/app/api/operator/backup/route");
      const ask = (token?: string) =>
        GET(new Request("http://site.test/api/operator/backup", { headers: token ? { Authorization: `Bearer ${token}` } : {} }));
      const backups = async () =>
        (
          await db.query<{ operator_email: string; details: object }>(
            "select operator_email, details from public.operator_audit where action = 'backup'",
          )
        ).rows;

      for (const token of [undefined, "reports-token-for-this-test", "backup-token-for-this-tes"])
        expect((await ask(token)).status).toBe(404);
      expect(await backups()).toEqual([]);

      const response = await ask("backup-token-for-this-test");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/gzip");
      const bytes = (await response.arrayBuffer()).byteLength;
      expect(bytes).toBeGreaterThan(0);
      expect(await backups()).toEqual([{ operator_email: "BACKUP_TOKEN", details: { via: "GET /api/operator/backup", bytes } }]);

      // Unset, the route is closed to everyone.
      vi.stubEnv("BACKUP_TOKEN", "");
      expect((await ask("")).status).toBe(404);
      expect((await ask("backup-token-for-this-test")).status).toBe(404);
    } finally {
      vi.unstubAllEnvs();
      served.db = undefined;
      await db.close();
      release();
    }
  });
});
