/** Starts the production server on its own embedded database for a benchmark. */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export { actionIds } from "../action-ids.ts";
export { clearRuntimeCaches } from "../runtime-caches.ts";
import { consentText } from "../../lib/requests/consent.ts";

const NEXT = "node_modules/next/dist/bin/next";

export function ensureBuild(): void {
  if (existsSync(".next/BUILD_ID")) return;
  console.log("No production build found: running next build first.");
  const build = spawnSync(process.execPath, [NEXT, "build"], {
    stdio: "inherit",
    env: { NEXT_PUBLIC_SITE_URL: "http://127.0.0.1:3000", ...process.env },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

export interface BenchServer {
  url: string;
  dataDir: string;
  /** SIGTERM lets requests in flight finish; SIGKILL stands in for a crash. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

export async function startServer(options: {
  port: number;
  env?: Record<string, string>;
  dataDir?: string;
  keepData?: boolean;
}): Promise<BenchServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "skidsteer-bench-"));
  const url = `http://127.0.0.1:${options.port}`;
  // The benchmark stands in for a proxy: each simulated visitor's address comes in X-Forwarded-For.
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    // The build may be for another address: the benchmark's own origin may call the actions.
    env: {
      ...process.env,
      PORT: String(options.port),
      HOSTNAME: "127.0.0.1",
      PROXY_HOPS: "1",
      PGLITE_DATA_DIR: dataDir,
      NEXT_PUBLIC_SITE_URL: url,
      ALLOWED_ORIGINS: url,
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/us`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error("the server did not start within 3 minutes");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    dataDir,
    stop: async (signal = "SIGTERM") => {
      child.kill(signal);
      await new Promise((resolve) => child.once("exit", resolve));
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ActionAnswer {
  status: number;
  result: unknown;
  cookie: string | null;
  text: string;
}

/** The request fields the rental dialog's estimate and its completion share. */
export interface DialogRequest {
  vendorId: number | null;
  widen: boolean;
  skid_steer_type: string;
  rental_start_date: string;
  rental_end_date: string;
  job_zip: string;
}

/**
 * The rental dialog's request as its completion action takes it: the consent sentence names the
 * vendors the estimate action routes it to, as the dialog shows them before it is sent.
 */
export async function dialogCompletion(
  url: string,
  ids: Record<string, string>,
  fields: DialogRequest & { leadId: number; name: string; phone: string; email?: string },
  headers: Record<string, string>,
): Promise<string> {
  const { vendorId, widen, skid_steer_type, rental_start_date, rental_end_date, job_zip, ...contact } = fields;
  const shared = { widen, skid_steer_type, rental_start_date, rental_end_date, job_zip };
  const estimate = await callAction(url, ids.estimateRequest, JSON.stringify([{ vendorId, ...shared }]), headers);
  const vendors = (estimate.result as { data?: Array<{ name: string }> } | null)?.data ?? [];
  return JSON.stringify([{ ...contact, ...shared, consent: { text: consentText(vendors.map((v) => v.name)), page: "/about" } }]);
}

/** Calls a server action the way the site's pages do: POST with its id and the JSON arguments. */
export async function callAction(
  url: string,
  id: string,
  body: string,
  headers: Record<string, string> = {},
  page = "/about",
): Promise<ActionAnswer> {
  // An action answers on a page that uses it: the rental dialog's on every page, the others on their own.
  const response = await fetch(`${url}${page}`, {
    method: "POST",
    headers: { "Next-Action": id, "Content-Type": "text/plain;charset=UTF-8", Accept: "text/x-component", Origin: url, ...headers },
    body,
  });
  const text = await response.text();
  // The action's return value is the RSC row that the first row's "a" points at.
  const rows = new Map(
    text
      .split("\n")
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1)]),
  );
  const first = rows.get("0");
  const ref = first ? (JSON.parse(first) as { a?: string }).a : undefined;
  const row = ref?.startsWith("$@") ? rows.get(ref.slice(2)) : undefined;
  let result: unknown = null;
  try {
    result = row !== undefined ? JSON.parse(row) : null;
  } catch {
    result = null;
  }
  const cookie = response.headers.get("set-cookie")?.split(";")[0] ?? null;
  return { status: response.status, result, cookie, text };
}

export async function operatorRows<T>(url: string, token: string, report: "leads" | "submissions", limit = 5000): Promise<T[]> {
  const response = await fetch(`${url}/api/operator/${report}?limit=${limit}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`operator ${report}: ${response.status}`);
  return (await response.json()) as T[];
}

/** Runs tasks with at most `limit` at once. */
export async function pool<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]();
      }
    }),
  );
  return results;
}
