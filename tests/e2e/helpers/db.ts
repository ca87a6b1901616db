import type { PGlite } from "@electric-sql/pglite";
import { createMigratedMemoryDb } from "../../../lib/db/pglite";
import { applyFixtures } from "./fixtures";

let reference: Promise<PGlite> | undefined;

/**
 * A reference copy of the database the server started from: the same migrations and
 * the same deterministic seed and fixtures. Tests read expected values from it, never
 * hard-code them.
 */
function referenceDb(): Promise<PGlite> {
  reference ??= createMigratedMemoryDb(true).then(async (db) => {
    await applyFixtures(db);
    return db;
  });
  return reference;
}

export async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await (await referenceDb()).query<T>(sql, params)).rows;
}
