/**
 * The visitor's address from X-Forwarded-For. Each proxy appends the address it saw,
 * so the entry `hops` from the end (PROXY_HOPS; a platform's own proxy counts as one)
 * is the one a trusted proxy wrote; entries before it are whatever the client sent.
 * Under `npm start` the server has already reduced the header to the one trusted
 * address (scripts/serve.mjs), so any hop count picks that.
 */
export function forwardedAddress(forwardedFor: string | null, realIp: string | null, hops = 1): string {
  const entries = (forwardedFor ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  const fromEnd = Number.isInteger(hops) && hops >= 1 ? hops : 1;
  return entries[Math.max(0, entries.length - fromEnd)] || realIp || "unknown";
}
