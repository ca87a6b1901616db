import "server-only";
import type { SupabaseClient } from "@supabase/supabase-js";
import { unstable_cache } from "next/cache";
import { serviceSupabase, supabase } from "../supabase/server";
import { STALE_SECONDS } from "../site";
import type { CacheTag } from "./cache-tags";
import { isRefusalCode, type RefusalCode } from "./refusals";

/**
 * A database function's failure, with PostgREST's error code. Functions refuse bad input
 * with SQLSTATE P0001 or a PTnnn code (4xx) and the refusal's code as the hint
 * (lib/data/refusals.ts); every other failure is ours, and the user gets a general
 * message instead.
 */
export class DatabaseError extends Error {
  constructor(
    readonly fn: string,
    readonly code: string | undefined,
    readonly reason: string,
    readonly hint: string | null = null,
  ) {
    super(`Calling ${fn} failed: ${reason}`);
    this.name = "DatabaseError";
  }

  /** The refusal's code when the function refused the input; null for a fault. */
  get refusal(): RefusalCode | null {
    const refused = this.code === "P0001" || /^PT4\d\d$/.test(this.code ?? "");
    return refused && isRefusalCode(this.hint) ? this.hint : null;
  }
}

/** One database call: the function's result, or a DatabaseError. */
export type Caller = <T>(fn: string, args?: Record<string, unknown>) => Promise<T>;

/** Calls a database function through the given client. */
export async function callWith<T>(client: SupabaseClient, fn: string, args: Record<string, unknown> = {}): Promise<T> {
  const { data, error } = await client.rpc(fn, args);
  if (error) throw new DatabaseError(fn, error.code, error.message, error.hint ?? null);
  return data as T;
}

/** Calls a public read function with the anon key, as pages do. */
export const rpc = <T>(fn: string, args: Record<string, unknown> = {}): Promise<T> => callWith<T>(supabase(), fn, args);

/** Calls a write or private function with the service role: actions, console and scripts. */
export const serviceRpc = <T>(fn: string, args: Record<string, unknown> = {}): Promise<T> => callWith<T>(serviceSupabase(), fn, args);

/** A database call's outcome for an action: its result, or the code of its refusal. */
export type Attempt<T> = { ok: true; data: T } | { ok: false; refusal: RefusalCode };

/**
 * Runs a database call for an action that answers a refusal rather than throwing it.
 * A fault (anything but a refusal) is thrown, unless `what` names the call: then it is
 * logged as "`what` failed" and answered as null, for actions that show a general message.
 */
export async function attempt<T>(call: () => Promise<T>): Promise<Attempt<T>>;
export async function attempt<T>(call: () => Promise<T>, what: string): Promise<Attempt<T> | null>;
export async function attempt<T>(call: () => Promise<T>, what?: string): Promise<Attempt<T> | null> {
  try {
    return { ok: true, data: await call() };
  } catch (error) {
    const refusal = error instanceof DatabaseError ? error.refusal : null;
    if (refusal) return { ok: false, refusal };
    if (what === undefined || !(error instanceof DatabaseError)) throw error;
    console.error(`${what} failed:`, error.reason);
    return null;
  }
}

/** PostgREST returns at most this many rows per call (hosted Supabase's `max-rows`). */
export const MAX_ROWS_PER_CALL = 1000;

/**
 * Every row of a set-returning function (up to `max`), read in pages of
 * MAX_ROWS_PER_CALL, with the public client unless another is given.
 */
export async function rpcAllRows<T>(
  fn: string,
  args: Record<string, unknown> = {},
  { client = supabase(), max = Infinity }: { client?: SupabaseClient; max?: number } = {},
): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; from < max; from += MAX_ROWS_PER_CALL) {
    const to = Math.min(from + MAX_ROWS_PER_CALL, max) - 1;
    const { data, error } = await client.rpc(fn, args).range(from, to);
    if (error) throw new DatabaseError(fn, error.code, error.message, error.hint ?? null);
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
