import { isOperatorRequest } from "@/lib/auth/operator-access";
import { faultInjectionEnabled, setDatabaseDown } from "@/lib/supabase/fault-injection";

/** POST {"database":"down"|"up"} — only with ENABLE_FAULT_INJECTION=1 and the operator token. */
export async function POST(request: Request) {
  if (!faultInjectionEnabled() || !isOperatorRequest(request)) return new Response("Not Found", { status: 404 });
  const body = (await request.json().catch(() => null)) as { database?: unknown } | null;
  if (body?.database !== "down" && body?.database !== "up") {
    return Response.json({ error: 'Send {"database":"down"} or {"database":"up"}' }, { status: 400 });
  }
  setDatabaseDown(body.database === "down");
  return Response.json({ database: body.database });
}
