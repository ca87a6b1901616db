import { restoreEmbedded } from "../../../lib/db/backup";

/**
 * The copy of the run's browser-test database (E2E_DATA_DIR, playwright.config.ts) as the server
 * started from it, written beside its folder when it was prepared (tests/e2e/prepare-db.ts).
 */
export function referenceCopy(): string {
  const folder = process.env.E2E_DATA_DIR;
  if (!folder) throw new Error("E2E_DATA_DIR must name the browser tests' database folder (playwright.config.ts)");
  return `${folder}.reference.tar`;
}

/** Fills the new folder `folder` with the run's browser-test database as the server started from it. */
export async function copyTestDatabase(folder: string): Promise<void> {
  await restoreEmbedded(referenceCopy(), folder);
}
