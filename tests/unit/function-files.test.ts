import type { PGlite } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { functionFiles, unappliedFunctionFiles } from "@/lib/db/function-files";
import { freshDb } from "./helpers/db";

let db: PGlite;
beforeAll(async () => {
  db = await freshDb(false);
});

describe("the migration convention for functions (supabase/functions/)", () => {
  it("each file is named for a function it defines and states every one's privileges beside it", () => {
    const files = functionFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(file.functions, file.name).toContain(`public.${file.name.replace(/\.sql$/, "")}`);
      for (const fn of file.functions) expect(file.sql, `${file.name}: ${fn}`).toMatch(new RegExp(`revoke execute on function[^;]*${fn.replace(".", "\\.")}\\(`));
    }
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
