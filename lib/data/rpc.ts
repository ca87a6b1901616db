import "server-only";
import type { SupabaseClient } from "@supabase/supabase-js";
import { unstable_cache } from "next/cache";
import { supabase } from "../supabase/server";
import { STALE_SECONDS } from "../site";

export class DataLoadError extends Error {
  constructor(fn: string, message: string) {
    super(`Loading ${fn} failed: ${message}`);
    this.name = "DataLoadError";
  }
}

/** Calls a database function; throws DataLoadError when the call fails. */
export async function rpc<T>(fn: string, args: Record<string, unknown> = {}): Promise<T> {
  const { data, error } = await supabase().rpc(fn, args);
  if (error) throw new DataLoadError(fn, error.message);
  return data as T;
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
    if (error) throw new DataLoadError(fn, error.message);
    rows.push(...(data as T[]));
    if ((data as T[]).length < to - from + 1) break;
  }
  return rows;
}

/** Like rpcAllRows, served from Next's data cache for up to the spec's 5-minute stale time. */
export function cachedRpcAllRows<T>(fn: string, args: Record<string, unknown> = {}): Promise<T[]> {
  return unstable_cache(() => rpcAllRows<T>(fn, args), ["rpc-all", fn, JSON.stringify(args)], {
    revalidate: STALE_SECONDS,
    tags: [fn],
  })();
}

/** Like rpc, served from Next's data cache for up to the spec's 5-minute stale time. */
export function cachedRpc<T>(fn: string, args: Record<string, unknown> = {}): Promise<T> {
  return unstable_cache(() => rpc<T>(fn, args), ["rpc", fn, JSON.stringify(args)], {
    revalidate: STALE_SECONDS,
    tags: [fn],
  })();
}
