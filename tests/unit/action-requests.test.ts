import { Agent, request, type IncomingMessage, type ServerResponse } from "node:http";
import { createConnection, type AddressInfo, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { actionBodyProblem, formActionBodyProblem } from "../../lib/platform/action-body";
import { allowedOrigins } from "../../lib/platform/origins";
import { readBodyUpTo } from "../../lib/platform/request-body";
import { clientAddress, proxyHops, visitorAddress } from "../../lib/platform/client-address.mjs";
import {
  actionAllowance,
  MAX_ACTION_BODY_BYTES,
  MAX_CONSOLE_BODY_BYTES,
  MAX_CONSOLE_UPLOAD_BYTES,
  MAX_PHOTO_UPLOAD_BYTES,
} from "../../lib/platform/action-limits.mjs";
import { closeServer, earlyRefusal, siteServer } from "../../lib/platform/node-server.mjs";

const text = "text/plain;charset=UTF-8";
const bytes = (value: string) => new TextEncoder().encode(value);

describe("server action request bodies", () => {
  it("lets the site's own JSON arguments through", () => {
    expect(actionBodyProblem(text, bytes('[{"vendorId":null}]'))).toBeNull();
    expect(actionBodyProblem(text, bytes('[{"leadId":1,"name":"$$dollar","website":"$undefined"}]'))).toBeNull();
  });

  it.each([
    ["garbage{", 400],
    ["", 400],
    ["null", 400],
    ['{"a":1}', 400],
    ["[1,2,3,4,5]", 400],
    ['[{"name":"a\\u0000b"}]', 400],
    ['["$K1"]', 400],
    ['[{"name":"$@0"}]', 400],
    ['[{"__proto__":{"admin":true}}]', 400],
    ['[{"constructor":1}]', 400],
    [`["${"x".repeat(9000)}"]`, 413],
  ])("refuses %j with %i", (body, status) => {
    expect(actionBodyProblem(text, bytes(body))?.status).toBe(status);
  });

  it("refuses other formats", () => {
    expect(actionBodyProblem("multipart/form-data; boundary=x", bytes("--x--"))?.status).toBe(415);
    expect(actionBodyProblem(null, bytes("[]"))?.status).toBe(415);
  });
});

describe("operator console form actions", () => {
  /** A form as the browser encodes it: its multipart content type and bytes. */
  async function multipart(entries: Record<string, string>): Promise<[string, Uint8Array]> {
    const data = new FormData();
    for (const [key, value] of Object.entries(entries)) data.append(key, value);
    const encoded = new Response(data);
    return [encoded.headers.get("content-type")!, new Uint8Array(await encoded.arrayBuffer())];
  }

  it("lets React's encoding of a form through: the arguments in part 0, the form's fields as _1_<name>", async () => {
    expect(
      await formActionBodyProblem(...(await multipart({ "0": '["$K1"]', _1_$ACTION_ID_ab12: "", _1_email: "a@b.example" }))),
    ).toBeNull();
    expect(await formActionBodyProblem(...(await multipart({ "0": '[{},"$K1"]', _1_dry_run: "on" })))).toBeNull();
  });

  it.each([
    [{ "0": "not json" }],
    [{ "0": '["$Q1"]' }],
    [{ "0": '["$K1"]', stray: "x" }],
    [{ "0": '[{"__proto__":1}]' }],
    [{}],
    [{ "0": "[1,2,3]" }],
  ])("refuses %j with 400", async (entries) => {
    expect((await formActionBodyProblem(...(await multipart(entries))))?.status).toBe(400);
  });

  it("lets a form with no fields through as plain text, and nothing else", async () => {
    expect(await formActionBodyProblem(text, bytes('["$K1"]'))).toBeNull();
    expect((await formActionBodyProblem(text, bytes('["$@1"]')))?.status).toBe(400);
    expect((await formActionBodyProblem("application/json", bytes("[]")))?.status).toBe(415);
  });
});

describe("request bodies are counted as they stream", () => {
  /** A chunked body of `chunks` pieces of 64 KiB that records how many were pulled. */
  function chunked(chunks: number, headers: Record<string, string> = {}) {
    const pulled = { count: 0 };
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled.count === chunks) return controller.close();
        pulled.count++;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    return {
      pulled,
      request: new Request("http://site.example/operator/import", { method: "POST", body, headers, duplex: "half" } as RequestInit),
    };
  }

  it("returns a body within the limit whole", async () => {
    const { request } = chunked(3);
    expect((await readBodyUpTo(request, 256 * 1024))?.byteLength).toBe(3 * 64 * 1024);
  });

  it("cuts a chunked body without Content-Length at the limit, reading no further", async () => {
    const { request, pulled } = chunked(150);
    expect(await readBodyUpTo(request, 2 * 1024 * 1024)).toBeNull();
    expect(pulled.count).toBeLessThanOrEqual(34);
  });

  it("refuses a declared Content-Length over the limit before reading anything", async () => {
    const { request, pulled } = chunked(150, { "content-length": String(150 * 64 * 1024) });
    expect(await readBodyUpTo(request, 2 * 1024 * 1024)).toBeNull();
    expect(pulled.count).toBeLessThanOrEqual(1);
  });
});

