import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT } from "@/lib/platform/compile-hints";

const distDir = mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

describe("the build's compile hints", () => {
  it("marks every client chunk once, at its first line, and leaves other files alone", async () => {
    const chunks = path.join(distDir, "static", "chunks");
    mkdirSync(path.join(chunks, "app"), { recursive: true });
    writeFileSync(path.join(chunks, "a.js"), "(globalThis.TURBOPACK||[]).push([1,(e)=>{}]);");
    writeFileSync(path.join(chunks, "app", "b.js"), "console.log(1)");
    writeFileSync(path.join(chunks, "c.css"), "a{}");

    expect(await addCompileHints(distDir)).toBe(2);
    // A second run (a build step repeated) changes nothing.
    expect(await addCompileHints(distDir)).toBe(0);

    expect(readFileSync(path.join(chunks, "a.js"), "utf8")).toBe(`${COMPILE_HINT}(globalThis.TURBOPACK||[]).push([1,(e)=>{}]);`);
    expect(readFileSync(path.join(chunks, "app", "b.js"), "utf8")).toBe(`${COMPILE_HINT}console.log(1)`);
    expect(readFileSync(path.join(chunks, "c.css"), "utf8")).toBe("a{}");
  });
});
