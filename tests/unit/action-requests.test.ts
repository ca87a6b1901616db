import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { actionBodyProblem } from "../../lib/actions/action-body";
import { forwardedAddress } from "../../lib/actions/forwarded-address";
import { visitorAddress, withVisitorAddress } from "../../scripts/serve.mjs";

const text = "text/plain;charset=UTF-8";

describe("server action request bodies", () => {
  it("lets the site's own JSON arguments through", () => {
    expect(actionBodyProblem(text, '[{"vendorId":null}]')).toBeNull();
    expect(actionBodyProblem(text, '[{"leadId":1,"name":"$$dollar","website":"$undefined"}]')).toBeNull();
  });

  it.each([
    ["garbage{", 400], ["", 400], ["null", 400], ['{"a":1}', 400], ["[1,2,3,4,5]", 400],
    ['[{"name":"a\\u0000b"}]', 400], ['["$K1"]', 400], ['[{"name":"$@0"}]', 400], ['[{"__proto__":{"admin":true}}]', 400], ['[{"constructor":1}]', 400],
    [`["${"x".repeat(9000)}"]`, 413],
  ])("refuses %j with %i", (body, status) => {
    expect(actionBodyProblem(text, body)?.status).toBe(status);
  });

  it("refuses other formats", () => {
    expect(actionBodyProblem("multipart/form-data; boundary=x", "--x--")?.status).toBe(415);
    expect(actionBodyProblem(null, "[]")?.status).toBe(415);
  });
});

describe("the client address for the abuse limits", () => {
  it("takes the entry the nearest trusted proxy appended, not what the client sent", () => {
    expect(forwardedAddress("6.6.6.6, 203.0.113.9", null)).toBe("203.0.113.9");
    expect(forwardedAddress("6.6.6.6, 203.0.113.9, 10.0.0.2", null, 2)).toBe("203.0.113.9");
    expect(forwardedAddress("203.0.113.9", null)).toBe("203.0.113.9");
    expect(forwardedAddress(null, "198.51.100.4")).toBe("198.51.100.4");
    expect(forwardedAddress("", null)).toBe("unknown");
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
    const server = createServer(withVisitorAddress((req: IncomingMessage, res: ServerResponse) => {
      seen.push(`${req.headers["x-forwarded-for"]}|${req.headers["x-real-ip"] ?? ""}`);
      res.setHeader("Cache-Control", "s-maxage=300");
      if (req.url === "/missing") res.statusCode = 404;
      else {
        res.setHeader("location", "/us");
        res.appendHeader("location", "/us");
        res.statusCode = 307;
      }
      res.end();
    }, 0));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const get = (path: string) => new Promise<IncomingMessage>((resolve, reject) => {
        request({ host: "127.0.0.1", port, path, headers: { "X-Forwarded-For": "6.6.6.6", "X-Real-IP": "7.7.7.7" } }, resolve).on("error", reject).end();
      });
      const redirect = await get("/");
      redirect.resume();
      expect(seen).toEqual(["127.0.0.1|"]);
      expect(redirect.rawHeaders.filter((name) => name.toLowerCase() === "location")).toHaveLength(1);
      expect(redirect.headers["cache-control"]).toBe("s-maxage=300");
      const missing = await get("/missing");
      missing.resume();
      expect(missing.headers["cache-control"]).toContain("no-store");
    } finally {
      server.close();
    }
  });
});
