import { bearerMatches } from "@/lib/auth/token";
import { jobRound } from "@/lib/jobs/timer";

// Called by a scheduler (vercel.json's cron) where no process stays up to run the outbox's
// timer: runs the site's timed work (lib/jobs/timer.ts). Only a caller holding
// CRON_SECRET may; without it set the route is closed.
export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  if (!bearerMatches(request, process.env.CRON_SECRET)) return new Response("Unauthorized", { status: 401 });
  const { drained, released, passed, responsesCounted, retained, photosDeleted, siteWeekCalls, cityWeekCalls, listingWeekCalls } =
    await jobRound();
  // A job that failed was logged by the round; the scheduler sees the failure as a 500.
  const ok =
    drained &&
    released !== null &&
    passed !== null &&
    responsesCounted !== null &&
    retained &&
    photosDeleted !== null &&
    siteWeekCalls !== null &&
    cityWeekCalls !== null &&
    listingWeekCalls !== null;
  return Response.json(
    drained
      ? { ...drained, released, passed, responsesCounted, retained, photosDeleted, siteWeekCalls, cityWeekCalls, listingWeekCalls }
      : { error: "The outbox could not be drained; see the server log" },
    {
      status: ok ? 200 : 500,
      headers: { "Cache-Control": "no-store" },
    },
  );
}
