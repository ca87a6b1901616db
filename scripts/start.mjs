// npm start: build when there is no production build yet, then serve it.
// The embedded database is created, migrated and seeded by the server on first start.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const next = "node_modules/next/dist/bin/next";
if (!existsSync(".next/BUILD_ID")) {
  console.log("No production build found: running next build first.");
  const build = spawnSync(process.execPath, [next, "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const args = [next, "start", "--port", process.env.PORT ?? "3000"];
if (process.env.HOSTNAME) args.push("--hostname", process.env.HOSTNAME);
const server = spawnSync(process.execPath, args, { stdio: "inherit" });
process.exit(server.status ?? 0);
