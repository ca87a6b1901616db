import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createMigratedMemoryDb } from "@/lib/db/pglite";

declare module "vitest" {
  export interface ProvidedContext {
    /** Files holding the migrated database, seeded and not, for freshDb to load (helpers/db.ts). */
    databaseSnapshots: { seeded: string; empty: string };
  }
}

/**
 * Vitest's global setup: migrates (and seeds) the embedded database once for the whole run and
 * writes both as PGlite data-directory dumps; each test file then starts from a copy in well
 * under a second instead of migrating again.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "skidsteer-unit-"));
  const snapshots = { seeded: path.join(dir, "seeded.tar"), empty: path.join(dir, "empty.tar") };
  for (const [file, withSeed] of [
    [snapshots.seeded, true],
    [snapshots.empty, false],
  ] as const) {
    const db = await createMigratedMemoryDb(withSeed);
    writeFileSync(file, Buffer.from(await (await db.dumpDataDir("none")).arrayBuffer()));
    await db.close();
  }
  project.provide("databaseSnapshots", snapshots);
  return () => rmSync(dir, { recursive: true, force: true });
}
