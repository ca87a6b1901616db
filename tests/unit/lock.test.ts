import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DatabaseFolderInUseError, lockDataDir } from "@/lib/db/embedded";

const folder = mkdtempSync(path.join(os.tmpdir(), "pglite-lock-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("one process per database folder", () => {
  it("a second opener fails with a clear error naming the folder", () => {
    const release = lockDataDir(folder);
    try {
      expect(() => lockDataDir(folder)).toThrow(DatabaseFolderInUseError);
      expect(() => lockDataDir(folder)).toThrow(folder);
      // Another process is refused too.
      const other = spawnSync(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `import lockfile from "proper-lockfile"; try { lockfile.lockSync(${JSON.stringify(folder)}, { stale: 10000, realpath: false }); console.log("locked"); } catch (e) { console.log(e.code); }`,
        ],
        { encoding: "utf8", cwd: process.cwd() },
      );
      expect(other.stdout.trim()).toBe("ELOCKED");
    } finally {
      release();
    }
    const again = lockDataDir(folder);
    again();
  });
});
