/**
 * npm run db:contract
 *
 * Builds a database from supabase/migrations/ on PostgreSQL 15 and writes what the code holds
 * against it: lib/data/database.gen.ts (every API function's arguments and result) and
 * supabase/schema.sql (tables, views, indexes, triggers, policies, grants). Run it after
 * adding a migration; tests/unit/contract.test.ts fails while either file disagrees.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { contractFile, contractSource, schemaFile, schemaSource } from "../lib/db/contract";
import { applyMigrations, startPostgres15 } from "../lib/db/postgres15";

async function main() {
  const server = await startPostgres15();
  try {
    const owner = await server.connect("postgres");
    await applyMigrations(owner);
    writeFileSync(contractFile, await contractSource(owner));
    await owner.end();
    writeFileSync(schemaFile, schemaSource(server));
    console.log(`Wrote ${path.relative(process.cwd(), contractFile)} and ${path.relative(process.cwd(), schemaFile)}.`);
  } finally {
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
