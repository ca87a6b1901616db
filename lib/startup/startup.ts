import { embeddedDataDir, getEmbeddedDb } from "../db/embedded";
import { productionSettings } from "./production-settings";
import { clientKeySecret } from "../platform/client-key";
import { backendConfig } from "../supabase/config";

/**
 * Says once what the production settings lack, and stops on a setting that cannot work;
 * refuses a half-configured backend (one public variable, or hosted without the service
 * role key); opens (creating on first start) the embedded database; resolves the secret
 * that keys client addresses (lib/platform/client-key.ts), made in the embedded database's
 * folder on its first start.
 */
export async function prepareBackend(): Promise<void> {
  try {
    if (process.env.NODE_ENV === "production") {
      const { fatal, warnings } = productionSettings();
      for (const warning of warnings) console.warn(`Settings: ${warning}`);
      if (fatal.length) throw new Error(fatal.join("\n"));
    }
    const embedded = backendConfig().mode === "embedded";
    if (embedded) await getEmbeddedDb();
    // With the embedded database, made on first start in its folder, once that folder exists.
    clientKeySecret();
    if (embedded) console.log(`Embedded database ready in ${embeddedDataDir()}`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
