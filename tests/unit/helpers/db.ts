import type { PGlite } from "@electric-sql/pglite";
import { createMigratedMemoryDb } from "@/lib/db/pglite";

/** A fresh in-memory database with the real migrations (and the seed, when asked). */
export function freshDb(withSeed = true): Promise<PGlite> {
  return createMigratedMemoryDb(withSeed);
}

/** Runs a query as the anon role, the way PostgREST does for a visitor. */
export async function asAnon<T>(db: PGlite, sql: string, params: unknown[] = []): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.query("select set_config('role', 'anon', true)");
    return (await tx.query<T>(sql, params)).rows;
  });
}

export const ownerToken = (n = 1) => `owner-token-${String(n).padStart(2, "0")}-abcdefghijklmnopqrstuvwxyz`;