describe("what an action may send, decided before its body is read", () => {
  const session = `operator_session=${"A".repeat(43)}`;
  it("a console post needs a session cookie of the right shape, except the login form's", () => {
    expect(actionAllowance("/operator/vendors", null)).toEqual({ refuse: 401 });
    expect(actionAllowance("/operator/vendors", "operator_session=short")).toEqual({ refuse: 401 });
    expect(actionAllowance("/operator/vendors", `theme=dark; ${session}`)).toEqual({ limit: MAX_CONSOLE_BODY_BYTES });
    expect(actionAllowance("/operator/import", session)).toEqual({ limit: MAX_CONSOLE_UPLOAD_BYTES });
    expect(actionAllowance("/operator/login", null)).toEqual({ limit: MAX_CONSOLE_BODY_BYTES });
    expect(actionAllowance("/submit", null)).toEqual({ limit: MAX_ACTION_BODY_BYTES });
    expect(actionAllowance("/business/claim/12", null)).toEqual({ limit: MAX_CONSOLE_BODY_BYTES });
    expect(actionAllowance("/requests", null)).toEqual({ limit: MAX_CONSOLE_BODY_BYTES });
  });

  it("a rental's photos may be posted to a request's page, and to the dashboard only with a business session cookie", () => {
    expect(actionAllowance("/requests/12", null)).toEqual({ limit: MAX_PHOTO_UPLOAD_BYTES });
    expect(actionAllowance("/business", `business_session=${"B".repeat(43)}`)).toEqual({ limit: MAX_PHOTO_UPLOAD_BYTES });
    expect(actionAllowance("/business", null)).toEqual({ limit: MAX_CONSOLE_BODY_BYTES });
    expect(actionAllowance("/business", "business_session=short")).toEqual({ limit: MAX_CONSOLE_BODY_BYTES });
    expect(actionAllowance("/business/claim/12", `business_session=${"B".repeat(43)}`)).toEqual({ limit: MAX_CONSOLE_BODY_BYTES });
    expect(MAX_PHOTO_UPLOAD_BYTES).toBeGreaterThan(8 * 10 * 1024 * 1024);
  });

  it("npm start's server refuses without a session, without a declared length, or over the limit", () => {
    const post = (url: string, headers: Record<string, string>) =>
      earlyRefusal({ method: "POST", url, headers: { "next-action": "x", ...headers } } as unknown as IncomingMessage)?.status ?? null;
    expect(post("/operator/import", { "content-length": "10" })).toBe(401);
    expect(post("/operator/import", { cookie: session })).toBe(411);
    expect(post("/operator/import", { cookie: session, "content-length": String(MAX_CONSOLE_UPLOAD_BYTES + 1) })).toBe(413);
    expect(post("/operator/import", { cookie: session, "content-length": String(MAX_CONSOLE_UPLOAD_BYTES) })).toBeNull();
    expect(post("/about", { "content-length": String(MAX_ACTION_BODY_BYTES + 1) })).toBe(413);
    expect(earlyRefusal({ method: "GET", url: "/operator/import", headers: {} } as unknown as IncomingMessage)).toBeNull();
  });

  it("npm start's server answers 400 to a path that is none or that Next cannot decode, whatever the method", () => {
    const refusal = (method: string, url: string) =>
      earlyRefusal({ method, url, headers: { "next-action": "x" } } as unknown as IncomingMessage)?.status ?? null;
    expect(refusal("GET", "/%ff")).toBe(400);
    expect(refusal("GET", "/us/texas/%E0%A4%A")).toBe(400);
    expect(refusal("POST", "/about/%")).toBe(400);
    expect(refusal("GET", "//%ff")).toBe(400);
    expect(refusal("GET", "//[")).toBe(400);
    expect(refusal("GET", "/us/texas/%C3%A9?q=%ff")).toBeNull();
  });
});

