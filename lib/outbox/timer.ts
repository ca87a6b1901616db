import { trackBackgroundWork } from "../platform/background-work.mjs";
import { wakeOutbox } from "./sender";

/**
 * Drains the outbox every OUTBOX_INTERVAL_SECONDS (default 30) inside the server, so
 * retries happen without waiting for the next lead. Every instance may run one: the
 * claims keep them from sending anything twice. A shutdown stops the timer and waits
 * for the drain in progress.
 */
export function startOutboxTimer(env: NodeJS.ProcessEnv = process.env): void {
  const seconds = Number(env.OUTBOX_INTERVAL_SECONDS ?? 30);
  if (!Number.isFinite(seconds) || seconds <= 0) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    trackBackgroundWork(
      wakeOutbox(env).finally(() => {
        running = false;
      }),
    );
  }, seconds * 1000);
  timer.unref();
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => clearInterval(timer));
}
