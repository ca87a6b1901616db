/**
 * npm run db:serve
 *
 * Serves the embedded database over HTTP the way hosted Supabase's API does, so several
 * instances of the site on one machine (or in one compose project) can share it without a
 * hosted project: this process holds the database folder (PGLITE_DATA_DIR) and answers
 * `POST|GET /rest/v1/rpc/<function>` as role anon for NEXT_PUBLIC_SUPABASE_ANON_KEY and as
 * service_role for SUPABASE_SERVICE_ROLE_KEY (the same two variables the instances are
 * given, with NEXT_PUBLIC_SUPABASE_URL pointing here). Any other key gets 401. `GET /backup`
 * with the service role's key answers a backup of the database (npm run db:backup).
 *
 *   DB_PORT (default 54321), DB_HOST (default 127.0.0.1)
 */
import { createServer } from "node:http";
import { Readable } from "node:stream";
import { secretsMatch } from "../lib/auth/token";
import { backupEmbedded } from "../lib/db/backup";
import { getEmbeddedDb } from "../lib/db/embedded";
import { createEmbeddedFetch, type DatabaseRole } from "../lib/supabase/embedded-fetch";
import { errorResponse } from "../lib/supabase/postgrest-errors";

const anonKey = process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY?.trim() ?? "";
const serviceKey = process.env.SUPABASE_SERVICE_ROLE_KEY?.trim() ?? "";
if (anonKey.length < 16 || serviceKey.length < 16 || anonKey === serviceKey) {
  console.error("Set NEXT_PUBLIC_SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY to two different secrets of at least 16 characters.");
  process.exit(1);
}
const answer: Record<DatabaseRole, typeof fetch> = {
  anon: createEmbeddedFetch(getEmbeddedDb, "anon"),
  service_role: createEmbeddedFetch(getEmbeddedDb, "service_role"),
};

function roleOf(key: string | undefined): DatabaseRole | null {
  if (key && secretsMatch(key, serviceKey)) return "service_role";
  if (key && secretsMatch(key, anonKey)) return "anon";
  return null;
}

const port = Number(process.env.DB_PORT ?? 54321);
const host = process.env.DB_HOST ?? "127.0.0.1";
await getEmbeddedDb();
const server = createServer(async (req, res) => {
  const role = roleOf(typeof req.headers.apikey === "string" ? req.headers.apikey : undefined);
  // npm run db:backup: a consistent backup while serving, for the service role's key only.
  if (req.method === "GET" && req.url === "/backup" && role === "service_role") {
    const backup = await backupEmbedded(await getEmbeddedDb());
    res.writeHead(200, { "Content-Type": "application/gzip" });
    res.end(Buffer.from(await backup.arrayBuffer()));
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const init: RequestInit & { duplex: "half" } = {
    method: req.method,
    headers,
    duplex: "half",
    body: req.method === "GET" || req.method === "HEAD" ? undefined : (Readable.toWeb(req) as ReadableStream),
  };
  const request = new Request(new URL(req.url ?? "/", `http://${host}:${port}`), init);
  const response = role
    ? await answer[role](request)
    : errorResponse(401, { code: "PGRST301", message: "No API key, or an unknown one, was given", details: null, hint: null });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
});
server.listen(port, host, () => console.log(`Embedded database served on http://${host}:${port}`));
// On a signal: stop taking calls, finish those in flight, close the database cleanly.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close(async () => {
      await (await getEmbeddedDb()).close();
      process.exit(0);
    });
    server.closeIdleConnections();
  });
}
