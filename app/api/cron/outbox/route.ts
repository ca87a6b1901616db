import { bearerMatches } from "@/lib/auth/token";
import { outboxRound } from "@/lib/outbox/timer";

// Called by a scheduler (vercel.json's cron) where no process stays up to run the outbox's
// timer: drains the outbox and applies a batch of the retention periods. Only a caller holding
// CRON_SECRET may; without it set the route is closed.
export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  if (!bearerMatches(request, process.env.CRON_SECRET)) return new Response("Unauthorized", { status: 401 });
  const { drained, retained } = await outboxRound();
  return Response.json(drained ? { ...drained, retained } : { error: "The outbox could not be drained; see the server log" }, {
    status: drained && retained ? 200 : 500,
    headers: { "Cache-Control": "no-store" },
  });
}
