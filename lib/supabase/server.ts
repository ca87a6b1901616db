import "server-only";
import { createServerClient } from "@supabase/ssr";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { getEmbeddedDb } from "../db/embedded";
import { backendConfig } from "./config";
import { createEmbeddedFetch } from "./embedded-fetch";
import { withFaultInjection } from "./fault-injection";

const EMBEDDED_URL = "http://embedded.localhost";
const EMBEDDED_KEY = "embedded-anon-key";

const holder = globalThis as typeof globalThis & { __supabase?: SupabaseClient; __serviceSupabase?: SupabaseClient };
const clientOptions = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/**
 * The server's reading client, with the public anon key: pages read public data, so
 * no visitor session is involved and one anonymous client serves all.
 */
export function supabase(): SupabaseClient {
  if (holder.__supabase) return holder.__supabase;
  const config = backendConfig();
  holder.__supabase =
    config.mode === "hosted"
      ? createServerClient(config.url, config.anonKey, {
          ...clientOptions,
          global: { fetch: withFaultInjection(fetch) },
          cookies: { getAll: () => [], setAll: () => {} },
        })
      : createClient(EMBEDDED_URL, EMBEDDED_KEY, {
          ...clientOptions,
          global: { fetch: withFaultInjection(createEmbeddedFetch(getEmbeddedDb)) },
        });
  return holder.__supabase;
}

/**
 * The server's writing client: the service role (SUPABASE_SERVICE_ROLE_KEY when hosted),
 * the only credential that may execute write and operator functions.
 */
export function serviceSupabase(): SupabaseClient {
  if (holder.__serviceSupabase) return holder.__serviceSupabase;
  const config = backendConfig();
  holder.__serviceSupabase =
    config.mode === "hosted"
      ? createClient(config.url, config.serviceRoleKey, { ...clientOptions, global: { fetch: withFaultInjection(fetch) } })
      : createClient(EMBEDDED_URL, EMBEDDED_KEY, {
          ...clientOptions,
          global: { fetch: withFaultInjection(createEmbeddedFetch(getEmbeddedDb, "service_role")) },
        });
  return holder.__serviceSupabase;
}
