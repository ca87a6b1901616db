import { openFileDb } from "../../../lib/db/embedded";
import { hashPassword } from "../../../lib/operator/password";
import { applyFixtures } from "./fixtures";
import { LOCKOUT_OPERATOR, OPERATOR } from "./operator";

/**
 * Creates a browser-test database in `folder`: the real migrations and seed (as the server
 * would on first start), then the fixtures and the operator accounts.
 */
export async function prepareTestDatabase(folder: string): Promise<void> {
  const { db, release } = await openFileDb(folder);
  await applyFixtures(db);
  for (const account of [OPERATOR, LOCKOUT_OPERATOR]) {
    await db.query("select public.operator_add($1, $2)", [account.email, await hashPassword(account.password)]);
  }
  await db.close();
  release();
}
