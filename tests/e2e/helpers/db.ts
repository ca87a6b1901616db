import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { test } from "@playwright/test";
import { createPGlite } from "../../../lib/db/pglite";
import { referenceCopy } from "./test-database";

let reference: Promise<PGlite> | undefined;

/**
 * A reference copy of the database the server started from (the real migrations, the
 * deterministic seed, the fixtures and the operator accounts), loaded from the copy written
 * when it was prepared: loading it takes about a second, migrating and seeding anew about ten.
 * Tests read expected values from it, never hard-code them.
 */
function referenceDb(): Promise<PGlite> {
  reference ??= createPGlite({ loadDataDir: new Blob([readFileSync(referenceCopy())]) });
  return reference;
}

export async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await (await referenceDb()).query<T>(sql, params)).rows;
}

/**
 * An offset past the rows this test's earlier tries took, `rowsPerTry` each: the reference copy
 * is the database before any test, so a filter cannot see what a first try changed.
 */
export const retryOffset = (rowsPerTry = 1) => rowsPerTry * test.info().retry;
