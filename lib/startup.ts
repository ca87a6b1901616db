import { embeddedDataDir, getEmbeddedDb } from "./db/embedded";
import { backendConfig } from "./supabase/config";

/**
 * Refuses a half-configured backend (one public variable, or hosted without the service
 * role key); opens (creating on first start) the embedded database.
 */
export async function prepareBackend(): Promise<void> {
  try {
    if (backendConfig().mode === "hosted") return;
    await getEmbeddedDb();
    console.log(`Embedded database ready in ${embeddedDataDir()}`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
