import { isOperatorRequest } from "@/lib/operator/access";
import { serviceSupabase } from "@/lib/supabase/server";

const reports = { leads: "operator_leads", submissions: "operator_submissions" } as const;

/** GET /api/operator/leads|submissions?limit=N — JSON rows for the operator, newest first. */
export async function GET(request: Request, { params }: { params: Promise<{ report: string }> }) {
  const { report } = await params;
  const fn = reports[report as keyof typeof reports];
  if (!fn || !isOperatorRequest(request)) return new Response("Not Found", { status: 404 });
  const limit = Number(new URL(request.url).searchParams.get("limit") ?? 100);
  const { data, error } = await serviceSupabase().rpc(fn, { p_limit: Number.isFinite(limit) ? limit : 100 });
  if (error) return Response.json({ error: error.message }, { status: 500 });
  return Response.json(data, { headers: { "Cache-Control": "no-store" } });
}
