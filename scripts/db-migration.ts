/**
 * npm run db:migration -- <name>
 *
 * Writes supabase/migrations/<timestamp>_<name>.sql holding every file of
 * supabase/functions/ that the database built from the migrations does not match yet
 * (see lib/db/function-files.ts). Table changes go in a migration of their own, written
 * by hand before it.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { unappliedFunctionFiles } from "../lib/db/function-files";
import { migrationsDir } from "../lib/db/migrations";
import { createMigratedMemoryDb } from "../lib/db/pglite";

async function main(name: string | undefined) {
  if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error("Usage: npm run db:migration -- <name in lower case, with underscores>");
  const db = await createMigratedMemoryDb(false);
  const files = await unappliedFunctionFiles(db);
  if (files.length === 0) {
    console.log("The migrations already match every file of supabase/functions/: nothing to write.");
    return;
  }
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const target = path.join(migrationsDir, `${stamp}_${name}.sql`);
  const body = files.map((file) => `-- supabase/functions/${file.name}\n${file.sql.trim()}\n`).join("\n");
  writeFileSync(target, `-- Written by npm run db:migration from supabase/functions/ (edit those files, not this one).\n\n${body}`);
  console.log(`Wrote ${path.relative(process.cwd(), target)} with ${files.map((file) => file.name).join(", ")}.`);
}

main(process.argv[2]).then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
