/**
 * npm run db:restore -- <file> [folder]
 *
 * Restores a backup written by npm run db:backup into an empty or new folder (default
 * PGLITE_DATA_DIR, else .data/pglite), never over a database; then start the site on it.
 */
import path from "node:path";
import { restoreEmbedded } from "../lib/db/backup";
import { embeddedDataDir } from "../lib/db/embedded";

const [file, folder] = process.argv.slice(2);
if (!file) {
  console.error("Usage: npm run db:restore -- <backup file> [folder]");
  process.exit(1);
}
const target = folder ? path.resolve(folder) : embeddedDataDir();
try {
  const { vendors, leads } = await restoreEmbedded(path.resolve(file), target);
  console.log(`Restored ${file} into ${target}: ${vendors} listings, ${leads} requests.`);
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