describe("the origins a server action may come from", () => {
  it("are the configured public address and the listed previews, whatever the request claims", () => {
    const origins = allowedOrigins("https://skidsteer.example/", "https://preview-1.skidsteer.example, not a url");
    expect([...origins]).toEqual(["https://skidsteer.example", "https://preview-1.skidsteer.example"]);
    expect(origins.has("http://evil.example")).toBe(false);
  });
});

describe("the client address for the abuse limits", () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);
  it("inside the app: the one address our server left, or on Vercel the platform's own header", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "203.0.113.9" }), {})).toBe("203.0.113.9");
    expect(clientAddress(headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.9" }), {})).toBe("203.0.113.9");
    expect(clientAddress(headers({ "x-real-ip": "7.7.7.7" }), {})).toBe("unknown");
    const vercel = { VERCEL: "1" };
    expect(clientAddress(headers({ "x-vercel-forwarded-for": "198.51.100.4", "x-forwarded-for": "6.6.6.6" }), vercel)).toBe("198.51.100.4");
    expect(clientAddress(headers({ "x-forwarded-for": "198.51.100.4" }), vercel)).toBe("198.51.100.4");
  });

  it("PROXY_HOPS has one default, 0 (the socket), and refuses what is not a count of proxies", () => {
    expect(proxyHops(undefined)).toBe(0);
    expect(proxyHops("")).toBe(0);
    expect(proxyHops("0")).toBe(0);
    expect(proxyHops("2")).toBe(2);
    for (const bad of ["-1", "1.5", "eleven", "11"]) expect(() => proxyHops(bad)).toThrow(/PROXY_HOPS must be a whole number/);
  });
});

