import { fileURLToPath } from "node:url";
import type { NextConfig } from "next";
import { securityHeaders } from "./lib/security-headers";

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "proper-lockfile", "zipcodes"],
  poweredByHeader: false,
  cacheHandler: fileURLToPath(new URL("./lib/cache/page-cache-handler.mjs", import.meta.url)),
  reactStrictMode: true,
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders() }];
  },
};

export default nextConfig;
