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

/**
 * The baseline and the last migration it replaced: a database made before the squash, which
 * applied that migration, already has the baseline's schema (CHANGELOG.md).
 */
const BASELINE = "20261127154000_baseline.sql";
const SQUASHED_UP_TO = "20261127153850_unknown_review_refused.sql";

/** Applies the embedded bootstrap and every migration not yet applied, in name order. */
export async function migrate(db: PGlite): Promise<string[]> {
  await db.exec(readFileSync(bootstrapFile, "utf8"));
  const done = new Set((await db.query<{ name: string }>("select name from embedded.applied_migrations")).rows.map((row) => row.name));
  if (done.size > 0 && !done.has(BASELINE)) {
    if (!done.has(SQUASHED_UP_TO))
      throw new Error(
        "This embedded database was made by migrations older than the baseline: start the previous version once to bring it up to date, or back it up and npm run db:reset.",
      );
    await db.query("insert into embedded.applied_migrations (name) values ($1)", [BASELINE]);
    done.add(BASELINE);
  }
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
