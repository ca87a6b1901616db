import { readFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/** Loads tests/e2e/fixtures.sql (hostile article and vendor) into a seeded database. */
export async function applyFixtures(db: PGlite): Promise<void> {
  await db.exec(readFileSync(path.join(import.meta.dirname, "..", "fixtures.sql"), "utf8"));
}
