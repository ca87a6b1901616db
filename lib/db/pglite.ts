import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { migrate, seed } from "./migrations";

/** PGlite with the extensions the migrations need. */
export function createPGlite(options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { pg_trgm } });
}

/** A fresh in-memory database with every migration applied and, optionally, the seed. */
export async function createMigratedMemoryDb(withSeed: boolean): Promise<PGlite> {
  const db = await createPGlite();
  await migrate(db);
  if (withSeed) await seed(db);
  return db;
}
