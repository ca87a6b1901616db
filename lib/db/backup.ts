import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { lockDataDir } from "./embedded";
import { createPGlite } from "./pglite";

/**
 * Who asked for a backup, as the operator audit log records it: the credential or command that
 * asked (`by`, the log's "who") and the way it came (`via`), never a person's details.
 */
export type BackupRequester = { by: string; via: string };

/**
 * A consistent backup of a running embedded database: PGlite's own dump of its data folder (a
 * gzipped tar), taken while no statement runs, after a checkpoint so a restore has little to
 * replay. The site keeps serving; calls wait only for the dump itself. Each backup taken is then
 * written to the operator audit log (action `backup`, with its size), in the live database and
 * so not in the backup itself. A caller that does not say who asked (npm run db:serve's
 * `GET /backup`, opened by the service role's key) is recorded as the service role.
 */
export async function backupEmbedded(
  db: PGlite,
  requester: BackupRequester = { by: "service role", via: "database server" },
): Promise<Blob> {
  await db.exec("checkpoint");
  const backup = await db.dumpDataDir("gzip");
  await db.query("select public.operator_audit_event($1, 'backup', 'embedded database', $2::jsonb)", [
    requester.by,
    JSON.stringify({ via: requester.via, bytes: backup.size }),
  ]);
  return backup;
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
