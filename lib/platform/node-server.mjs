// The production HTTP server behind `npm start`: Next's request handler, with the
// visitor's address taken from the socket rather than from whatever the client sends.
// It leans on Node's response methods that Next calls (appendHeader, writeHead);
// tests/unit/platform-contract.test.ts fails when the installed Next stops calling them.
import { createServer } from "node:http";
import { actionAllowance, FORM_PAGES } from "./action-limits.mjs";
import { backgroundWorkSettled } from "./background-work.mjs";
import { visitorAddress } from "./client-address.mjs";

/** The request's path, or null when it is none (`//[`) or has a malformed percent-encoding (`/%ff`). */
function requestPath(req) {
  try {
    const { pathname } = new URL(req.url ?? "/", "http://site");
    decodeURIComponent(pathname);
    return pathname;
  } catch {
    return null;
  }
}

/**
 * Why a request must be refused before Next sees it, or null. A path that is none, or has a
 * malformed percent-encoding (`/%ff`), names no page: Next fails to decode it and answers a bare
 * 500 (and `//[` would throw here), so it is answered 400. Next copies a server action's whole body (up to 10 MB) for
 * the middleware as soon as it arrives, so the limits are applied here first: a console
 * post without a session cookie (401), a declared body over the path's limit (413), and a
 * body without a declared length (411: browsers always declare one for an action, and the
 * limit must be known to hold).
 */
export function earlyRefusal(req) {
  const pathname = requestPath(req);
  if (pathname === null) return { status: 400, message: "Bad Request: the address is not valid" };
  if (req.method !== "POST" || !req.headers["next-action"]) return null;
  const allowance = actionAllowance(pathname, req.headers.cookie);
  if (allowance.refuse) return { status: allowance.refuse, message: "Log in to the console first" };
  const declared = req.headers["content-length"];
  if (declared === undefined) return { status: 411, message: "Length Required" };
  if (Number(declared) > allowance.limit) return { status: 413, message: "Request too large" };
  return null;
}

/**
 * Answers a refusal at once. The body is discarded as it arrives (never held), so the
 * client, still sending, reads the answer instead of a reset connection.
 */
function refuseUnread(req, res, refusal) {
  req.resume();
  res.writeHead(refusal.status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  res.end(refusal.message);
}

/**
 * Wraps a Node request handler: a request earlyRefusal refuses is answered before Next sees
 * it; X-Forwarded-For becomes the one trusted address
 * (X-Real-IP is dropped); a response never carries two Location headers (Next appends
 * a freshly rendered redirect's headers on top of those it already set); a 404 is never
 * cacheable (Next gives it the page's own s-maxage), since any URL can be asked for; a public
 * page rendered per request (the catalogue, compare, search, prices) drops Next's `no-store`,
 * which keeps it out of the browser's back/forward cache, for `no-cache` (still revalidated
 * on every load). The signed-in and private pages (FORM_PAGES) and the API keep `no-store`.
 */
function withVisitorAddress(handle, hops) {
  return (req, res) => {
    const refusal = earlyRefusal(req);
    if (refusal) return refuseUnread(req, res, refusal);
    req.headers["x-forwarded-for"] = visitorAddress(req.headers["x-forwarded-for"], req.socket.remoteAddress, hops);
    delete req.headers["x-real-ip"];
    const appendHeader = res.appendHeader.bind(res);
    res.appendHeader = (name, value) => {
      if (String(name).toLowerCase() === "location" && res.hasHeader("location")) return res;
      return appendHeader(name, value);
    };
    const writeHead = res.writeHead.bind(res);
    const pathname = requestPath(req);
    const publicPage = !FORM_PAGES.test(pathname) && !pathname.startsWith("/api/");
    res.writeHead = (status, ...rest) => {
      if (status === 404) res.setHeader("Cache-Control", "private, no-cache, no-store, max-age=0, must-revalidate");
      else if (publicPage && /\bno-store\b/.test(String(res.getHeader("cache-control") ?? ""))) {
        res.setHeader("Cache-Control", "private, no-cache, max-age=0, must-revalidate");
      }
      return writeHead(status, ...rest);
    };
    return handle(req, res);
  };
}

/** A shutdown has this long to finish its work before the process exits anyway. */
const SHUTDOWN_SECONDS = 10;

/**
 * Stops gracefully: no new connections, the requests in flight answered, then the work they
 * started after their responses (`after()`, such as an outbox drain, which Next's
 * `close()` awaits) and the outbox timer's drain finished; then exits 0. Past
 * SHUTDOWN_SECONDS it exits 1 with the work unfinished (the outbox retries it later).
 */
async function shutDown(server, app, signal) {
  console.log(`${signal}: finishing the requests in flight, then stopping.`);
  setTimeout(
    () => {
      console.error(`Still busy ${SHUTDOWN_SECONDS} s after ${signal}: exiting with work unfinished.`);
      process.exit(1);
    },
    SHUTDOWN_SECONDS * 1000 - 500,
  ).unref();
  await closeServer(server);
  await app.close();
  await backgroundWorkSettled();
  process.exit(0);
}

/**
 * How long an idle kept-alive connection stays open. Node's 5 s default races clients and
 * proxies that reuse a connection just as the server closes it (the request then fails with a
 * reset); proxies commonly keep theirs 60 s, so the server outlasts them.
 */
const KEEP_ALIVE_MS = 65_000;

/** Each server's open connections, with how many of its requests are being answered. */
const connections = new WeakMap();

/** The HTTP server around a request handler, not yet listening. */
export function siteServer(handle, hops) {
  const server = createServer({ keepAliveTimeout: KEEP_ALIVE_MS }, withVisitorAddress(handle, hops));
  const open = new Map();
  connections.set(server, open);
  server.on("connection", (socket) => {
    open.set(socket, 0);
    socket.once("close", () => open.delete(socket));
  });
  server.on("request", (req, res) => {
    const socket = req.socket;
    if (open.has(socket)) open.set(socket, open.get(socket) + 1);
    res.once("close", () => {
      if (!open.has(socket)) return;
      open.set(socket, open.get(socket) - 1);
      if (!server.listening && open.get(socket) === 0) socket.end();
    });
  });
  return server;
}

/**
 * Stops taking connections and resolves once every one has closed: those answering a request
 * close after their response; the others at once, including one that has sent nothing or only
 * part of a request yet (Node's `closeIdleConnections` leaves those open, so a silent client
 * would hold the shutdown).
 */
export function closeServer(server) {
  return new Promise((resolve) => {
    server.close(resolve);
    for (const [socket, answering] of connections.get(server) ?? []) if (answering === 0) socket.destroy();
  });
}

/** Starts Next's production server on `hostname:port`. */
export async function serve({ port, hostname, hops }) {
  const { default: next } = await import("next");
  const app = next({ dev: false, hostname, port });
  await app.prepare();
  const server = siteServer(app.getRequestHandler(), hops);
  await new Promise((resolve) => server.listen(port, hostname, resolve));
  // Its own handlers: `next start`'s are not installed for a custom server.
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => shutDown(server, app, signal));
  console.log(`Listening on http://${hostname ?? "localhost"}:${port} (${hops} trusted prox${hops === 1 ? "y" : "ies"})`);
  return server;
}
