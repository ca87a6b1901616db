import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { createClient } from "@supabase/supabase-js";
import { callerOf, type Caller } from "@/lib/data/rpc";
import { createPGlite } from "@/lib/db/pglite";
import { createEmbeddedFetch } from "@/lib/supabase/embedded-fetch";

/** A fresh in-memory database with the real migrations (and the seed, when asked): a copy of the run's snapshot. */
export function freshDb(withSeed = true): Promise<PGlite> {
  const snapshots = inject("databaseSnapshots");
  const file = withSeed ? snapshots.seeded : snapshots.empty;
  return createPGlite({ loadDataDir: new Blob([readFileSync(file)]) });
}

async function asRole<T>(role: "anon" | "service_role", db: PGlite, sql: string, params: unknown[]): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.query("select set_config('role', $1, true)", [role]);
    return (await tx.query<T>(sql, params)).rows;
  });
}

/** Runs a query as the anon role, the way PostgREST does for a visitor. */
export const asAnon = <T>(db: PGlite, sql: string, params: unknown[] = []) => asRole<T>("anon", db, sql, params);

/** Runs a query as the service role, the server's writing credential. */
export const asService = <T>(db: PGlite, sql: string, params: unknown[] = []) => asRole<T>("service_role", db, sql, params);

/** A calendar day `offset` days from today (UTC, as the database's current_date), as yyyy-mm-dd. */
export const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export const ownerToken = (n = 1) => `owner-token-${String(n).padStart(2, "0")}-abcdefghijklmnopqrstuvwxyz`;

/** A supabase-js client answered by the embedded database in this process, as `role`. */
export const embeddedClient = (db: PGlite, role: "anon" | "service_role" = "service_role") =>
  createClient("http://embedded.localhost", "embedded-key", {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: createEmbeddedFetch(async () => db, role) },
  });

/**
 * A data caller over the embedded transport, as the server makes its calls: supabase-js
 * requests answered from this database as PostgREST would, with its statement timeouts.
 */
export function embeddedCaller(db: PGlite, role: "anon" | "service_role" = "service_role"): Caller {
  const client = embeddedClient(db, role);
  return callerOf(() => client);
}
