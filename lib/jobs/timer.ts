import { wakeOutbox } from "../outbox/drain";
import { trackBackgroundWork } from "../platform/background-work.mjs";
import { countCityWeeks, countSiteWeeks, keepListingWeeks } from "../activity/data";
import { runRetention } from "../privacy/retention";
import { passOnSilentRequests, releaseOverdueBookings } from "../requests/data";
import { countResponses } from "../listings/responses";
import { deleteQueuedPhotos } from "../storage/photos";

/** One job of the round: its result, or null when it failed (logged, never thrown). */
const logged = <T>(name: string, job: Promise<T>): Promise<T | null> =>
  job.catch((error: Error) => {
    console.error(`${name} failed:`, error.message);
    return null;
  });

/**
 * The site's timed work, in one round: a drain of the outbox; the bookings whose delivery window
 * was not confirmed in time released, and the requests whose vendors stayed silent past their
 * response time handed on (their messages sent by a second drain); the response time and rate of
 * the listings that answered or stayed silent since they were last counted; one batch of
 * the retention periods; the photo files of erased requests deleted from the store; the
 * site's weeks counted for the console's charts, then the cities' weeks for /business, then the
 * listings' settled weeks not kept yet. Every
 * instance may run it: each job claims its rows, so nothing is done twice.
 */
export async function jobRound(env: NodeJS.ProcessEnv = process.env) {
  const first = await wakeOutbox(env);
  const released = await logged("Releasing overdue bookings", releaseOverdueBookings());
  const passed = await logged("Passing on silent vendors' requests", passOnSilentRequests());
  const second = released || passed ? await wakeOutbox(env) : { sent: 0, failed: 0 };
  // Both drains as one: null when either failed.
  const drained = first && second ? { sent: first.sent + second.sent, failed: first.failed + second.failed } : null;
  const responsesCounted = await logged("Counting listings' responses", countResponses());
  const retained = await logged("Retention", runRetention(env));
  const photosDeleted = await logged("Deleting photos", deleteQueuedPhotos());
  const siteWeekCalls = await logged("Counting the site's weeks", countSiteWeeks());
  const cityWeekCalls = await logged("Counting the cities' weeks", countCityWeeks());
  const listingWeekCalls = await logged("Keeping listings' weeks", keepListingWeeks());
  return { drained, released, passed, responsesCounted, retained, photosDeleted, siteWeekCalls, cityWeekCalls, listingWeekCalls };
}

/**
 * Runs the round every OUTBOX_INTERVAL_SECONDS (default 30) inside the server, so retries and
 * releases happen without waiting for the next request. A shutdown stops the timer and waits for
 * the round in progress.
 */
export function startJobTimer(env: NodeJS.ProcessEnv = process.env): void {
  const seconds = Number(env.OUTBOX_INTERVAL_SECONDS ?? 30);
  if (!Number.isFinite(seconds) || seconds <= 0) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    trackBackgroundWork(
      jobRound(env).finally(() => {
        running = false;
      }),
    );
  }, seconds * 1000);
  timer.unref();
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => clearInterval(timer));
}
