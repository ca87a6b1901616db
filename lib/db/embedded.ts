import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import lockfile from "proper-lockfile";
import { gatherStatistics, migrate, seed } from "./migrations";
import { createMigratedMemoryDb, createPGlite } from "./pglite";
import { startVacuuming } from "./vacuum";

/** Where the embedded database lives: `PGLITE_DATA_DIR`, else `.data/pglite`. */
export function embeddedDataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.PGLITE_DATA_DIR ?? path.join(process.cwd(), ".data", "pglite"));
}

export class DatabaseFolderInUseError extends Error {
  constructor(folder: string) {
    super(
      `The embedded database folder ${folder} is in use by another process. ` +
        "PGlite allows one process per folder: stop the other server or set PGLITE_DATA_DIR to another folder.",
    );
    this.name = "DatabaseFolderInUseError";
  }
}

/**
 * Takes the folder's lock for this process. proper-lockfile refreshes the lock while
 * the process lives, so a crashed server's lock goes stale and is taken over.
 */
export function lockDataDir(folder: string): () => void {
  mkdirSync(folder, { recursive: true });
  try {
    return lockfile.lockSync(folder, { stale: 10_000, update: 2_000, realpath: false });
  } catch (error) {
    if ((error as { code?: string }).code === "ELOCKED") throw new DatabaseFolderInUseError(folder);
    throw error;
  }
}

/** Opens (creating, migrating and seeding on first use) the file-backed database. */
export async function openFileDb(folder: string): Promise<{ db: PGlite; release: () => void }> {
  const release = lockDataDir(folder);
  try {
    const fresh = !existsSync(path.join(folder, "PG_VERSION"));
    const db = await createPGlite({ dataDir: folder });
    await migrate(db);
    // The seed gathers the planner's statistics; an existing folder has them renewed on each open.
    if (fresh) await seed(db);
    else await gatherStatistics(db);
    return { db, release };
  } catch (error) {
    release();
    throw error;
  }
}

const isBuild = () => process.env.NEXT_PHASE === "phase-production-build";

// One database per process, shared by every bundle that imports this module.
const holder = globalThis as typeof globalThis & { __embeddedDb?: Promise<PGlite> };

/**
 * The process's embedded database, which it vacuums (lib/db/vacuum.ts). During `next build`
 * (separate worker processes) the file-backed folder is never opened: prerendering reads a
 * fresh in-memory copy of the same migrations and seed.
 */
export function getEmbeddedDb(): Promise<PGlite> {
  holder.__embeddedDb ??= (
    isBuild()
      ? createMigratedMemoryDb(true)
      : openFileDb(embeddedDataDir()).then(({ db, release }) => {
          const close = () => release();
          process.once("exit", close);
          startVacuuming(db);
          return db;
        })
  ).catch((error) => {
    holder.__embeddedDb = undefined;
    throw error;
  });
  return holder.__embeddedDb;
}
