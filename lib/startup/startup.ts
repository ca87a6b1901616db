import { embeddedDataDir, getEmbeddedDb } from "../db/embedded";
import { productionSettings } from "./production-settings";
import { backendConfig } from "../supabase/config";

/**
 * Says once what the production settings lack, and stops on a setting that cannot work;
 * refuses a half-configured backend (one public variable, or hosted without the service
 * role key); opens (creating on first start) the embedded database.
 */
export async function prepareBackend(): Promise<void> {
  try {
    if (process.env.NODE_ENV === "production") {
      const { fatal, warnings } = productionSettings();
      for (const warning of warnings) console.warn(`Settings: ${warning}`);
      if (fatal.length) throw new Error(fatal.join("\n"));
    }
    if (backendConfig().mode === "hosted") return;
    await getEmbeddedDb();
    console.log(`Embedded database ready in ${embeddedDataDir()}`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
