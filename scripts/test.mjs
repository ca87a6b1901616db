// npm test: lint, format check, type check, unused exports, unit and database tests, production build, browser tests.
// Prints each step's time and a last line "N passed, M failed in T" summing every step and test.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const bin = (name) => `node_modules/.bin/${name}`;
let passed = 0;
let failed = 0;
const started = performance.now();
const minutes = (since) => `${((performance.now() - since) / 60_000).toFixed(1)} min`;

function run(label, command, args) {
  console.log(`\n=== ${label}: ${command} ${args.join(" ")}`);
  const stepStarted = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  console.log(`=== ${label}: took ${minutes(stepStarted)}`);
  return result.status === 0;
}

/** Counts a step's outcome and says it. */
function record(label, ok) {
  if (ok) passed++;
  else failed++;
  console.log(`=== ${label}: ${ok ? "passed" : "FAILED"}`);
  return ok;
}

function step(label, command, args) {
  return record(label, run(label, command, args));
}

/** A check run beside others: its output is held back and printed whole once it ends. */
function checkInBackground(label, command, args) {
  const stepStarted = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: process.env });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    // A command that cannot start says why; "close" follows with no exit code.
    child.on("error", (error) => (output += `${error.message}\n`));
    child.on("close", (code) => {
      console.log(`\n=== ${label}: ${command} ${args.join(" ")}\n${output}=== ${label}: took ${minutes(stepStarted)}`);
      record(label, code === 0);
      resolve();
    });
  });
}

mkdirSync("test-results", { recursive: true });
// The deployment checks' Vercel CLI (tests/deploy/vercel.test.ts installs it when missing) comes
// from the registry while the steps below use the cores.
const vercelCli = existsSync("tests/deploy/vercel-cli/node_modules/.bin/vercel")
  ? Promise.resolve()
  : new Promise((resolve) => {
      const install = spawn("npm", ["install", "--no-audit", "--no-fund", "--prefix", "tests/deploy/vercel-cli"], { stdio: "ignore" });
      install.on("error", resolve);
      install.on("close", resolve);
    });
// The static checks are single-threaded: side by side they share the cores.
await Promise.all([
  checkInBackground("lint", bin("eslint"), ["."]),
  checkInBackground("format", bin("prettier"), ["--check", "."]),
  checkInBackground("typecheck", bin("tsc"), ["--noEmit"]),
  checkInBackground("unused exports", bin("knip"), ["--include", "exports,types"]),
]);

/** A Vitest run, counted test by test (a run that fails outside its tests counts as one failure). */
function vitestStep(label, args, report) {
  rmSync(report, { force: true });
  run(label, bin("vitest"), ["run", ...args, "--reporter=default", "--reporter=json", `--outputFile=${report}`]);
  if (!existsSync(report)) {
    failed++;
    return;
  }
  const result = JSON.parse(readFileSync(report, "utf8"));
  passed += result.numPassedTests;
  failed += result.numFailedTests + (result.numTotalTestSuites > 0 && result.success === false && result.numFailedTests === 0 ? 1 : 0);
}

vitestStep("unit and database tests", [], "test-results/vitest.json");

// The browser tests' server answers here (playwright.config.ts); the build inlines the address.
process.env.NEXT_PUBLIC_SITE_URL ??= `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;
if (step("build", process.execPath, ["node_modules/next/dist/bin/next", "build"])) {
  rmSync("test-results/e2e-results.json", { force: true });
  run("browser tests", bin("playwright"), ["test"]);
  if (existsSync("test-results/e2e-results.json")) {
    const { stats } = JSON.parse(readFileSync("test-results/e2e-results.json", "utf8"));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
  } else failed++;
  // After the browser tests, whose server runs from the build above: these make builds of their own.
  await vercelCli;
  vitestStep("deployment checks", ["--config", "vitest.deploy.config.ts"], "test-results/deploy.json");
}

console.log(`\n${passed} passed, ${failed} failed in ${minutes(started)}`);
process.exit(failed === 0 ? 0 : 1);
