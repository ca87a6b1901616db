import { createClient } from "@supabase/supabase-js";

export type BackendConfig = { mode: "hosted"; url: string; anonKey: string; serviceRoleKey: string } | { mode: "embedded" };

class MissingServiceRoleKeyError extends Error {
  constructor() {
    super(
      "SUPABASE_SERVICE_ROLE_KEY is required with a hosted Supabase project: every write " +
        "(rental requests, business submissions, lead delivery) runs as the service role.",
    );
    this.name = "MissingServiceRoleKeyError";
  }
}

/**
 * Hosted Supabase when both public variables are set, the embedded database when neither
 * is. With only one set, supabase-js itself refuses ("supabaseUrl is required." or
 * "supabaseKey is required."), and so does the site; hosted without the service role
 * key is refused too.
 */
export function backendConfig(env: NodeJS.ProcessEnv = process.env): BackendConfig {
  const url = env.NEXT_PUBLIC_SUPABASE_URL?.trim() ?? "";
  const anonKey = env.NEXT_PUBLIC_SUPABASE_ANON_KEY?.trim() ?? "";
  if (!url && !anonKey) return { mode: "embedded" };
  if (!url || !anonKey) createClient(url, anonKey);
  const serviceRoleKey = env.SUPABASE_SERVICE_ROLE_KEY?.trim() ?? "";
  if (!serviceRoleKey) throw new MissingServiceRoleKeyError();
  return { mode: "hosted", url, anonKey, serviceRoleKey };
}
