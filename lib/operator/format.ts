/** The console's one way to show a moment: UTC, to the second, sortable ("2026-11-23 14:05:09 UTC"). */
export function consoleTime(iso: string | null): string {
  return iso ? `${new Date(iso).toISOString().replace("T", " ").slice(0, 19)} UTC` : "—";
}

/** Why a lead went to a vendor, as the console lists it. */
export function recipientReason(recipient: { reason: string; distance_miles: number | null }): string {
  if (recipient.reason === "vendor_page") return "from its listing page";
  return recipient.distance_miles === null ? "nearby" : `nearby, ${recipient.distance_miles} mi`;
}
