import { rmSync } from "node:fs";

/**
 * Drops the pages and data `next start` cached at run time (they outlive the process),
 * so that the next server starts from the build alone.
 */
export function clearRuntimeCaches(): void {
  for (const cache of [".next/cache/fetch-cache", ".next/server/route-cache"]) rmSync(cache, { recursive: true, force: true });
}
