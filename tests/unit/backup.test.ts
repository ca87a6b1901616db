import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { backupEmbedded, restoreEmbedded, RestoreTargetNotEmptyError } from "@/lib/db/backup";
import { openFileDb } from "@/lib/db/embedded";

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
      writeFileSync(file, Buffer.from(await (await backupEmbedded(db)).arrayBuffer()));
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
    } finally {
      await restored.close();
      releaseRestored();
    }
    mkdirSync(path.join(dir, "occupied"));
    writeFileSync(path.join(dir, "occupied", "PG_VERSION"), "17");
    await expect(restoreEmbedded(file, path.join(dir, "occupied"))).rejects.toBeInstanceOf(RestoreTargetNotEmptyError);
  });
});
