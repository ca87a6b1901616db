import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { actionBodyProblem, consoleActionBodyProblem } from "../../lib/actions/action-body";
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

describe("operator console form actions", () => {
  const form = (entries: Record<string, string>) => ({
    form: async () => {
      const data = new FormData();
      for (const [key, value] of Object.entries(entries)) data.append(key, value);
      return data;
    },
    text: async () => entries.text,
  });
  const multipart = "multipart/form-data; boundary=x";

  it("lets React's encoding of a form through: the arguments in part 0, the form's fields as _1_<name>", async () => {
    expect(await consoleActionBodyProblem(multipart, 300, form({ "0": '["$K1"]', "_1_$ACTION_ID_ab12": "", "_1_email": "a@b.example" }))).toBeNull();
    expect(await consoleActionBodyProblem(multipart, 300, form({ "0": '[{},"$K1"]', "_1_dry_run": "on" }))).toBeNull();
  });

  it.each([
    [{ "0": "not json" }], [{ "0": '["$Q1"]' }], [{ "0": '["$K1"]', stray: "x" }], [{ "0": '[{"__proto__":1}]' }], [{}], [{ "0": "[1,2,3]" }],
  ])("refuses %j with 400", async (entries) => {
    expect((await consoleActionBodyProblem(multipart, 300, form(entries)))?.status).toBe(400);
  });

  it("lets a form with no fields through as plain text, and nothing else", async () => {
    expect(await consoleActionBodyProblem("text/plain;charset=UTF-8", 10, form({ text: '["$K1"]' }))).toBeNull();
    expect((await consoleActionBodyProblem("text/plain;charset=UTF-8", 10, form({ text: '["$@1"]' })))?.status).toBe(400);
  });

  it("refuses other formats and bodies over 2 MB", async () => {
    expect((await consoleActionBodyProblem("application/json", 10, form({ "0": "[]" })))?.status).toBe(415);
    expect((await consoleActionBodyProblem(multipart, 3 * 1024 * 1024, form({ "0": "[]" })))?.status).toBe(413);
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
