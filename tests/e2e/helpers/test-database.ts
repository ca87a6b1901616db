import { writeFileSync } from "node:fs";
import { restoreEmbedded } from "../../../lib/db/backup";
import { openFileDb } from "../../../lib/db/embedded";
import { hashPassword } from "../../../lib/operator/password";
import { applyFixtures } from "./fixtures";
import { LOCKOUT_OPERATOR, OPERATOR } from "./operator";

/** The copy of the browser-test database in `folder` as it was before the server started. */
const referenceCopyOf = (folder: string) => `${folder}.reference.tar`;

/** The copy of the run's browser-test database (playwright.config.ts) as it was before the server started. */
export function referenceCopy(): string {
  const folder = process.env.E2E_DATA_DIR;
  if (!folder) throw new Error("E2E_DATA_DIR must name the browser tests' database folder (playwright.config.ts)");
  return referenceCopyOf(folder);
}

/** Fills the new folder `folder` with the run's browser-test database as the server started from it. */
export async function copyTestDatabase(folder: string): Promise<void> {
  await restoreEmbedded(referenceCopy(), folder);
}

/**
 * Creates a browser-test database in `folder`: the real migrations and seed (as the server
 * would on first start), then the fixtures and the operator accounts. A copy of it is written
 * beside the folder for the tests to read expected values from (helpers/db.ts) and for
 * servers of their own to start from.
 */
export async function prepareTestDatabase(folder: string): Promise<void> {
  const { db, release } = await openFileDb(folder);
  await applyFixtures(db);
  for (const account of [OPERATOR, LOCKOUT_OPERATOR]) {
    await db.query("select public.operator_add($1, $2)", [account.email, await hashPassword(account.password)]);
  }
  writeFileSync(referenceCopyOf(folder), Buffer.from(await (await db.dumpDataDir("none")).arrayBuffer()));
  await db.close();
  release();
}
