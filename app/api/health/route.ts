import { rpc } from "@/lib/data/rpc";

// For load balancers and container health checks: 200 when the database answers a read.
export const dynamic = "force-dynamic";

export async function GET() {
  try {
    await rpc("rental_date_window", {});
    return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("Health check failed:", (error as Error).message);
    return Response.json({ ok: false }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
