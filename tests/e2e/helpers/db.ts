import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { createPGlite } from "../../../lib/db/pglite";
import { referenceCopyOf } from "./test-database";

let reference: Promise<PGlite> | undefined;

/**
 * A reference copy of the database the server started from (the real migrations, the
 * deterministic seed, the fixtures and the operator accounts), loaded from the copy written
 * when it was prepared: loading it takes about a second, migrating and seeding anew about ten.
 * Tests read expected values from it, never hard-code them.
 */
function referenceDb(): Promise<PGlite> {
  const folder = process.env.E2E_DATA_DIR;
  if (!folder) throw new Error("E2E_DATA_DIR must name the browser tests' database folder (playwright.config.ts)");
  reference ??= createPGlite({ loadDataDir: new Blob([readFileSync(referenceCopyOf(folder))]) });
  return reference;
}

export async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await (await referenceDb()).query<T>(sql, params)).rows;
}
