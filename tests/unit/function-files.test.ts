import type { PGlite } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { functionFiles, unappliedFunctionFiles } from "@/lib/db/function-files";
import { freshDb } from "./helpers/db";

let db: PGlite;
beforeAll(async () => {
  db = await freshDb(false);
});

describe("the migration convention for functions (supabase/functions/)", () => {
  it("each file defines one function, is named after it and states its privileges beside it", () => {
    const files = functionFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(file.functions, file.name).toHaveLength(1);
      expect(file.functions[0].split(".")[1], file.name).toBe(file.name.replace(/\.sql$/, ""));
      expect(file.sql, file.name).toMatch(new RegExp(`revoke execute on function ${file.functions[0].replace(".", "\\.")}\\(`));
    }
  });

  it("every function of the database built from the migrations has its file", async () => {
    const { rows } = await db.query<{ fn: string }>(`
      select n.nspname || '.' || p.proname as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      left join pg_depend d on d.objid = p.oid and d.deptype = 'e'
      where n.nspname in ('public', 'private') and d.objid is null order by 1`);
    expect(rows.length).toBeGreaterThan(100);
    expect(
      functionFiles()
        .flatMap((file) => file.functions)
        .sort(),
    ).toEqual(rows.map((row) => row.fn));
  });

  it("the database built from the migrations matches every file", async () => {
    expect((await unappliedFunctionFiles(db)).map((file) => file.name)).toEqual([]);
  });

  it("a file changed after its migration is found, and checking it leaves the database as it was", async () => {
    const [file] = functionFiles();
    const changed = { ...file, sql: file.sql.replace(/\$\$\s*\n/, "$$$$\n  -- a change not yet in a migration\n") };
    expect(changed.sql).not.toBe(file.sql);
    expect((await unappliedFunctionFiles(db, [changed])).map((f) => f.name)).toEqual([file.name]);
    expect((await unappliedFunctionFiles(db)).map((f) => f.name)).toEqual([]);
  });
});
