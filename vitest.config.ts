import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(__dirname) } },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    globalSetup: ["tests/unit/helpers/database-snapshots.ts"],
    environment: "node",
    // Most files spend their time waiting on a database process or a command they start, so two
    // run side by side even on two cores (Vitest's default there is one at a time).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 120_000,
    hookTimeout: 240_000,
    server: { deps: { inline: [/server-only/] } },
    alias: { "server-only": path.resolve(__dirname, "tests/unit/helpers/empty.ts") },
  },
});
