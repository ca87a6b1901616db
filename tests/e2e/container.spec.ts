import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { answers, startProcess, type Started } from "./helpers/processes";
import { test } from "./helpers/test";

// No Docker engine runs on these machines, so the image's own start command, environment
// and health check run here without the container, from the same build.
test.beforeEach(({}, info) => test.skip(info.project.name !== "desktop", "one server for the run"));

/** The run stage's ENV, CMD and HEALTHCHECK command, as the Dockerfile writes them. */
function image() {
  const dockerfile = readFileSync("Dockerfile", "utf8");
  const run = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
  const env = Object.fromEntries(
    [...run.matchAll(/^ENV (.+)$/gm)].flatMap((line) => [...line[1].matchAll(/(\w+)=(\S+)/g)].map(([, name, value]) => [name, value])),
  );
  const exec = (instruction: RegExp) => JSON.parse(instruction.exec(run)![1]) as string[];
  return { env, cmd: exec(/^CMD (\[.+\])$/m), healthcheck: exec(/^HEALTHCHECK .*CMD (\[.+\])$/m), user: /^USER (\w+)$/m.exec(run)?.[1] };
}

test("the image's start command serves the site and its health check passes; SIGTERM stops it cleanly, and the check then fails", async () => {
  test.setTimeout(240_000);
  const { env, cmd, healthcheck, user } = image();
  expect(user).toBe("node");
  expect(cmd).toEqual(["node", "scripts/start.mjs"]);
  const folder = mkdtempSync(path.join(tmpdir(), "container-"));
  const port = "3244";
  const runEnv = {
    ...env,
    PORT: port,
    HOSTNAME: "127.0.0.1",
    PGLITE_DATA_DIR: path.join(folder, "pglite"),
    OUTBOX_DIR: path.join(folder, "outbox"),
  };
  const check = () => spawnSync(process.execPath, healthcheck.slice(1), { env: { ...process.env, PORT: port }, timeout: 10_000 }).status;
  let server: Started | undefined;
  try {
    server = await startProcess(process.execPath, cmd.slice(1), runEnv, answers(`http://127.0.0.1:${port}/us`));
    expect(check()).toBe(0);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(check()).toBe(1);
  } finally {
    await server?.stop("SIGKILL");
    rmSync(folder, { recursive: true, force: true });
  }
});
