import { spawnSync } from "node:child_process";
import path from "node:path";
import type pg from "pg";
import { format, resolveConfig } from "prettier";
import { migrationFiles } from "./migrations";
import type { Postgres15 } from "./postgres15";

/**
 * The contract between the code and the database, generated from a database built from the
 * migrations (`npm run db:contract`), and checked against one by tests/unit/contract.test.ts:
 *
 * - lib/data/database.gen.ts: every function the server's key may call, with its arguments'
 *   names and types and a zod schema of its result. A result holding JSON has no schema
 *   there: its callers parse it with the schema of their own feature (lib/data/rpc.ts).
 * - supabase/schema.sql: every table, view, index, trigger, policy and grant, as pg_dump
 *   prints them; functions have their own files in supabase/functions/.
 */
export const contractFile = path.join(process.cwd(), "lib", "data", "database.gen.ts");
export const schemaFile = path.join(process.cwd(), "supabase", "schema.sql");

interface CatalogType {
  oid: number;
  name: string;
  /** b base, c composite, d domain, e enum, p pseudo. */
  kind: string;
  element: number;
  base: number;
  attributes: Array<{ name: string; type: number }> | null;
}

interface CatalogFunction {
  name: string;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  arg_types: number[];
  in_types: number[];
  defaults: number;
  returns: number;
  returns_set: boolean;
}

const TEXT = new Set(["text", "varchar", "bpchar", "citext", "uuid", "date", "timestamptz", "timestamp", "time", "interval", "inet"]);
const NUMBER = new Set(["int2", "int4", "int8", "float4", "float8", "numeric", "oid"]);
const JSON_TYPES = new Set(["json", "jsonb"]);

async function catalog(client: pg.Client): Promise<{ functions: CatalogFunction[]; types: Map<number, CatalogType> }> {
  const functions = (
    await client.query<CatalogFunction>(`
      select p.proname as name, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
        coalesce(p.proallargtypes, p.proargtypes::oid[])::int[] as arg_types, p.proargtypes::oid[]::int[] as in_types,
        p.pronargdefaults as defaults, p.prorettype::int as returns, p.proretset as returns_set
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
        and has_function_privilege('service_role', p.oid, 'execute')
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by p.proname`)
  ).rows;
  const types = new Map(
    (
      await client.query<CatalogType>(`
        select t.oid::int as oid, t.typname as name, t.typtype as kind, t.typelem::int as element, t.typbasetype::int as base,
          (select json_agg(json_build_object('name', a.attname, 'type', a.atttypid::int) order by a.attnum)
             from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped) as attributes
        from pg_type t`)
    ).rows.map((type) => [type.oid, type]),
  );
  return { functions, types };
}

/** What a function's result holds, as a zod expression; null when it holds JSON anywhere. */
function resultSchema(type: CatalogType, types: Map<number, CatalogType>): string | null {
  const of = (oid: number) => {
    const found = types.get(oid);
    if (!found) throw new Error(`Unknown type ${oid}`);
    return found;
  };
  if (JSON_TYPES.has(type.name)) return null;
  if (type.kind === "d") return resultSchema(of(type.base), types);
  if (type.element !== 0 && type.name.startsWith("_")) {
    const element = resultSchema(of(type.element), types);
    return element && `z.array(${element}).nullable()`;
  }
  if (type.kind === "c") return objectSchema(type.attributes ?? [], types, true);
  if (type.name === "void") return "z.unknown().transform((): void => undefined)";
  if (type.kind === "e" || TEXT.has(type.name)) return "z.string().nullable()";
  if (NUMBER.has(type.name)) return "z.number().nullable()";
  if (type.name === "bool") return "z.boolean().nullable()";
  throw new Error(`No schema for the type ${type.name}`);
}

function objectSchema(columns: Array<{ name: string; type: number }>, types: Map<number, CatalogType>, nullable: boolean): string | null {
  const fields: string[] = [];
  for (const column of columns) {
    const schema = resultSchema(types.get(column.type)!, types);
    if (schema === null) return null;
    fields.push(`${/^[a-z_][a-z0-9_]*$/i.test(column.name) ? column.name : JSON.stringify(column.name)}: ${schema}`);
  }
  return `z.object({ ${fields.join(", ")} })${nullable ? ".nullable()" : ""}`;
}

