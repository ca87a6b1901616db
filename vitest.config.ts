import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(__dirname) } },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 240_000,
    server: { deps: { inline: [/server-only/] } },
    alias: { "server-only": path.resolve(__dirname, "tests/unit/helpers/empty.ts") },
  },
});
