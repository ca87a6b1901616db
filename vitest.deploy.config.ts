import path from "node:path";
import { defineConfig } from "vitest/config";

// The deployment checks (npm test runs them after the browser tests: each makes a build of its own).
export default defineConfig({
  resolve: { alias: { "@": path.resolve(__dirname) } },
  test: { include: ["tests/deploy/**/*.test.ts"], environment: "node", testTimeout: 60_000, hookTimeout: 900_000 },
});
