import { wakeOutbox } from "../outbox/drain";
import { trackBackgroundWork } from "../platform/background-work.mjs";
import { runRetention } from "../privacy/retention";
import { releaseOverdueBookings } from "../requests/data";
import { deleteQueuedPhotos } from "../storage/photos";

/** One job of the round: its result, or null when it failed (logged, never thrown). */
const logged = <T>(name: string, job: Promise<T>): Promise<T | null> =>
  job.catch((error: Error) => {
    console.error(`${name} failed:`, error.message);
    return null;
  });

/**
 * The site's timed work, in one round: a drain of the outbox; the bookings whose delivery window
 * was not confirmed in time released (their emails then sent by the next drain); one batch of
 * the retention periods; and the photo files of erased requests deleted from the store. Every
 * instance may run it: each job claims its rows, so nothing is done twice.
 */
export async function jobRound(env: NodeJS.ProcessEnv = process.env) {
  const drained = await wakeOutbox(env);
  const released = await logged("Releasing overdue bookings", releaseOverdueBookings());
  const retained = await logged("Retention", runRetention(env));
  const photosDeleted = await logged("Deleting photos", deleteQueuedPhotos());
  return { drained, released, retained, photosDeleted };
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
