import type { PGlite, Transaction } from "@electric-sql/pglite";
import { errorResponse, httpStatusForSqlState } from "./postgrest-errors";

/**
 * A `fetch` that answers supabase-js's PostgREST RPC requests (`/rest/v1/rpc/<fn>`)
 * from a PGlite database, the way PostgREST would: each request in its own
 * transaction as role anon, results as JSON, SQL errors as PostgREST's error JSON,
 * at most MAX_ROWS rows per call (hosted Supabase's default `max-rows`).
 */

export const MAX_ROWS = 1000;
/** Query parameters PostgREST reads itself; every other one of a GET is an argument. */
const RESERVED_PARAMS = new Set(["select", "order", "limit", "offset", "columns", "on_conflict"]);

interface FunctionSignature {
  argNames: string[];
  argTypes: string[];
  requiredCount: number;
  returnsSet: boolean;
  returnType: string;
}

const OBJECT_MEDIA_TYPE = "application/vnd.pgrst.object+json";

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function lookupFunction(tx: Transaction, name: string): Promise<FunctionSignature | null> {
  const { rows } = await tx.query<{
    arg_names: string[] | null;
    arg_types: string[];
    nargs: number;
    ndefaults: number;
    retset: boolean;
    rettype: string;
  }>(
    `select p.proargnames as arg_names, p.pronargs as nargs, p.pronargdefaults as ndefaults,
            p.proretset as retset, format_type(p.prorettype, null) as rettype,
            array(select format_type(t, null) from unnest(p.proargtypes) t) as arg_types
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.proname = $1
     limit 1`,
    [name],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    argNames: (row.arg_names ?? []).slice(0, row.nargs),
    argTypes: row.arg_types,
    requiredCount: row.nargs - row.ndefaults,
    returnsSet: row.retset,
    returnType: row.rettype,
  };
}

/** A PostgreSQL array literal, as PostgREST makes of a JSON array passed to an array argument. */
const arrayLiteral = (items: unknown[]) =>
  `{${items.map((item) => (item === null ? "NULL" : `"${String(item).replace(/[\\"]/g, "\\$&")}"`)).join(",")}}`;

function toParam(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  if (type.endsWith("[]") && Array.isArray(value)) return arrayLiteral(value);
  if (type === "json" || type === "jsonb" || typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}

async function readArgs(request: Request, url: URL): Promise<Record<string, unknown>> {
  if (request.method === "GET" || request.method === "HEAD") {
    return Object.fromEntries([...url.searchParams.entries()].filter(([key]) => !RESERVED_PARAMS.has(key)));
  }
  const text = await request.text();
  if (!text) return {};
  const parsed: unknown = JSON.parse(text);
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new SyntaxError("RPC arguments must be a JSON object");
  }
  return parsed as Record<string, unknown>;
}

export type DatabaseRole = "anon" | "service_role";

/** PostgREST's `limit` and `offset` parameters (supabase-js `.range()`), capped at MAX_ROWS. */
function rowWindow(url: URL): { limit: number; offset: number } {
  const number = (key: string) => {
    const text = url.searchParams.get(key);
    const value = text === null ? NaN : Number(text);
    return Number.isSafeInteger(value) && value >= 0 ? value : null;
  };
  return { limit: Math.min(number("limit") ?? MAX_ROWS, MAX_ROWS), offset: number("offset") ?? 0 };
}

/** Hosted Supabase's statement timeouts: 3 s for anon, 8 s for the other API roles. */
const STATEMENT_TIMEOUT_MS: Record<DatabaseRole, number> = { anon: 3000, service_role: 8000 };

class StatementTimeout extends Error {
  code = "57014";
  constructor() {
    super("canceling statement due to statement timeout");
  }
}

async function callFunction(
  db: PGlite,
  role: DatabaseRole,
  name: string,
  args: Record<string, unknown>,
  wantsObject: boolean,
  window: { limit: number; offset: number },
  timeoutMs: number,
): Promise<Response> {
  return db.transaction(async (tx) => {
    // PGlite runs a statement to the end on this thread and cannot be interrupted, so the
    // timeout is applied when it returns: too slow a call is rolled back and answered as
    // PostgREST answers a cancelled statement.
    const started = performance.now();
    const response = await callInTransaction(tx, role, name, args, wantsObject, window);
    if (performance.now() - started > timeoutMs) throw new StatementTimeout();
    return response;
  });
}

