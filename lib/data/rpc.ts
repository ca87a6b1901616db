import "server-only";
import type { SupabaseClient } from "@supabase/supabase-js";
import { unstable_cache } from "next/cache";
import { serviceSupabase, supabase } from "../supabase/server";
import { STALE_SECONDS } from "../site";
import type { CacheTag } from "./cache-tags";

/**
 * A database function's failure, with PostgREST's error code. Functions refuse bad input
 * with SQLSTATE P0001 or a PTnnn code (4xx) and a message written for the person who sent
 * it; every other failure is ours, and the user gets a general message instead.
 */
export class DatabaseError extends Error {
  constructor(readonly fn: string, readonly code: string | undefined, readonly reason: string) {
    super(`Calling ${fn} failed: ${reason}`);
    this.name = "DatabaseError";
  }

  /** The function's own message for the user when it refused the input; null for a fault. */
  get refusal(): string | null {
    return this.code === "P0001" || /^PT4\d\d$/.test(this.code ?? "") ? this.reason : null;
  }
}

/** One database call: the function's result, or a DatabaseError. */
export type Caller = <T>(fn: string, args?: Record<string, unknown>) => Promise<T>;

/** Calls a database function through the given client. */
export async function callWith<T>(client: SupabaseClient, fn: string, args: Record<string, unknown> = {}): Promise<T> {
  const { data, error } = await client.rpc(fn, args);
  if (error) throw new DatabaseError(fn, error.code, error.message);
  return data as T;
}

/** Calls a public read function with the anon key, as pages do. */
export const rpc = <T>(fn: string, args: Record<string, unknown> = {}): Promise<T> => callWith<T>(supabase(), fn, args);

/** Calls a write or private function with the service role: actions, console and scripts. */
export const serviceRpc = <T>(fn: string, args: Record<string, unknown> = {}): Promise<T> => callWith<T>(serviceSupabase(), fn, args);

/**
 * A service call for an action that answers its failure rather than throwing it: the
 * result, or the DatabaseError (logged as "`what` failed"). Anything else is thrown.
 */
export async function serviceAttempt<T>(what: string, fn: string, args: Record<string, unknown>): Promise<{ data: T } | { error: DatabaseError }> {
  try {
    return { data: await serviceRpc<T>(fn, args) };
  } catch (error) {
    if (!(error instanceof DatabaseError)) throw error;
    console.error(`${what} failed:`, error.reason);
    return { error };
  }
}

/** PostgREST returns at most this many rows per call (hosted Supabase's `max-rows`). */
export const MAX_ROWS_PER_CALL = 1000;

/**
 * Every row of a set-returning function (up to `max`), read in pages of
 * MAX_ROWS_PER_CALL, with the public client unless another is given.
 */
export async function rpcAllRows<T>(fn: string, args: Record<string, unknown> = {},
  { client = supabase(), max = Infinity }: { client?: SupabaseClient; max?: number } = {}): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; from < max; from += MAX_ROWS_PER_CALL) {
    const to = Math.min(from + MAX_ROWS_PER_CALL, max) - 1;
    const { data, error } = await client.rpc(fn, args).range(from, to);
    if (error) throw new DatabaseError(fn, error.code, error.message);
    rows.push(...(data as T[]));
    if ((data as T[]).length < to - from + 1) break;
  }
  return rows;
}

/** Like rpcAllRows, served from Next's data cache for up to the spec's 5-minute stale time. */
export function cachedRpcAllRows<T>(tag: CacheTag, fn: string, args: Record<string, unknown> = {}): Promise<T[]> {
  return unstable_cache(() => rpcAllRows<T>(fn, args), ["rpc-all", fn, JSON.stringify(args)], {
    revalidate: STALE_SECONDS,
    tags: [tag],
  })();
}

/** Like rpc, served from Next's data cache for up to the spec's 5-minute stale time, under `tag`. */
export function cachedRpc<T>(tag: CacheTag, fn: string, args: Record<string, unknown> = {}): Promise<T> {
  return unstable_cache(() => rpc<T>(fn, args), ["rpc", fn, JSON.stringify(args)], {
    revalidate: STALE_SECONDS,
    tags: [tag],
  })();
}
