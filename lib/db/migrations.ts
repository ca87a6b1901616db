import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

const root = process.cwd();
export const migrationsDir = path.join(root, "supabase", "migrations");
const bootstrapFile = path.join(root, "supabase", "bootstrap", "embedded.sql");
export const seedFile = path.join(root, "supabase", "seed.sql");

export function migrationFiles(): string[] {
  return readdirSync(migrationsDir)
    .filter((name) => name.endsWith(".sql"))
    .sort();
}

/** Applies the embedded bootstrap and every migration not yet applied, in name order. */
export async function migrate(db: PGlite): Promise<string[]> {
  await db.exec(readFileSync(bootstrapFile, "utf8"));
  const done = new Set((await db.query<{ name: string }>("select name from embedded.applied_migrations")).rows.map((row) => row.name));
  const applied: string[] = [];
  for (const name of migrationFiles()) {
    if (done.has(name)) continue;
    const sql = readFileSync(path.join(migrationsDir, name), "utf8");
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query("insert into embedded.applied_migrations (name) values ($1)", [name]);
    });
    applied.push(name);
  }
  return applied;
}

export async function seed(db: PGlite): Promise<void> {
  await db.exec(readFileSync(seedFile, "utf8"));
}
