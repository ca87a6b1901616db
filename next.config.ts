import { fileURLToPath } from "node:url";
import type { NextConfig } from "next";
import { PHASE_PRODUCTION_BUILD } from "next/constants";
import { addCompileHints } from "./lib/platform/compile-hints";
import { deploymentProblem } from "./lib/platform/deployment";
import { assetHeader, securityHeaders } from "./lib/security-headers";
import { siteUrlProblem } from "./lib/site";

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "proper-lockfile", "zipcodes"],
  poweredByHeader: false,
  compiler: {
    // Chrome compiles the client chunks off the main thread (see addCompileHints).
    runAfterProductionCompile: async ({ distDir }) => {
      await addCompileHints(distDir);
    },
  },
  cacheHandler: fileURLToPath(new URL("./lib/platform/page-cache-handler.mjs", import.meta.url)),
  reactStrictMode: true,
  // The middleware holds every action's body to its own limit (a few kilobytes; a console
  // upload 2 MB and its form; a rental's 8 photos of 10 MB), counted as it streams. Next's own
  // limit sits above it, so a file just over its limit reaches the action and is answered with
  // the action's own message.
  experimental: {
    serverActions: { bodySizeLimit: "90mb" },
    // Next hands the middleware at most this much of a body (10 MB by default, the rest cut off):
    // a rental's photos must reach it whole for it to count them.
    proxyClientMaxBodySize: "90mb",
    // Most visits come from a search result and read one page. Browsers open six connections to
    // a server over HTTP/1.1, and a first visit's stylesheet and scripts all start together:
    // merging each route's scripts into one chunk per group keeps them to six requests instead
    // of nine, which Lighthouse measured as a largest paint 0.3 to 0.6 s sooner. Code shared
    // between routes is downloaded again on navigation instead.
    turbopackChunking: { maxChunkCountPerGroup: 1, maxMergeChunkSize: 500000, minChunkSize: 200000 },
  },
  // Browsers and crawlers ask for /favicon.ico whatever the page declares; it would otherwise
  // resolve as a country slug and redirect to the home page's 180 kB of HTML.
  async redirects() {
    return [{ source: "/favicon.ico", destination: "/icon.svg", permanent: true }];
  },
  async headers() {
    return [
      // The policies govern documents; a build's scripts and styles need only nosniff, and each
      // of a first visit's dozen asset requests would otherwise carry a kilobyte of headers.
      { source: "/:path((?!_next/static/).*)", headers: securityHeaders() },
      { source: "/_next/static/:path*", headers: [assetHeader] },
    ];
  },
};

export default function config(phase: string): NextConfig {
  const problem = phase === PHASE_PRODUCTION_BUILD ? (siteUrlProblem(process.env.NEXT_PUBLIC_SITE_URL) ?? deploymentProblem()) : null;
  if (problem) throw new Error(problem);
  return nextConfig;
}
