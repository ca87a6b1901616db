import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";

/** A server the test started, with everything it printed so far. */
export interface Started {
  process: ChildProcessWithoutNullStreams;
  output: string[];
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts a command on loopback and waits until `ready` says it serves (up to `timeoutMs`). */
export async function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: (output: string) => boolean | Promise<boolean>,
  timeoutMs = 90_000,
): Promise<Started> {
  // A server left by an earlier try (a timed-out test skips its `finally`) would pass for this one.
  if (await ready("")) throw new Error(`Something already serves where ${command} ${args.join(" ")} would: stop it first.`);
  const child = spawn(command, args, {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", ...env },
    stdio: "pipe",
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(...chunk.toString().split("\n").filter(Boolean));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const started: Started = {
    process: child,
    output,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (!(await ready(output.join("\n")))) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(" ")} exited ${child.exitCode}:\n${output.join("\n")}`);
    if (Date.now() > deadline) {
      await started.stop("SIGKILL");
      throw new Error(`${command} ${args.join(" ")} did not get ready:\n${output.join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return started;
}

/** True once `url` answers 200. */
export const answers = (url: string) => async () => {
  try {
    return (await fetch(url)).status === 200;
  } catch {
    return false;
  }
};
