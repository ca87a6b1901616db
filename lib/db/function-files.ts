import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/**
 * The migration convention for functions. Every function has its current definition in
 * supabase/functions/<its name>.sql, one function a file, with its revoke and grant beside
 * it. A change is made there, and `npm run db:migration -- <name>` writes a migration holding
 * every function file the migrations do not yet match. The database built from the
 * migrations must match every file, and have no function without one
 * (tests/unit/function-files.test.ts).
 */
const functionsDir = path.join(process.cwd(), "supabase", "functions");

/** A file of supabase/functions/ and the functions it defines, schema-qualified (public.x, private.y). */
export interface FunctionFile {
  name: string;
  sql: string;
  functions: string[];
}

export function functionFiles(): FunctionFile[] {
  const files = readdirSync(functionsDir)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(functionsDir, name), "utf8");
      const functions = [...sql.matchAll(/create (?:or replace )?function ((?:public|private)\.[a-z_0-9]+)\s*\(/gi)].map(
        (match) => match[1],
      );
      return { name, sql, functions };
    });
  return inDependencyOrder(files);
}

/**
 * The files ordered so that a file calling a function of another file comes after it
 * (a SQL function's body is checked when it is created), by name where nothing decides.
 */
function inDependencyOrder(files: FunctionFile[]): FunctionFile[] {
  const uses = (file: FunctionFile, other: FunctionFile) =>
    other !== file && other.functions.some((fn) => new RegExp(`${fn.replace(".", "\\.")}\\s*\\(`).test(file.sql));
  const ordered: FunctionFile[] = [];
  const placing = new Set<FunctionFile>();
  const place = (file: FunctionFile) => {
    if (ordered.includes(file) || placing.has(file)) return;
    placing.add(file);
    files.filter((other) => uses(file, other)).forEach(place);
    ordered.push(file);
  };
  files.forEach(place);
  return ordered;
}

/** Each named function's signature, full definition and privileges, as the database has them. */
async function definitions(db: PGlite, functions: string[]): Promise<string> {
  const { rows } = await db.query<{ def: string }>(
    `
    select p.oid::regprocedure::text || E'\\n' || pg_get_functiondef(p.oid) || E'\\n' || coalesce(p.proacl::text, '') as def
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname || '.' || p.proname = any ($1) order by 1`,
    [functions],
  );
  return rows.map((row) => row.def).join("\n");
}

/**
 * The function files a database does not match yet. All files are applied in one
 * transaction that is rolled back (so a file may call a function another file adds), and
 * the database is left as it was.
 */
export async function unappliedFunctionFiles(db: PGlite, files = functionFiles()): Promise<FunctionFile[]> {
  const before = await Promise.all(files.map((file) => definitions(db, file.functions)));
  const after: string[] = [];
  await db.transaction(async (tx) => {
    for (const file of files) await tx.exec(file.sql);
    for (const file of files) after.push(await definitions(tx as unknown as PGlite, file.functions));
    await tx.rollback();
  });
  return files.filter((_, index) => after[index] !== before[index]);
}
