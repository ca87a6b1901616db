import "server-only";
import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { unstable_cache } from "next/cache";
import { serviceSupabase, supabase } from "../supabase/server";
import { STALE_SECONDS } from "../site";
import type { CacheTag } from "./cache-tags";
import { isRefusalCode, type RefusalCode } from "./refusals";
import { functionResults, SCHEMA_VERSION, type FunctionArgs } from "./database.gen";

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

/** A function the server may call through the API (lib/data/database.gen.ts). */
export type DbFunction = keyof FunctionArgs;
type Generated<F extends DbFunction> = (typeof functionResults)[F];
/** The functions whose result holds JSON: each call parses it with a schema of its feature. */
type JsonFunction = { [F in DbFunction]: Generated<F> extends null ? F : never }[DbFunction];
/** The functions whose result the generated contract describes. */
export type TypedFunction = Exclude<DbFunction, JsonFunction>;
/** The set-returning functions, read in pages by rpcAllRows. */
export type RowsFunction = { [F in TypedFunction]: Generated<F> extends z.ZodArray ? F : never }[TypedFunction];
type GeneratedResult<F extends TypedFunction> = z.output<NonNullable<Generated<F>>>;

/** One database call through a client: the function's result, parsed by its schema, or a DatabaseError. */
export interface Caller {
  <F extends DbFunction, S extends z.ZodType>(fn: F, args: FunctionArgs[F], result: S): Promise<z.output<S>>;
  <F extends TypedFunction>(fn: F, args: FunctionArgs[F]): Promise<GeneratedResult<F>>;
}

/** The function's result checked against `schema`, or a DatabaseError naming the function. */
function parsed(fn: DbFunction, schema: z.ZodType | null, data: unknown): unknown {
  if (schema === null) throw new DatabaseError(fn, "result-schema", "a result holding JSON needs its caller's schema");
  const result = schema.safeParse(data);
  if (!result.success) throw new DatabaseError(fn, "result-shape", z.prettifyError(result.error));
  return result.data;
}

async function invoke(client: SupabaseClient, fn: DbFunction, args: object, result: z.ZodType | undefined): Promise<unknown> {
  const { data, error } = await client.rpc(fn, args);
  if (error) throw new DatabaseError(fn, error.code, error.message, error.hint ?? null);
  return parsed(fn, result ?? functionResults[fn], data);
}

/** Calls a database function through the given client. */
export function callWith<F extends DbFunction, S extends z.ZodType>(
  client: SupabaseClient,
  fn: F,
  args: FunctionArgs[F],
  result: S,
): Promise<z.output<S>>;
export function callWith<F extends TypedFunction>(client: SupabaseClient, fn: F, args: FunctionArgs[F]): Promise<GeneratedResult<F>>;
export function callWith(client: SupabaseClient, fn: DbFunction, args: object, result?: z.ZodType): Promise<unknown> {
  return invoke(client, fn, args, result);
}

/** A Caller bound to a client made on each call. */
export function callerOf(client: () => SupabaseClient): Caller {
  function call<F extends DbFunction, S extends z.ZodType>(fn: F, args: FunctionArgs[F], result: S): Promise<z.output<S>>;
  function call<F extends TypedFunction>(fn: F, args: FunctionArgs[F]): Promise<GeneratedResult<F>>;
  function call(fn: DbFunction, args: object, result?: z.ZodType): Promise<unknown> {
    return invoke(client(), fn, args, result);
  }
  return call;
}

/** Calls a public read function with the anon key, as pages do. */
export const rpc = callerOf(supabase);

/** Calls a write or private function with the service role: actions, console and scripts. */
export const serviceRpc = callerOf(serviceSupabase);

/** PostgREST returns at most this many rows per call (hosted Supabase's `max-rows`). */
export const MAX_ROWS_PER_CALL = 1000;

interface PagingOptions {
  client?: SupabaseClient;
  max?: number;
}

/**
 * Every row of a set-returning function (up to `max`), read in pages of
 * MAX_ROWS_PER_CALL, with the public client unless another is given.
 */
export function rpcAllRows<F extends RowsFunction>(fn: F, args: FunctionArgs[F], options?: PagingOptions): Promise<GeneratedResult<F>>;
export function rpcAllRows<F extends DbFunction, S extends z.ZodType>(
  fn: F,
  args: FunctionArgs[F],
  options: PagingOptions & { row: S },
): Promise<Array<z.output<S>>>;
export async function rpcAllRows(
  fn: DbFunction,
  args: object,
  { client = supabase(), max = Infinity, row }: PagingOptions & { row?: z.ZodType } = {},
): Promise<unknown[]> {
  const schema = row ? z.array(row) : functionResults[fn];
  const rows: unknown[] = [];
  for (let from = 0; from < max; from += MAX_ROWS_PER_CALL) {
    const to = Math.min(from + MAX_ROWS_PER_CALL, max) - 1;
    const { data, error } = await client.rpc(fn, args).range(from, to);
    if (error) throw new DatabaseError(fn, error.code, error.message, error.hint ?? null);
    const page = parsed(fn, schema, data);
    if (!Array.isArray(page)) throw new DatabaseError(fn, "result-shape", "expected rows");
    rows.push(...page);
    if (page.length < to - from + 1) break;
  }
  return rows;
}

/** Like rpcAllRows, served from Next's data cache for up to the spec's 5-minute stale time. */
export function cachedRpcAllRows<F extends RowsFunction>(tag: CacheTag, fn: F, args: FunctionArgs[F]): Promise<GeneratedResult<F>> {
  return unstable_cache(() => rpcAllRows(fn, args), ["rpc-all", SCHEMA_VERSION, fn, JSON.stringify(args)], {
    revalidate: STALE_SECONDS,
    tags: [tag],
  })();
}

/** Like rpc, served from Next's data cache for up to the spec's 5-minute stale time, under `tag`. */
export function cachedRpc<F extends DbFunction, S extends z.ZodType>(
  tag: CacheTag,
  fn: F,
  args: FunctionArgs[F],
  result: S,
): Promise<z.output<S>>;
export function cachedRpc<F extends TypedFunction>(tag: CacheTag, fn: F, args: FunctionArgs[F]): Promise<GeneratedResult<F>>;
export function cachedRpc(tag: CacheTag, fn: DbFunction, args: object, result?: z.ZodType): Promise<unknown> {
  return unstable_cache(() => invoke(supabase(), fn, args, result), ["rpc", SCHEMA_VERSION, fn, JSON.stringify(args)], {
    revalidate: STALE_SECONDS,
    tags: [tag],
  })();
}
