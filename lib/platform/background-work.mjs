// Work a server does outside any request (the outbox timer's drains), so that a shutdown
// can wait for what has already started. Shared by the server and the app's bundles
// through one global registry, as each bundle has its own copy of this module.
const REGISTRY = Symbol.for("skidsteer.backgroundWork");
const pending = (globalThis[REGISTRY] ??= new Set());

/** Registers work in progress; it leaves the registry when it settles. */
export function trackBackgroundWork(promise) {
  pending.add(promise);
  promise.finally(() => pending.delete(promise)).catch(() => undefined);
  return promise;
}

/** Settles when every piece of registered work has (including work registered meanwhile). */
export async function backgroundWorkSettled() {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
