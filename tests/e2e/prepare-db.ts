/**
 * Creates the browser tests' database before the server starts: the real migrations
 * and seed (as the server would on first start), then the fixtures and the operator
 * accounts. Runtime caches of earlier runs are dropped.
 */
import { openFileDb } from "../../lib/db/embedded";
import { hashPassword } from "../../lib/operator/password";
import { clearRuntimeCaches } from "../../scripts/runtime-caches";
import { applyFixtures } from "./helpers/fixtures";
import { LOCKOUT_OPERATOR, OPERATOR } from "./helpers/operator";

async function main(folder: string) {
  const { db, release } = await openFileDb(folder);
  await applyFixtures(db);
  for (const account of [OPERATOR, LOCKOUT_OPERATOR]) {
    await db.query("select public.operator_add($1, $2)", [account.email, await hashPassword(account.password)]);
  }
  await db.close();
  release();
}

// Pages and data cached by an earlier run came from another database: start without them.
clearRuntimeCaches();

const folder = process.env.PGLITE_DATA_DIR;
if (!folder) throw new Error("PGLITE_DATA_DIR must name the test database folder");
main(folder).then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
