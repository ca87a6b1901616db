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
  await gatherStatistics(db);
}

/**
 * Gathers the planner's statistics of every table, which the embedded database has no autovacuum
 * to do, and so drops the plans made before. A seeding session had kept the plans its triggers
 * made while the tables were empty: its vendor import ran about four times slower than after a
 * restart. About 0.2 s on the seed.
 */
export async function gatherStatistics(db: PGlite): Promise<void> {
  await db.exec("analyze");
}
