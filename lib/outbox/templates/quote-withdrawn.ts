import { centsText } from "../../quotes/quote";
import type { ClaimedLead, OutboxQuote } from "../rows";
import { machineName } from "./format";
import { letter, type Email } from "./layout";

/** The renter's email when a vendor withdraws its quote: it can no longer be booked. */
export function quoteWithdrawnEmail(lead: ClaimedLead, quote: OutboxQuote, statusLink: string): Email {
  return letter({
    subject: `${quote.vendor.name} withdrew its quote for your rental request #${lead.id}`,
    greeting: `Hello ${lead.name},`,
    paragraphs: [
      `${quote.vendor.name} withdrew its quote of ${centsText(quote.total_cents)} for your ${machineName(lead)} rental. It can no longer be booked; any other vendor's open quote still can.`,
    ],
    tables: [],
    action: { label: "Your request and its quotes", href: statusLink },
  });
}
