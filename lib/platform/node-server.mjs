// The production HTTP server behind `npm start`: Next's request handler, with the
// visitor's address taken from the socket rather than from whatever the client sends.
// It leans on Node's response methods that Next calls (appendHeader, writeHead);
// tests/unit/platform-contract.test.ts fails when the installed Next stops calling them.
import { createServer } from "node:http";
import { visitorAddress } from "./client-address.mjs";

/**
 * Wraps a Node request handler: X-Forwarded-For becomes the one trusted address
 * (X-Real-IP is dropped); a response never carries two Location headers (Next appends
 * a freshly rendered redirect's headers on top of those it already set); a 404 is never
 * cacheable (Next gives it the page's own s-maxage), since any URL can be asked for.
 */
export function withVisitorAddress(handle, hops) {
  return (req, res) => {
    req.headers["x-forwarded-for"] = visitorAddress(req.headers["x-forwarded-for"], req.socket.remoteAddress, hops);
    delete req.headers["x-real-ip"];
    const appendHeader = res.appendHeader.bind(res);
    res.appendHeader = (name, value) => {
      if (String(name).toLowerCase() === "location" && res.hasHeader("location")) return res;
      return appendHeader(name, value);
    };
    const writeHead = res.writeHead.bind(res);
    res.writeHead = (status, ...rest) => {
      if (status === 404) res.setHeader("Cache-Control", "private, no-cache, no-store, max-age=0, must-revalidate");
      return writeHead(status, ...rest);
    };
    return handle(req, res);
  };
}

/** Starts Next's production server on `hostname:port`. */
export async function serve({ port, hostname, hops }) {
  const { default: next } = await import("next");
  const app = next({ dev: false, hostname, port });
  await app.prepare();
  const server = createServer(withVisitorAddress(app.getRequestHandler(), hops));
  await new Promise((resolve) => server.listen(port, hostname, resolve));
  // Stop on a signal as `next start` does (its own handlers are not installed for a custom server).
  for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]]) {
    process.once(signal, () => {
      server.close();
      process.exit(code);
    });
  }
  console.log(`Listening on http://${hostname ?? "localhost"}:${port} (${hops} trusted prox${hops === 1 ? "y" : "ies"})`);
  return server;
}
