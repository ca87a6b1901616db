import { trackBackgroundWork } from "../platform/background-work.mjs";
import { runRetention } from "../privacy/retention";
import { wakeOutbox } from "./drain";

/** A drain of the outbox, then one batch of the retention periods; failures are logged, never thrown. */
export async function outboxRound(env: NodeJS.ProcessEnv = process.env) {
  const drained = await wakeOutbox(env);
  const retained = await runRetention(env).catch((error: Error) => {
    console.error("Retention failed:", error.message);
    return null;
  });
  return { drained, retained };
}

/**
 * Drains the outbox every OUTBOX_INTERVAL_SECONDS (default 30) inside the server, so
 * retries happen without waiting for the next lead, and applies a batch of the retention periods. Every instance may run one: the
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
      outboxRound(env).finally(() => {
        running = false;
      }),
    );
  }, seconds * 1000);
  timer.unref();
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => clearInterval(timer));
}