describe("npm start's server: the visitor's address comes from the socket", () => {
  it("ignores X-Forwarded-For without a trusted proxy, and takes the proxy's entry with one", () => {
    expect(visitorAddress("6.6.6.6", "127.0.0.1", 0)).toBe("127.0.0.1");
    expect(visitorAddress(undefined, "::1", 0)).toBe("::1");
    expect(visitorAddress("6.6.6.6, 203.0.113.9", "10.0.0.2", 1)).toBe("203.0.113.9");
    expect(visitorAddress("203.0.113.9, 10.0.0.3", "10.0.0.2", 2)).toBe("203.0.113.9");
    expect(visitorAddress(undefined, "10.0.0.2", 1)).toBe("10.0.0.2");
  });

  it("over a real connection: a forged header and X-Real-IP reach the app as the socket's address, one Location is sent, a 404 is not cacheable", async () => {
    const seen: Array<string | undefined> = [];
    const server = siteServer((req: IncomingMessage, res: ServerResponse) => {
      seen.push(`${req.headers["x-forwarded-for"]}|${req.headers["x-real-ip"] ?? ""}`);
      res.setHeader("Cache-Control", "s-maxage=300");
      if (req.url === "/missing") res.statusCode = 404;
      else {
        res.setHeader("location", "/us");
        res.appendHeader("location", "/us");
        res.statusCode = 307;
      }
      res.end();
    }, 0);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const get = (path: string) =>
        new Promise<IncomingMessage>((resolve, reject) => {
          request({ host: "127.0.0.1", port, path, headers: { "X-Forwarded-For": "6.6.6.6", "X-Real-IP": "7.7.7.7" } }, resolve)
            .on("error", reject)
            .end();
        });
      const redirect = await get("/");
      redirect.resume();
      expect(seen).toEqual(["127.0.0.1|"]);
      expect(redirect.rawHeaders.filter((name) => name.toLowerCase() === "location")).toHaveLength(1);
      expect(redirect.headers["cache-control"]).toBe("s-maxage=300");
      const missing = await get("/missing");
      missing.resume();
      expect(missing.headers["cache-control"]).toContain("no-store");
      // A path that is none is answered here, never reaching the app.
      for (const path of ["//%ff", "//[", "/%ff"]) {
        const refused = await get(path);
        refused.resume();
        expect(refused.statusCode, path).toBe(400);
      }
      expect(seen).toHaveLength(2);
    } finally {
      server.close();
    }
  });

  it("keeps an idle connection open past Node's 5 s default, so a client reusing it is not reset", async () => {
    const server = siteServer((_req: IncomingMessage, res: ServerResponse) => res.end("ok"), 0);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const get = () =>
        new Promise<{ reused: boolean; keepAlive: unknown }>((resolve, reject) => {
          const req = request({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
            res.resume();
            res.on("end", () => resolve({ reused: req.reusedSocket, keepAlive: res.headers["keep-alive"] }));
          });
          req.on("error", reject).end();
        });
      expect(await get()).toEqual({ reused: false, keepAlive: "timeout=65" });
      // Node closes an idle connection a second after its timeout: 6 s by default.
      await new Promise((resolve) => setTimeout(resolve, 7_500));
      expect(await get()).toEqual({ reused: true, keepAlive: "timeout=65" });
    } finally {
      agent.destroy();
      await closeServer(server);
    }
  }, 20_000);

  it("shutting down answers the request in flight, then closes every connection, silent and half-sent ones at once", async () => {
    const server = siteServer((_req: IncomingMessage, res: ServerResponse) => void setTimeout(() => res.end("done"), 500), 0);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const connect = () =>
      new Promise<Socket>((resolve) => {
        const socket = createConnection({ host: "127.0.0.1", port }, () => resolve(socket));
      });
    const silent = await connect();
    const halfSent = await connect();
    halfSent.write("GET / HTTP/1.1\r\nHost: site\r\n");
    const answering = await connect();
    let answer = "";
    answering.on("data", (chunk) => (answer += chunk));
    // Each client's side of the connection, closed by the server within 2 s or not at all.
    const closedBy = (socket: Socket) =>
      new Promise<boolean>((resolve) => {
        socket.once("close", () => resolve(true));
        setTimeout(resolve, 2_000, false);
      });
    const sides = [silent, halfSent, answering].map(closedBy);
    answering.write("GET / HTTP/1.1\r\nHost: site\r\n\r\n");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = await Promise.race([closeServer(server).then(() => true), new Promise((resolve) => setTimeout(resolve, 2_000, false))]);
    const clientsClosed = await Promise.all(sides);
    for (const socket of [silent, halfSent, answering]) socket.destroy();
    expect(closed).toBe(true);
    expect(clientsClosed).toEqual([true, true, true]);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*done$/);
  });
});
