import { readFileSync } from "node:fs";

/** The server action ids of the current production build, by exported name. */
export function actionIds(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
    node: Record<string, { exportedName: string }>;
  };
  return Object.fromEntries(Object.entries(manifest.node).map(([id, entry]) => [entry.exportedName, id]));
}
