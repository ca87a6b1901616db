// The visitor's network address, decided in one place for every host the site runs on.
// Plain JavaScript so that the production server (lib/platform/node-server.mjs) and the app share it.

/**
 * PROXY_HOPS: how many trusted proxies stand in front of our server, each appending the
 * address it saw to X-Forwarded-For. Unset means 0: the socket's peer is the visitor.
 * Anything but a whole number from 0 to 10 is refused, naming the variable.
 */
export function proxyHops(value = process.env.PROXY_HOPS) {
  if (value === undefined || value === "") return 0;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
    throw new Error(`PROXY_HOPS must be a whole number of trusted proxies from 0 to 10, not ${JSON.stringify(value)}`);
  }
  return hops;
}

/**
 * The visitor's address as our server sees it: after adding the socket's own peer to the
 * X-Forwarded-For chain, the entry `hops` places before the end. With no proxy (0) that
 * is the socket peer itself, and whatever the client wrote changes nothing.
 */
export function visitorAddress(forwardedFor, socketAddress, hops) {
  const chain = String(forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  chain.push(socketAddress || "unknown");
  return chain[Math.max(0, chain.length - 1 - hops)];
}

/**
 * The visitor's address inside the app, from the request's headers. On Vercel (VERCEL
 * set) the platform's own header, which its edge writes and a client cannot forge;
 * elsewhere the one address our server (lib/platform/node-server.mjs) left in X-Forwarded-For.
 */
export function clientAddress(headers, env = process.env) {
  const header = env.VERCEL ? (headers.get("x-vercel-forwarded-for") ?? headers.get("x-forwarded-for")) : headers.get("x-forwarded-for");
  const entries = String(header ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return (env.VERCEL ? entries[0] : entries.at(-1)) || "unknown";
}
