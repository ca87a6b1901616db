/**
 * The floor: a blank App Router page built with this project's Next and React, served
 * by `next start`, so a page's figures can be read against what the framework alone costs.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface FloorServer { url: string; stop: () => Promise<void> }

export async function startFloor(port: number): Promise<FloorServer> {
  // A project of its own outside this one (Turbopack builds one root, and would pick up
  // this project's middleware and instrumentation), with the same versions installed.
  const dir = mkdtempSync(path.join(os.tmpdir(), "skidsteer-floor-"));
  mkdirSync(path.join(dir, "app"));
  const version = (name: string) => (JSON.parse(readFileSync(`node_modules/${name}/package.json`, "utf8")) as { version: string }).version;
  const dependencies = Object.fromEntries(["next", "react", "react-dom"].map((name) => [name, version(name)]));
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "floor", private: true, type: "module", dependencies }));
  const install = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  if (install.status !== 0) throw new Error("the floor page's packages did not install");
  writeFileSync(path.join(dir, "app", "layout.jsx"),
    `export const metadata = { title: "Floor", description: "A blank page." };\n`
    + `export default function Layout({ children }) { return <html lang="en"><body>{children}</body></html>; }\n`);
  writeFileSync(path.join(dir, "app", "page.jsx"), `export default function Page() { return <main><h1>Floor</h1><p>A blank App Router page.</p></main>; }\n`);
  const next = path.join(dir, "node_modules/next/dist/bin/next");
  const build = spawnSync(process.execPath, [next, "build"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("the floor page did not build");
  const child: ChildProcess = spawn(process.execPath, [next, "start", "--port", String(port), "--hostname", "127.0.0.1"], { cwd: dir, stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; !(await fetch(url).then((r) => r.ok, () => false)); tries++) {
    if (tries > 120) throw new Error("the floor page did not start");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
