import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { lockDataDir } from "./embedded";
import { createPGlite } from "./pglite";

/**
 * A consistent backup of a running embedded database: PGlite's own dump of its data folder (a
 * gzipped tar), taken while no statement runs, after a checkpoint so a restore has little to
 * replay. The site keeps serving; calls wait only for the dump itself.
 */
export async function backupEmbedded(db: PGlite): Promise<Blob> {
  await db.exec("checkpoint");
  return db.dumpDataDir("gzip");
}

export class RestoreTargetNotEmptyError extends Error {
  constructor(folder: string) {
    super(`${folder} is not empty: a backup is restored into an empty or new folder, never over a database.`);
    this.name = "RestoreTargetNotEmptyError";
  }
}

/**
 * Restores a backup file into an empty (or new) folder, holding the folder's lock meanwhile,
 * and returns how many listings and requests it holds, read back from the restored copy.
 */
export async function restoreEmbedded(file: string, folder: string): Promise<{ vendors: number; leads: number }> {
  if (existsSync(folder) && readdirSync(folder).length > 0) throw new RestoreTargetNotEmptyError(folder);
  const release = lockDataDir(folder);
  try {
    const db = await createPGlite({ dataDir: folder, loadDataDir: new Blob([readFileSync(file)]) });
    try {
      const { rows } = await db.query<{ vendors: number; leads: number }>(
        "select (select count(*)::int from public.vendors) as vendors, (select count(*)::int from public.leads) as leads",
      );
      return rows[0];
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}