async function callInTransaction(
  tx: Transaction,
  role: DatabaseRole,
  name: string,
  args: Record<string, unknown>,
  wantsObject: boolean,
  window: { limit: number; offset: number },
): Promise<Response> {
  await tx.query("select set_config('role', $1, true)", [role]);
  const signature = await lookupFunction(tx, name);
  const given = Object.keys(args);
  const signatureText = `public.${name}(${given.join(", ")})`;
  const missing = signature?.argNames.slice(0, signature.requiredCount).filter((arg) => !given.includes(arg));
  if (!signature || given.some((arg) => !signature.argNames.includes(arg)) || missing?.length) {
    return errorResponse(404, {
      code: "PGRST202",
      message: `Could not find the function ${signatureText} in the schema cache`,
      details: "Searched for the function with the given argument names, but no matches were found.",
      hint: null,
    });
  }
  const params: Array<string | null> = [];
  const namedArgs = given.map((arg) => {
    const type = signature.argTypes[signature.argNames.indexOf(arg)];
    params.push(toParam(args[arg], type));
    return `${quoteIdent(arg)} => $${params.length}::${type}`;
  });
  const call = `public.${quoteIdent(name)}(${namedArgs.join(", ")})`;
  if (signature.returnsSet) {
    const { rows } = await tx.query<{ r: unknown[] }>(
      `select coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb) as r
       from (select * from ${call} t limit ${window.limit} offset ${window.offset}) t`,
      params,
    );
    const result = rows[0].r;
    if (!wantsObject) return json(200, result);
    if (result.length !== 1) return singularityError(result.length);
    return json(200, result[0]);
  }
  if (signature.returnType === "void") {
    await tx.query(`select ${call}`, params);
    return new Response(null, { status: 204 });
  }
  const { rows } = await tx.query<{ r: unknown }>(`select to_jsonb(${call}) as r`, params);
  const result = rows[0].r;
  if (wantsObject && result === null) return singularityError(0);
  return json(200, result);
}

function singularityError(count: number): Response {
  return errorResponse(406, {
    code: "PGRST116",
    message: "JSON object requested, multiple (or no) rows returned",
    details: `The result contains ${count} rows`,
    hint: null,
  });
}

export function createEmbeddedFetch(
  getDb: () => Promise<PGlite>,
  role: DatabaseRole = "anon",
  timeoutMs = STATEMENT_TIMEOUT_MS[role],
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const match = /^\/rest\/v1\/rpc\/([A-Za-z_][A-Za-z0-9_]*)$/.exec(url.pathname);
    if (!match) {
      return errorResponse(404, {
        code: "PGRST125",
        message: "Invalid path specified in request URL",
        details: "The embedded database answers only /rest/v1/rpc/<function> requests.",
        hint: null,
      });
    }
    let args: Record<string, unknown>;
    try {
      args = await readArgs(request, url);
    } catch (error) {
      return errorResponse(400, { code: "PGRST102", message: "Empty or invalid json", details: String(error), hint: null });
    }
    const wantsObject = (request.headers.get("accept") ?? "").includes(OBJECT_MEDIA_TYPE);
    try {
      return await callFunction(await getDb(), role, match[1], args, wantsObject, rowWindow(url), timeoutMs);
    } catch (error) {
      const sqlError = error as { code?: string; message?: string; detail?: string; hint?: string };
      // PostgREST answers a missing privilege with 401 for the anonymous role, 403 for others.
      const status = sqlError.code === "42501" && role !== "anon" ? 403 : httpStatusForSqlState(sqlError.code);
      return errorResponse(status, {
        code: sqlError.code ?? "PGRST000",
        message: sqlError.message ?? String(error),
        details: sqlError.detail ?? null,
        hint: sqlError.hint ?? null,
      });
    }
  };
}
