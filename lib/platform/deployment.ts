/**
 * Why this deployment cannot be built, or null: on Vercel the embedded database has no
 * lasting disk, so hosted Supabase must be configured.
 */
export function deploymentProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  if (!env.VERCEL) return null;
  const missing = ["NEXT_PUBLIC_SUPABASE_URL", "NEXT_PUBLIC_SUPABASE_ANON_KEY", "SUPABASE_SERVICE_ROLE_KEY"].filter(
    (name) => !env[name]?.trim(),
  );
  if (missing.length === 0) return null;
  return (
    `A Vercel deployment needs a hosted Supabase project: the embedded database cannot live on Vercel's file system. ` +
    `Set ${missing.join(", ")} in the project's environment variables.`
  );
}
