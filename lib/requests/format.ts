/** Why a lead went to a vendor, as the console lists it. */
export function recipientReason(recipient: { reason: string; distance_miles: number | null }): string {
  if (recipient.reason === "vendor_page") return "from its listing page";
  if (recipient.reason === "passed_on") return "handed on";
  return recipient.distance_miles === null ? "nearby" : `nearby, ${recipient.distance_miles} mi`;
}

/** A recipient in one line: its name, its status of the lead and how fast it answered ("Acme (contacted after 2.5 h)"). */
export function recipientSummary(recipient: { vendor_name: string; status: string | null; response_hours: number | null }): string {
  if (!recipient.status) return recipient.vendor_name;
  const status = recipient.status.replace(/_/g, " ");
  return `${recipient.vendor_name} (${status}${recipient.response_hours === null ? "" : ` after ${recipient.response_hours} h`})`;
}
