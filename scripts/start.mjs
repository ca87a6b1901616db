// npm start: build when there is no production build yet, then serve it.
// The embedded database is created, migrated and seeded by the server on first start.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { proxyHops } from "../lib/platform/client-address.mjs";
import { serve } from "../lib/platform/node-server.mjs";

const port = Number(process.env.PORT ?? 3000);
if (!existsSync(".next/BUILD_ID")) {
  console.log("No production build found: running next build first.");
  if (!process.env.NEXT_PUBLIC_SITE_URL) {
    process.env.NEXT_PUBLIC_SITE_URL = `http://localhost:${port}`;
    console.log(`NEXT_PUBLIC_SITE_URL is not set: building for ${process.env.NEXT_PUBLIC_SITE_URL}, this machine only.`);
  }
  const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
process.env.NODE_ENV = "production";
await serve({ port, hostname: process.env.HOSTNAME, hops: proxyHops(process.env.PROXY_HOPS) });
