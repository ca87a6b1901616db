import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { contractFile, contractSource, schemaFile, schemaSource } from "@/lib/db/contract";
import { applyMigrations, startPostgres15, type Postgres15 } from "@/lib/db/postgres15";
import { DatabaseError, type Caller } from "@/lib/data/rpc";
import { countryPageSchema } from "@/lib/listings/types";
import { embeddedCaller, freshDb } from "./helpers/db";

let server: Postgres15;
let contract: string;
let schema: string;
let db: PGlite;
let anon: Caller;

beforeAll(async () => {
  server = await startPostgres15();
  const owner = await server.connect("postgres");
  await applyMigrations(owner);
  contract = await contractSource(owner);
  await owner.end();
  schema = schemaSource(server);
  db = await freshDb(true);
  anon = embeddedCaller(db, "anon");
});

afterAll(async () => {
  await server?.stop();
});

describe("the contract between the code and the database (npm run db:contract)", () => {
  it("lib/data/database.gen.ts is what the migrated database's catalog says", () => {
    expect(readFileSync(contractFile, "utf8"), "run npm run db:contract").toBe(contract);
  });

  it("supabase/schema.sql is the migrated database's schema: tables, indexes, triggers, policies and grants, without functions", () => {
    expect(readFileSync(schemaFile, "utf8"), "run npm run db:contract").toBe(schema);
    expect(schema).toMatch(/CREATE TABLE public\.vendors \(/);
    expect(schema).toMatch(/CREATE INDEX \w+ ON public\.leads /);
    expect(schema).toMatch(/CREATE TRIGGER \w+ /);
    expect(schema).toMatch(/CREATE POLICY ".+" ON public\.vendors /);
    expect(schema).toMatch(/GRANT SELECT\b.* ON TABLE public\.vendors TO anon;/);
    expect(schema).not.toMatch(/CREATE FUNCTION/);
    expect(schema).not.toMatch(/Dumped (from|by)|^\\restrict/m);
  });

  it("a result is parsed at the boundary: a typed one by its generated schema, a JSON one by its feature's", async () => {
    const states = await anon("us_states", {});
    expect(states.length).toBeGreaterThan(40);
    expect(states[0]).toEqual({ slug: expect.any(String), name: expect.any(String) });
    const country = await anon("country_page", { p_country_slug: "us" }, countryPageSchema);
    expect(country?.country.slug).toBe("us");
  });

  it("a result of the wrong shape fails with the function's name", async () => {
    const wrong = z.object({ country: z.object({ slug: z.number() }) });
    const failure = await anon("country_page", { p_country_slug: "us" }, wrong).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DatabaseError);
    expect(failure).toMatchObject({ fn: "country_page", code: "result-shape" });
    expect(String(failure)).toMatch(/Calling country_page failed: .*country\.slug/s);
  });

  it("a wrong function name or argument does not compile", () => {
    // Each line below fails `npm run typecheck` if it ever compiles: the contract rejects it.
    // @ts-expect-error: no such function
    const unknownFunction = () => anon("no_such_function", {});
    // @ts-expect-error: city_zip takes p_state_slug and p_city_slug
    const renamedArgument = () => anon("city_zip", { p_state: "texas", p_city_slug: "austin" });
    // @ts-expect-error: a result holding JSON needs its caller's schema
    const unparsedJson = () => anon("country_page", { p_country_slug: "us" });
    expect([unknownFunction, renamedArgument, unparsedJson].every((call) => typeof call === "function")).toBe(true);
  });
});
