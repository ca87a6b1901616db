import { fileURLToPath } from "node:url";
import type { NextConfig } from "next";
import { PHASE_PRODUCTION_BUILD } from "next/constants";
import { securityHeaders } from "./lib/security-headers";
import { siteUrlProblem } from "./lib/site";

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "proper-lockfile", "zipcodes"],
  poweredByHeader: false,
  cacheHandler: fileURLToPath(new URL("./lib/cache/page-cache-handler.mjs", import.meta.url)),
  reactStrictMode: true,
  // The operator console uploads vendor CSVs of up to 2 MB; the site's own actions are
  // held to a few kilobytes by the middleware.
  experimental: { serverActions: { bodySizeLimit: "2mb" } },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders() }];
  },
};

export default function config(phase: string): NextConfig {
  const problem = phase === PHASE_PRODUCTION_BUILD ? siteUrlProblem(process.env.NEXT_PUBLIC_SITE_URL) : null;
  if (problem) throw new Error(problem);
  return nextConfig;
}
