import { bearerMatches } from "@/lib/auth/token";
import { wakeOutbox } from "@/lib/outbox/sender";

// Called by a scheduler (vercel.json's cron) where no process stays up to run the outbox's
// timer. Only a caller holding CRON_SECRET may; without it set the route is closed.
export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  if (!bearerMatches(request, process.env.CRON_SECRET)) return new Response("Unauthorized", { status: 401 });
  const drained = await wakeOutbox();
  return Response.json(drained ?? { error: "The outbox could not be drained; see the server log" }, {
    status: drained ? 200 : 500,
    headers: { "Cache-Control": "no-store" },
  });
}
