import type { ClaimedLead } from "../rows";
import { machineName } from "./format";
import { letter, type Email } from "./layout";

/** Every other vendor that received the request: the renter chose another vendor. */
export function choseAnotherEmail(lead: ClaimedLead, vendorName: string): Email {
  return letter({
    subject: `Rental request #${lead.id}: the renter chose another vendor`,
    greeting: `Hello ${vendorName},`,
    paragraphs: [
      `The renter of request #${lead.id} (${machineName(lead)}, ${lead.rental_start_date} to ${lead.rental_end_date}, ZIP ${lead.location}) chose another vendor. Your open quote for it is closed: there is no need to follow up.`,
    ],
    tables: [],
  });
}
