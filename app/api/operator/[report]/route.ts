import { rpcAllRows } from "@/lib/data/rpc";
import { isOperatorRequest } from "@/lib/operator/access";
import { serviceSupabase } from "@/lib/supabase/server";

const reports: Record<string, string> = { leads: "operator_leads", submissions: "operator_submissions" };
const MAX_LIMIT = 5000;

/** GET /api/operator/leads|submissions?limit=N — JSON rows for the operator, newest first. */
export async function GET(request: Request, { params }: { params: Promise<{ report: string }> }) {
  const { report } = await params;
  if (!Object.hasOwn(reports, report) || !isOperatorRequest(request)) return new Response("Not Found", { status: 404 });
  const asked = Math.trunc(Number(new URL(request.url).searchParams.get("limit") ?? 100));
  const limit = Number.isFinite(asked) ? Math.min(Math.max(asked, 1), MAX_LIMIT) : 100;
  try {
    const rows = await rpcAllRows(reports[report], { p_limit: limit }, { client: serviceSupabase(), max: limit });
    return Response.json(rows, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("Operator report failed:", (error as Error).message);
    return Response.json({ error: "The report could not be loaded" }, { status: 503 });
  }
}
