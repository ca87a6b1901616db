import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProcess, type Started } from "../e2e/helpers/processes";

// `vercel build` (the CLI, offline) on a copy of the project, from a project settings file
// written here, as Vercel's own build would run it. The build reads the database, so the
// embedded one is served to it as hosted Supabase would be (npm run db:serve).
const copy = path.resolve(".vercel-check");
const DB_PORT = 3250;
const KEYS = { anon: "vercel-check-anon-key-0123456789", service: "vercel-check-service-key-0123456789" };
const base: NodeJS.ProcessEnv = {
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? "",
  NODE_ENV: "production",
  NEXT_PUBLIC_SITE_URL: "https://skidsteer.example",
  VERCEL_TELEMETRY_DISABLED: "1",
};

// The CLI is installed here on demand, at the version its package.json and lockfile pin: as a
// dependency of the project it would add about 400 MB to every npm install.
const cli = path.resolve("tests/deploy/vercel-cli");
const vercel = path.join(cli, "node_modules/.bin/vercel");

function installCli(): void {
  if (existsSync(vercel)) return;
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefix", cli], { stdio: "inherit", env: process.env });
}

const vercelBuild = (env: NodeJS.ProcessEnv) =>
  spawnSync(vercel, ["build", "--yes"], { cwd: copy, env, encoding: "utf8", timeout: 600_000 });

let refused: ReturnType<typeof vercelBuild>;
let built: ReturnType<typeof vercelBuild>;
let database: Started | undefined;

beforeAll(async () => {
  installCli();
  rmSync(copy, { recursive: true, force: true });
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], { encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of files.filter((name) => existsSync(name))) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(file, path.join(copy, file));
  }
  execFileSync("cp", ["-al", "node_modules", path.join(copy, "node_modules")]);
  mkdirSync(path.join(copy, ".vercel"), { recursive: true });
  writeFileSync(
    path.join(copy, ".vercel/project.json"),
    JSON.stringify({
      projectId: "prj_offline_check",
      orgId: "team_offline_check",
      settings: {
        framework: "nextjs",
        installCommand: "true",
        buildCommand: null,
        devCommand: null,
        outputDirectory: null,
        rootDirectory: null,
        nodeVersion: "24.x",
      },
    }),
  );

  refused = vercelBuild(base);
  database = await startProcess(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/db-serve.ts"],
    {
      DB_PORT: String(DB_PORT),
      PGLITE_DATA_DIR: path.join(copy, ".data/db"),
      NEXT_PUBLIC_SUPABASE_ANON_KEY: KEYS.anon,
      SUPABASE_SERVICE_ROLE_KEY: KEYS.service,
    },
    (output) => output.includes("Embedded database served"),
  );
  built = vercelBuild({
    ...base,
    NEXT_PUBLIC_SUPABASE_URL: `http://127.0.0.1:${DB_PORT}`,
    NEXT_PUBLIC_SUPABASE_ANON_KEY: KEYS.anon,
    SUPABASE_SERVICE_ROLE_KEY: KEYS.service,
    CRON_SECRET: "vercel-check-cron-secret",
  });
  await database.stop();
});

afterAll(async () => {
  await database?.stop();
  rmSync(copy, { recursive: true, force: true });
});

/** Every function directory of the build output, by its route. */
function functions(dir = path.join(copy, ".vercel/output/functions"), prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const route = `${prefix}/${entry.name}`;
    if (entry.name.endsWith(".func")) return [route.replace(/\.func$/, "")];
    return entry.isDirectory() ? functions(path.join(dir, entry.name), route) : [];
  });
}

describe("vercel build, offline", () => {
  it("stops without hosted Supabase, naming the variables", () => {
    expect(refused.status).not.toBe(0);
    expect(refused.stdout + refused.stderr).toContain(
      "Set NEXT_PUBLIC_SUPABASE_URL, NEXT_PUBLIC_SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY in the project's environment variables.",
    );
  });

  it("builds with it, and the output declares the outbox cron every minute", () => {
    expect(built.status, built.stdout + built.stderr).toBe(0);
    const config = JSON.parse(readFileSync(path.join(copy, ".vercel/output/config.json"), "utf8"));
    expect(config.crons).toEqual([{ path: "/api/cron/outbox", schedule: "* * * * *" }]);
    expect(config.routes.some((route: { middlewarePath?: string }) => route.middlewarePath === "/_middleware")).toBe(true);
  });

  it("has the middleware, the page functions, the cron and health routes", () => {
    const routes = functions();
    for (const route of [
      "/_middleware",
      "/[country]",
      "/[country]/[state]",
      "/[country]/[state]/[city]",
      "/[country]/[state]/[city]/[vendor]",
      "/[country]/[state]/[city]/prices",
      "/us/skidsteers",
      "/submit",
      "/operator/leads",
      "/business",
      "/api/cron/outbox",
      "/api/health",
    ]) {
      expect(routes, route).toContain(route);
    }
  });
});
