import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { smtpPort } from "./tests/e2e/helpers/smtp-port";

const port = Number(process.env.E2E_PORT ?? 3210);

const baseURL = `http://127.0.0.1:${port}`;
// Every run starts from a freshly created, migrated and seeded embedded database (plus tests/e2e/fixtures.sql).
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "skidsteer-e2e-"));
process.env.E2E_DATA_DIR = dataDir;

const MAIL = /mail-[a-z]+\.spec\.ts$/;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Limits for a machine half as fast as the one the slowest test takes about a minute on.
  timeout: 150_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-results.json" }]],
  // A trace is recorded on a failed test's retry: recording one for every test (screenshots and
  // DOM snapshots as it runs) took a sixth of the accessibility and models tests' time and about
  // a twentieth of the whole run's.
  use: { baseURL, trace: "on-first-retry", launchOptions: chromium },
  projects: [
    {
      name: "desktop",
      testIgnore: MAIL,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 }, launchOptions: chromium },
    },
    // The mail journeys share the one SMTP port the site sends to: one worker runs them, one after
    // another, beside the other projects (tests/e2e/helpers/inbox.ts).
    {
      name: "mail",
      testMatch: MAIL,
      workers: 1,
      fullyParallel: false,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 }, launchOptions: chromium },
    },
    // A Pixel 7's width, touch and mobile viewport, drawn at one device pixel per CSS pixel: its own
    // 2.625 made Chromium paint about seven times the pixels in software for the same layout, and
    // these tests' run about a tenth slower. The phone-width tests and the interaction bench keep
    // phones' real densities.
    {
      name: "mobile",
      testIgnore: MAIL,
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, launchOptions: chromium },
    },
  ],
  webServer: {
    command: `node node_modules/tsx/dist/cli.mjs tests/e2e/prepare-db.ts && node scripts/start.mjs`,
    url: `${baseURL}/us`,
    timeout: 240_000,
    reuseExistingServer: false,
    // The tests stand in for a proxy in front of the server: they choose the visitor's address.
    env: {
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      PROXY_HOPS: "1",
      PGLITE_DATA_DIR: dataDir,
      NEXT_PUBLIC_SITE_URL: baseURL,
      OPERATOR_TOKEN: "e2e-operator-token",
      BACKUP_TOKEN: "e2e-backup-token",
      CRON_SECRET: "e2e-cron-secret",
      INSECURE_COOKIES: "1",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      OUTBOX_INTERVAL_SECONDS: "2",
      PHOTOS_DIR: `${dataDir}-photos`,
      TEXTS_DIR: `${dataDir}-texts`,
    },
  },
});
