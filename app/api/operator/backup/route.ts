import { bearerMatches } from "@/lib/auth/token";
import { backupEmbedded } from "@/lib/db/backup";
import { getEmbeddedDb } from "@/lib/db/embedded";
import { backendConfig } from "@/lib/supabase/config";

export const dynamic = "force-dynamic";

/**
 * GET /api/operator/backup — a consistent backup of the embedded database this server holds
 * (a gzipped PGlite data folder; `npm run db:backup` calls it), for the bearer of BACKUP_TOKEN
 * alone: the reports' OPERATOR_TOKEN does not open it. Unset, the route is closed (404, as for a
 * wrong token). Each backup taken is written to the operator audit log.
 * A site on a hosted project (or on db:serve) answers 409: Supabase's backups, or db:serve's, cover it.
 */
export async function GET(request: Request) {
  if (!bearerMatches(request, process.env.BACKUP_TOKEN?.trim())) return new Response("Not Found", { status: 404 });
  if (backendConfig().mode !== "embedded") {
    return Response.json({ error: "This server's database is not embedded in it: back it up where it runs" }, { status: 409 });
  }
  const backup = await backupEmbedded(await getEmbeddedDb(), { by: "BACKUP_TOKEN", via: "GET /api/operator/backup" });
  return new Response(backup.stream(), {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="skidsteer-${new Date().toISOString().slice(0, 19).replaceAll(":", "")}.tar.gz"`,
      "Cache-Control": "no-store",
    },
  });
}
