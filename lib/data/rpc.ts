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

/** Like rpc, served from Next's data cache for up to the spec's 5-minute stale time. */
export function cachedRpc<T>(fn: string, args: Record<string, unknown> = {}): Promise<T> {
  return unstable_cache(() => rpc<T>(fn, args), ["rpc", fn, JSON.stringify(args)], {
    revalidate: STALE_SECONDS,
    tags: [fn],
  })();
}
