import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { actionBodyProblem, formActionBodyProblem } from "@/lib/platform/action-body";
import PageCacheHandler from "@/lib/platform/page-cache-handler.mjs";

// What lib/platform leans on in the installed Next and React, checked against them: a
// release that changes any of it fails here, not in production.

const require = createRequire(import.meta.url);
// The React build Next serves actions with (Turbopack's), as the browser encodes arguments.
const { encodeReply } = require("next/dist/compiled/react-server-dom-turbopack/client.node.js") as {
  encodeReply: (value: unknown) => Promise<string | FormData>;
};

async function bytesOf(reply: string | FormData): Promise<[string, Uint8Array]> {
  const encoded = new Response(reply);
  return [encoded.headers.get("content-type")!, new Uint8Array(await encoded.arrayBuffer())];
}

describe("React's encoding of server-action arguments (lib/platform/action-body.ts)", () => {
  it("the site's own JSON arguments encode as a text body the check lets through", async () => {
    for (const args of [[{ vendorId: null }], [{ leadId: 1, name: "$dollar", website: undefined, widen: false }], ["texas"]]) {
      const reply = await encodeReply(args);
      expect(typeof reply).toBe("string");
      expect(actionBodyProblem("text/plain;charset=UTF-8", new TextEncoder().encode(reply as string)), JSON.stringify(args)).toBeNull();
    }
  });

  it("a console form, with and without a previous state and a file, encodes as the multipart the check lets through", async () => {
    const form = new FormData();
    form.append("id", "12");
    form.append("file", new Blob(["name,website\n"], { type: "text/csv" }), "vendors.csv");
    for (const args of [[form], [{}, form], [{ results: [], summary: { created: 1 } }, form]]) {
      const reply = await encodeReply(args);
      expect(reply).toBeInstanceOf(FormData);
      expect(await formActionBodyProblem(...(await bytesOf(reply)))).toBeNull();
    }
  });
});

describe("Next's file-system page cache (lib/platform/page-cache-handler.mjs)", () => {
  it("is the class the handler extends, with the methods it overrides and calls", () => {
    const base = Object.getPrototypeOf(PageCacheHandler.prototype);
    for (const method of ["get", "set", "getFilePath"]) expect(typeof base[method], method).toBe("function");
    expect(base.constructor.name).toBe("FileSystemCache");
  });

  it("a page that stops answering 200 has its stored files removed, and a name too long for a file is no error", async () => {
    const distDir = mkdtempSync(path.join(os.tmpdir(), "page-cache-"));
    try {
      const cache = new PageCacheHandler({ serverDistDir: distDir, flushToDisk: true, revalidatedTags: [] });
      const stored = path.join(distDir, "app", "us", "near", "77002.html");
      mkdirSync(path.dirname(stored), { recursive: true });
      writeFileSync(stored, "<html></html>");
      await cache.set("/us/near/77002", { kind: "APP_PAGE", status: 404 }, {});
      expect(existsSync(stored)).toBe(false);
      await expect(cache.set(`/us/near/${"1".repeat(5_000)}`, { kind: "APP_PAGE", status: 404 }, {})).resolves.toBeUndefined();
    } finally {
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});

describe("Next's Node server (lib/platform/node-server.mjs)", () => {
  const source = (file: string) => readFileSync(require.resolve(`next/dist/server/${file}`), "utf8");

  it("sends a rendered response's headers through the Node method the server patches (appendHeader)", () => {
    expect(source("send-response.js")).toMatch(/res\.appendHeader\(name, value\)/);
    expect(typeof (require("node:http").ServerResponse.prototype as { appendHeader?: unknown }).appendHeader).toBe("function");
  });

  it("copies a request's body for the middleware as it arrives, up to 10 MB: why limits apply before Next", () => {
    const bodies = source("body-streams.js");
    expect(bodies).toMatch(/getCloneableBody/);
    expect(bodies).toMatch(/DEFAULT_BODY_CLONE_SIZE_LIMIT = 10 \* 1024 \* 1024/);
  });
});
