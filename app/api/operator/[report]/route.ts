import { rpcAllRows } from "@/lib/data/rpc";
import { isOperatorRequest } from "@/lib/auth/operator-access";
import { reportRequests } from "@/lib/requests/data";
import { serviceSupabase } from "@/lib/supabase/server";

const reports = {
  leads: reportRequests,
  submissions: (max: number) => rpcAllRows("operator_submissions", { p_limit: max }, { client: serviceSupabase(), max }),
};
const MAX_LIMIT = 5000;

/** GET /api/operator/leads|submissions?limit=N — JSON rows for the operator, newest first. */
export async function GET(request: Request, { params }: { params: Promise<{ report: string }> }) {
  const { report } = await params;
  if ((report !== "leads" && report !== "submissions") || !isOperatorRequest(request)) return new Response("Not Found", { status: 404 });
  const asked = Math.trunc(Number(new URL(request.url).searchParams.get("limit") ?? 100));
  const limit = Number.isFinite(asked) ? Math.min(Math.max(asked, 1), MAX_LIMIT) : 100;
  try {
    const rows = await reports[report](limit);
    return Response.json(rows, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("Operator report failed:", (error as Error).message);
    return Response.json({ error: "The report could not be loaded" }, { status: 503 });
  }
}
