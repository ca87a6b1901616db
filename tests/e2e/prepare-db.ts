/**
 * Creates the browser tests' database before the server starts: the real migrations and seed
 * (as the server would on first start), then tests/e2e/fixtures.sql (a hostile article and
 * vendor) and the operator accounts. A copy of it is written beside the folder, for the tests to
 * read expected values from and for servers of their own to start from (helpers/test-database.ts).
 * Runtime caches of earlier runs are dropped.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openFileDb } from "../../lib/db/embedded";
import { hashPassword } from "../../lib/auth/password";
import { clearRuntimeCaches } from "../../scripts/runtime-caches";
import { LOCKOUT_OPERATOR, OPERATOR } from "./helpers/operator";
import { referenceCopy } from "./helpers/test-database";

async function prepareTestDatabase(folder: string): Promise<void> {
  const { db, release } = await openFileDb(folder);
  await db.exec(readFileSync(path.join(import.meta.dirname, "fixtures.sql"), "utf8"));
  for (const account of [OPERATOR, LOCKOUT_OPERATOR]) {
    await db.query("select public.operator_add($1, $2)", [account.email, await hashPassword(account.password)]);
  }
  writeFileSync(referenceCopy(), Buffer.from(await (await db.dumpDataDir("none")).arrayBuffer()));
  await db.close();
  release();
}

// Pages and data cached by an earlier run came from another database: start without them.
clearRuntimeCaches();

const folder = process.env.PGLITE_DATA_DIR;
if (!folder || folder !== process.env.E2E_DATA_DIR)
  throw new Error("PGLITE_DATA_DIR must name the browser tests' database folder, E2E_DATA_DIR");
prepareTestDatabase(folder).then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
