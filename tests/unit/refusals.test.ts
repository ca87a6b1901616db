import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { REFUSAL_CODES } from "@/lib/data/refusals";
import { asService, freshDb, ownerToken } from "./helpers/db";

const functionsDir = path.join(process.cwd(), "supabase/functions");
const sql = readdirSync(functionsDir)
  .filter((file) => file.endsWith(".sql"))
  .map((file) => ({ file, text: readFileSync(path.join(functionsDir, file), "utf8") }));

describe("refusals travel as codes", () => {
  it("every RAISE of a refusal in supabase/functions/ carries a hint that is a known code", () => {
    const raises = sql
      .flatMap(({ file, text }) => [...text.matchAll(/raise exception [^;]*;/g)].map((m) => ({ file, raise: m[0] })))
      .filter(({ raise }) => !raise.includes("'PTDRY'"));
    expect(raises.length).toBeGreaterThan(70);
    const unknown = raises.filter(({ raise }) => {
      const hint = /hint = '([a-z-]+)'(?! \|\|)/.exec(raise)?.[1];
      return hint
        ? !(REFUSAL_CODES as readonly string[]).includes(hint)
        : !raise.includes("hint = 'limit-' ||") && !raise.includes("hint = problem->>'code'");
    });
    expect(unknown).toEqual([]);
  });

  it("every code is raised somewhere: the catalogue holds no code the database never sends", () => {
    const all = sql.map(({ text }) => text).join("\n");
    const limitKinds = [...all.matchAll(/count_write_attempt\('([a-z_]+)'/g)].map((m) => `limit-${m[1].replaceAll("_", "-")}`);
    const rateCard = [...all.matchAll(/'code', '([a-z-]+)'/g)].map((m) => m[1]);
    const raised = new Set([...[...all.matchAll(/hint = '([a-z-]+)'(?! \|\|)/g)].map((m) => m[1]), ...limitKinds, ...rateCard]);
    expect([...REFUSAL_CODES].filter((code) => !raised.has(code))).toEqual([]);
    expect([...raised].filter((code) => !(REFUSAL_CODES as readonly string[]).includes(code))).toEqual([]);
  });

  describe("on the database", () => {
    let db: PGlite;
    beforeAll(async () => {
      db = await freshDb(true);
    });
    const hintOf = (query: string, params: unknown[] = []) =>
      asService(db, query, params).then(
        () => null,
        (error: { hint?: string }) => error.hint,
      );

    it("a plain refusal, a limit and a rate card problem each answer their code", async () => {
      expect(await hintOf("select public.operator_resend_lead(987654, 'ops')")).toBe("no-record");
      expect(await hintOf("select public.create_lead($1, 'short', null)", [ownerToken()])).toBe("client-key");
      for (let i = 0; i < 30; i++) await asService(db, "select public.create_lead($1, 'refusal-test-client', null)", [ownerToken()]);
      expect(await hintOf("select public.create_lead($1, 'refusal-test-client', null)", [ownerToken()])).toBe("limit-lead");
      const card = {
        classes: [{ class: "small", day: 100, week: 800, four_week: null, day_hours: null, week_hours: null, four_week_hours: null }],
      };
      expect(await hintOf("select public.operator_set_rate_card(1, $1, 'ops')", [JSON.stringify(card)])).toBe("rates-week");
    });
  });
});
