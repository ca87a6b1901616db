import "server-only";
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

/** Every row of a set-returning function, read in pages of MAX_ROWS_PER_CALL. */
export async function rpcAllRows<T>(fn: string, args: Record<string, unknown> = {}): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += MAX_ROWS_PER_CALL) {
    const { data, error } = await supabase().rpc(fn, args).range(from, from + MAX_ROWS_PER_CALL - 1);
    if (error) throw new DataLoadError(fn, error.message);
    rows.push(...(data as T[]));
    if ((data as T[]).length < MAX_ROWS_PER_CALL) return rows;
  }
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
