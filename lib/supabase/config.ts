import { createClient } from "@supabase/supabase-js";

export type BackendConfig =
  | { mode: "hosted"; url: string; anonKey: string }
  | { mode: "embedded" };

/**
 * Hosted Supabase when both variables are set, the embedded database when neither is.
 * With only one set, supabase-js itself refuses ("supabaseUrl is required." or
 * "supabaseKey is required."), and so does the site.
 */
export function backendConfig(env: NodeJS.ProcessEnv = process.env): BackendConfig {
  const url = env.NEXT_PUBLIC_SUPABASE_URL?.trim() ?? "";
  const anonKey = env.NEXT_PUBLIC_SUPABASE_ANON_KEY?.trim() ?? "";
  if (!url && !anonKey) return { mode: "embedded" };
  if (!url || !anonKey) createClient(url, anonKey);
  return { mode: "hosted", url, anonKey };
}
