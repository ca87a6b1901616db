// npm start: build when there is no production build yet, then serve it.
// The embedded database is created, migrated and seeded by the server on first start.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { proxyHops, serve } from "./serve.mjs";

if (!existsSync(".next/BUILD_ID")) {
  console.log("No production build found: running next build first.");
  const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
process.env.NODE_ENV = "production";
await serve({ port: Number(process.env.PORT ?? 3000), hostname: process.env.HOSTNAME, hops: proxyHops(process.env.PROXY_HOPS) });
