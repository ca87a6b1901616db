/** Runs once when the server starts. */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { prepareBackend } = await import("./lib/startup/startup");
    await prepareBackend();
    const { startJobTimer } = await import("./lib/jobs/timer");
    startJobTimer();
  }
}
