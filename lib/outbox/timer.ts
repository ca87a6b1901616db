import { wakeOutbox } from "./sender";

/**
 * Drains the outbox every OUTBOX_INTERVAL_SECONDS (default 30) inside the server, so
 * retries happen without waiting for the next lead. Every instance may run one: the
 * claims keep them from sending anything twice.
 */
export function startOutboxTimer(env: NodeJS.ProcessEnv = process.env): void {
  const seconds = Number(env.OUTBOX_INTERVAL_SECONDS ?? 30);
  if (!Number.isFinite(seconds) || seconds <= 0) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    wakeOutbox(env).finally(() => {
      running = false;
    });
  }, seconds * 1000);
  timer.unref();
}
