/**
 * Creates the browser tests' database before the server starts (see
 * helpers/test-database.ts). Runtime caches of earlier runs are dropped.
 */
import { clearRuntimeCaches } from "../../scripts/runtime-caches";
import { prepareTestDatabase } from "./helpers/test-database";

// Pages and data cached by an earlier run came from another database: start without them.
clearRuntimeCaches();

const folder = process.env.PGLITE_DATA_DIR;
if (!folder) throw new Error("PGLITE_DATA_DIR must name the test database folder");
prepareTestDatabase(folder).then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
