import type { PGlite } from "@electric-sql/pglite";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, describe, expect, it } from "vitest";
import { backendConfig } from "@/lib/supabase/config";
import { createEmbeddedFetch, MAX_ROWS, type DatabaseRole } from "@/lib/supabase/embedded-fetch";
import { freshDb } from "./helpers/db";

let db: PGlite;
let client: SupabaseClient;
let service: SupabaseClient;
const clientFor = (role: DatabaseRole, timeoutMs?: number) =>
  createClient("http://embedded.localhost", "key", {
    auth: { persistSession: false },
    global: { fetch: createEmbeddedFetch(async () => db, role, timeoutMs) },
  });
beforeAll(async () => {
  db = await freshDb(true);
  client = clientFor("anon");
  service = clientFor("service_role");
});

describe("embedded PostgREST transport", () => {
  it("returns a set-returning function's rows", async () => {
    const { data, error } = await client.rpc("us_states");
    expect(error).toBeNull();
    expect(data).toHaveLength(51);
    expect(data[0]).toEqual({ slug: "alabama", name: "Alabama" });
  });

  it("passes a JSON array to an array argument as PostgREST does, quotes and commas included", async () => {
    const keys = ['quoted "key", with a comma', "back\\slash"];
    await service.rpc("auth_throttle_record", { p_keys: keys.map((key) => ({ key, free: 1 })), p_ok: false });
    const { data, error } = await service.rpc("auth_throttle_wait", { p_keys: keys });
    expect(error).toBeNull();
    expect(data).toBeGreaterThan(55);
  });

  it("returns an empty array when there are no rows", async () => {
    const { data, error } = await client.rpc("state_cities", { p_state_slug: "atlantis" });
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it("returns a JSON function's value, and null when it finds nothing", async () => {
    const found = await client.rpc("equipment_by_slug", { p_model_slug: "s770" });
    expect(found.data.name).toBe("S770");
    const missing = await client.rpc("equipment_by_slug", { p_model_slug: "nope" });
    expect(missing).toMatchObject({ data: null, error: null });
  });

  it(".single() gives one object, or PGRST116 with status 406 on no rows", async () => {
    const one = await client.rpc("article_by_slug", { p_slug: "safety-guidelines" }).single();
    expect((one.data as { title: string }).title).toMatch(/Safety/);
    const none = await client.rpc("article_by_slug", { p_slug: "missing" }).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: "PGRST116", details: "The result contains 0 rows" });
  });

  it("maps a raised SQL error to PostgREST's JSON and status", async () => {
    const result = await service.rpc("create_lead", { p_owner_token: "short" });
    expect(result.status).toBe(400);
    expect(result.error).toMatchObject({ code: "P0001", message: "Invalid owner token" });
  });

  it("answers 401 with 42501 when anon calls a function it may not execute, as PostgREST does", async () => {
    for (const [fn, args] of [
      ["claim_outbox_messages", {}],
      ["create_lead", { p_owner_token: "x".repeat(40), p_client_key: "client-a" }],
    ] as const) {
      const result = await client.rpc(fn, args);
      expect(result.status).toBe(401);
      expect(result.error?.code).toBe("42501");
    }
    expect(await db.query("select 1 from public.leads")).toMatchObject({ rows: [] });
  });

  it("applies a statement timeout: a call that outlasts it answers 57014 with 500 and writes nothing", async () => {
    const leads = async () => (await db.query<{ n: number }>("select count(*)::int n from public.leads")).rows[0].n;
    const before = await leads();
    const impatient = clientFor("service_role", 0);
    const result = await impatient.rpc("create_lead", { p_owner_token: "t".repeat(43), p_client_key: "timeout-client" });
    expect(result.status).toBe(500);
    expect(result.error).toMatchObject({ code: "57014", message: "canceling statement due to statement timeout" });
    expect(await leads()).toBe(before);
    expect((await service.rpc("create_lead", { p_owner_token: "t".repeat(43), p_client_key: "timeout-client" })).status).toBe(200);
    expect(await leads()).toBe(before + 1);
  });

  it("returns at most max-rows (1,000) rows per call, and pages with .range()", async () => {
    const [{ n }] = (await db.query<{ n: number }>("select public.sitemap_size()::int as n")).rows;
    expect(n).toBeGreaterThan(MAX_ROWS);
    await db.exec(
      "create function public.many_rows() returns setof int language sql as 'select generate_series(1, 2500)'; grant execute on function public.many_rows() to anon",
    );
    const capped = await client.rpc("many_rows");
    expect(capped.data).toHaveLength(MAX_ROWS);
    const page = await client.rpc("many_rows").range(2000, 2999);
    expect(page.data).toHaveLength(500);
    expect((page.data as number[])[0]).toBe(2001);
  });

  it("reads GET arguments from the query string but not PostgREST's own parameters", async () => {
    const result = await client.rpc("state_cities", { p_state_slug: "texas" }, { get: true }).range(0, 1);
    expect(result.error).toBeNull();
    expect(result.data).toHaveLength(2);
  });

  it("answers an unknown function with PGRST202 and 404", async () => {
    const result = await client.rpc("no_such_function", { a: 1 });
    expect(result.status).toBe(404);
    expect(result.error).toMatchObject({
      code: "PGRST202",
      message: "Could not find the function public.no_such_function(a) in the schema cache",
    });
  });

  it("answers a table path it does not serve with PGRST125", async () => {
    const result = await client.from("vendors").select("id");
    expect(result.status).toBe(404);
    expect(result.error?.code).toBe("PGRST125");
  });
});

describe("backend configuration", () => {
  it("uses the embedded database when neither variable is set", () => {
    expect(backendConfig({} as NodeJS.ProcessEnv)).toEqual({ mode: "embedded" });
  });
  it("uses hosted Supabase when both are set, with the service role key", () => {
    expect(
      backendConfig({
        NEXT_PUBLIC_SUPABASE_URL: "https://x.supabase.co",
        NEXT_PUBLIC_SUPABASE_ANON_KEY: "k",
        SUPABASE_SERVICE_ROLE_KEY: "s",
      } as unknown as NodeJS.ProcessEnv).mode,
    ).toBe("hosted");
  });
  it("refuses hosted Supabase without the service role key, naming the variable", () => {
    expect(() =>
      backendConfig({
        NEXT_PUBLIC_SUPABASE_URL: "https://x.supabase.co",
        NEXT_PUBLIC_SUPABASE_ANON_KEY: "k",
      } as unknown as NodeJS.ProcessEnv),
    ).toThrow(/SUPABASE_SERVICE_ROLE_KEY is required/);
  });
  it("refuses with supabase-js's own message when one is missing", () => {
    expect(() => backendConfig({ NEXT_PUBLIC_SUPABASE_ANON_KEY: "k" } as unknown as NodeJS.ProcessEnv)).toThrow("supabaseUrl is required.");
    expect(() => backendConfig({ NEXT_PUBLIC_SUPABASE_URL: "https://x.supabase.co" } as unknown as NodeJS.ProcessEnv)).toThrow(
      "supabaseKey is required.",
    );
  });
});