/** An argument's TypeScript type, as supabase-js sends it. */
function argumentType(type: CatalogType, types: Map<number, CatalogType>): string {
  if (JSON_TYPES.has(type.name)) return "JsonArgument";
  if (type.kind === "d") return argumentType(types.get(type.base)!, types);
  if (type.element !== 0 && type.name.startsWith("_")) return `ReadonlyArray<${argumentType(types.get(type.element)!, types)}>`;
  if (type.kind === "e" || TEXT.has(type.name)) return "string";
  if (NUMBER.has(type.name)) return "number";
  if (type.name === "bool") return "boolean";
  throw new Error(`No argument type for ${type.name}`);
}

function describe(fn: CatalogFunction, types: Map<number, CatalogType>): { args: string; result: string | null } | null {
  const modes = fn.arg_modes ?? fn.arg_types.map(() => "i");
  const names = fn.arg_names ?? [];
  const inputs = fn.arg_types
    .map((type, index) => ({ name: names[index], type, mode: modes[index] }))
    .filter((a) => "ibv".includes(a.mode));
  const outputs = fn.arg_types
    .map((type, index) => ({ name: names[index], type, mode: modes[index] }))
    .filter((a) => "obt".includes(a.mode));
  // A function taking a table's row (a helper of other functions) is not called through the API.
  if (inputs.some((arg) => types.get(arg.type)!.kind === "c" || !arg.name)) return null;
  const required = inputs.length - fn.defaults;
  const args = inputs.map(
    (arg, index) => `${arg.name}${index >= required ? "?" : ""}: ${argumentType(types.get(arg.type)!, types)} | null`,
  );
  let row = outputs.length > 0 ? objectSchema(outputs, types, false) : resultSchema(types.get(fn.returns)!, types);
  if (row !== null && fn.returns_set) row = `z.array(${row.replace(/\.nullable\(\)$/, "")})`;
  else if (row !== null && outputs.length > 0) row = `${row}.nullable()`;
  return { args: args.length > 0 ? `{ ${args.join("; ")} }` : "Record<string, never>", result: row };
}

/** lib/data/database.gen.ts's text, from the migrated database's catalog. */
export async function contractSource(client: pg.Client): Promise<string> {
  const { functions, types } = await catalog(client);
  const entries = functions.flatMap((fn) => {
    const described = describe(fn, types);
    return described ? [{ name: fn.name, ...described }] : [];
  });
  const source = `// Generated by npm run db:contract from the database built from supabase/migrations/: do not edit.
// Every function the server's key may call through the API: its arguments and the schema of its
// result (null where the result holds JSON: callers parse it with their feature's schema).
import { z } from "zod";

/** A jsonb argument: any value supabase-js can send as JSON. */
type JsonArgument = string | number | boolean | object | null;

export interface FunctionArgs {
${entries.map((entry) => `  ${entry.name}: ${entry.args};`).join("\n")}
}

export const functionResults = {
${entries.map((entry) => `  ${entry.name}: ${entry.result ?? "null"},`).join("\n")}
} as const;

/**
 * The last migration this contract was built from. Part of every cached answer's key: a server
 * upgraded in place never reads an answer its previous version cached in another shape.
 */
export const SCHEMA_VERSION = "${migrationFiles()
    .at(-1)!
    .replace(/\.sql$/, "")}";
`;
  return format(source, { ...(await resolveConfig(contractFile)), filepath: contractFile });
}

/**
 * supabase/schema.sql's text: pg_dump's schema of public and private without the functions
 * (each has its file in supabase/functions/) and without the lines that name the server's
 * version or a random key.
 */
export function schemaSource(server: Postgres15): string {
  const dump = spawnSync(
    path.join(server.bin, "pg_dump"),
    [
      "-h",
      "127.0.0.1",
      "-p",
      String(server.port),
      "-U",
      "supabase_admin",
      "--schema-only",
      "--schema=public",
      "--schema=private",
      "postgres",
    ],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr}`);
  const entries = dump.stdout.split(/\n(?=--\n-- Name: )/);
  const kept = entries.slice(1).filter((entry) => !isFunctionEntry(entry));
  return `-- Generated by npm run db:contract from the database built from supabase/migrations/: do not edit.
-- The schema as PostgreSQL 15 holds it: tables, views, indexes, triggers, policies and grants.
-- Each function is in supabase/functions/<its name>.sql.
${kept
  .join("\n")
  .split("\n")
  .filter((line) => !/^\\(un)?restrict /.test(line))
  .join("\n")
  .replace(/\n+$/, "\n")}`;
}

/** A function, or a function's grant or comment: left to its file. */
const isFunctionEntry = (entry: string) => /^-- Name: [^;]*; Type: FUNCTION;|^-- Name: FUNCTION [^;]*; Type: (ACL|COMMENT);/m.test(entry);
