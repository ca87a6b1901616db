/**
 * The floor: a blank App Router page built with this project's Next and React, served
 * by `next start`, so a page's figures can be read against what the framework alone costs.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface FloorServer {
  url: string;
  stop: () => Promise<void>;
}

/** The packages these need, as installed in this project's node_modules (its optional ones when present). */
function packagesOf(roots: string[]): Set<string> {
  const found = new Set<string>();
  const visit = (name: string) => {
    if (found.has(name) || !existsSync(path.join("node_modules", name, "package.json"))) return;
    found.add(name);
    const manifest = JSON.parse(readFileSync(path.join("node_modules", name, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) visit(dependency);
  };
  roots.forEach(visit);
  return found;
}

export async function startFloor(port: number): Promise<FloorServer> {
  // A project of its own outside this one (Turbopack builds one root, and would pick up
  // this project's middleware and instrumentation), with the same versions installed.
  const dir = mkdtempSync(path.join(os.tmpdir(), "skidsteer-floor-"));
  mkdirSync(path.join(dir, "app"));
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "floor", private: true, type: "module" }));
  for (const name of packagesOf(["next", "react", "react-dom"])) {
    mkdirSync(path.dirname(path.join(dir, "node_modules", name)), { recursive: true });
    // Hard links: the same installed files, instantly, and inside the floor's own root.
    const link = spawnSync("cp", ["-al", path.resolve("node_modules", name), path.join(dir, "node_modules", name)]);
    if (link.status !== 0) throw new Error(`could not link ${name} into the floor page`);
  }
  writeFileSync(
    path.join(dir, "app", "layout.jsx"),
    `export const metadata = { title: "Floor", description: "A blank page." };\n` +
      `export default function Layout({ children }) { return <html lang="en"><body>{children}</body></html>; }\n`,
  );
  writeFileSync(
    path.join(dir, "app", "page.jsx"),
    `export default function Page() { return <main><h1>Floor</h1><p>A blank App Router page.</p></main>; }\n`,
  );
  const next = path.join(dir, "node_modules/next/dist/bin/next");
  const build = spawnSync(process.execPath, [next, "build"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error("the floor page did not build");
  }
  const child: ChildProcess = spawn(process.execPath, [next, "start", "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: dir,
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  for (
    let tries = 0;
    !(await fetch(url).then(
      (r) => r.ok,
      () => false,
    ));
    tries++
  ) {
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
