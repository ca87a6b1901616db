/** The console's one way to show a moment: UTC, to the second, sortable ("2026-11-23 14:05:09 UTC"). */
export function consoleTime(iso: string | null): string {
  return iso ? `${new Date(iso).toISOString().replace("T", " ").slice(0, 19)} UTC` : "—";
}
