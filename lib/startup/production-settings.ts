import { isIP } from "node:net";
import { mailFrom } from "../outbox/transport";
import { clientKeySecretProblem } from "../platform/client-key";

/**
 * What a production start should say about its settings, once: problems that stop it
 * (`fatal`) and settings that will hurt (`warnings`), each naming its variable.
 */
export function productionSettings(env: NodeJS.ProcessEnv = process.env): { fatal: string[]; warnings: string[] } {
  const fatal: string[] = [];
  const warnings: string[] = [];

  const sender = mailFrom(env);
  const domain =
    /@([^>\s]+)>?\s*$/
      .exec(sender)?.[1]
      ?.replace(/^\[|\]$/g, "")
      .toLowerCase() ?? "";
  if (isIP(domain) || domain === "localhost" || domain.endsWith(".localhost")) {
    warnings.push(
      `MAIL_FROM: vendor emails would be sent from "${sender}", a bare IP address or localhost, which mail servers ` +
        "reject or file as spam. Set MAIL_FROM to an address at the site's own domain.",
    );
  }

  const key = env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY?.trim();
  if (key && (!/^[A-Za-z0-9+/]+={0,2}$/.test(key) || ![16, 24, 32].includes(Buffer.from(key, "base64").length))) {
    fatal.push(
      "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY must be a base64 AES key of 16, 24 or 32 bytes " +
        "(make one with: node -e \"console.log(crypto.randomBytes(32).toString('base64'))\").",
    );
  }
  const hosted = Boolean(env.NEXT_PUBLIC_SUPABASE_URL?.trim());
  const clientKeyProblem = clientKeySecretProblem(env);
  if (clientKeyProblem) fatal.push(clientKeyProblem);
  const backupToken = env.BACKUP_TOKEN?.trim();
  if (backupToken && backupToken === env.OPERATOR_TOKEN?.trim()) {
    warnings.push(
      "BACKUP_TOKEN is the same as OPERATOR_TOKEN: whoever may read the reports may also take the whole database. " +
        "Give the backups a secret of their own.",
    );
  } else if (!hosted && !backupToken && env.OPERATOR_TOKEN?.trim()) {
    warnings.push(
      "BACKUP_TOKEN is not set: GET /api/operator/backup is closed (OPERATOR_TOKEN opens the reports only), so " +
        "npm run db:backup cannot ask this server for a backup while it runs.",
    );
  }
  if (env.REDIS_URL?.trim() && !key) {
    warnings.push(
      "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY is not set: instances accept each other's forms only when they run " +
        "the very same build. Set it to one value for every build when instances are built separately.",
    );
  }
  if (hosted && !env.REDIS_URL?.trim() && !env.VERCEL) {
    warnings.push(
      "REDIS_URL is not set: this instance keeps its own page cache, so with several instances a change shows " +
        "on the others only at their next revalidation (up to 5 minutes). Set REDIS_URL when running more than one.",
    );
  }
  if (env.VERCEL && !env.CRON_SECRET?.trim()) {
    warnings.push(
      "CRON_SECRET is not set: Vercel's cron cannot drain the outbox, so a failed vendor email is retried " +
        "only when the next rental request comes in.",
    );
  }
  return { fatal, warnings };
}
