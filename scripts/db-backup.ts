/**
 * npm run db:backup -- [file]
 *
 * Writes a consistent backup of the embedded database (a gzipped PGlite data folder) to `file`
 * (default backups/skidsteer-<UTC time>.tar.gz), while the site serves:
 * - with a site on the embedded database running, it asks that server (GET /api/operator/backup
 *   on BACKUP_FROM, default http://127.0.0.1:$PORT, with BACKUP_TOKEN, the server's; the reports'
 *   OPERATOR_TOKEN does not open it);
 * - with the site on db:serve (NEXT_PUBLIC_SUPABASE_URL set), it asks db:serve (GET /backup with
 *   SUPABASE_SERVICE_ROLE_KEY);
 * - with no server holding PGLITE_DATA_DIR, it opens the folder itself.
 * Whichever makes it writes the backup to the operator audit log (lib/db/backup.ts).
 * A hosted Supabase project is backed up by Supabase, not by this command.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { backupEmbedded } from "../lib/db/backup";
import { DatabaseFolderInUseError, embeddedDataDir, openFileDb } from "../lib/db/embedded";

const file = path.resolve(
  process.argv[2] ?? path.join("backups", `skidsteer-${new Date().toISOString().slice(0, 19).replaceAll(":", "")}.tar.gz`),
);

async function fetchBackup(url: string, headers: Record<string, string>): Promise<Buffer> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return Buffer.from(await response.arrayBuffer());
}

async function backup(): Promise<{ bytes: Buffer; from: string }> {
  const dbServe = process.env.NEXT_PUBLIC_SUPABASE_URL?.trim();
  if (dbServe) {
    const key = process.env.SUPABASE_SERVICE_ROLE_KEY?.trim() ?? "";
    return { bytes: await fetchBackup(new URL("/backup", dbServe).href, { apikey: key }), from: dbServe };
  }
  try {
    const { db, release } = await openFileDb(embeddedDataDir());
    try {
      const backup = await backupEmbedded(db, { by: "npm run db:backup", via: "the data folder, with no server holding it" });
      return { bytes: Buffer.from(await backup.arrayBuffer()), from: embeddedDataDir() };
    } finally {
      await db.close();
      release();
    }
  } catch (error) {
    if (!(error instanceof DatabaseFolderInUseError)) throw error;
  }
  const site = process.env.BACKUP_FROM?.trim() || `http://127.0.0.1:${process.env.PORT ?? 3000}`;
  const token = process.env.BACKUP_TOKEN?.trim();
  if (!token) {
    throw new Error(
      "A server holds the database folder: set BACKUP_TOKEN (the server's) to ask it for the backup " +
        "(OPERATOR_TOKEN opens the reports only).",
    );
  }
  return { bytes: await fetchBackup(new URL("/api/operator/backup", site).href, { Authorization: `Bearer ${token}` }), from: site };
}

try {
  const { bytes, from } = await backup();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  console.log(`Backed up the embedded database from ${from} to ${file} (${(bytes.length / 1e6).toFixed(1)} MB).`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
