import { centsText } from "../../quotes/quote";
import type { ClaimedLead, OutboxQuote } from "../rows";
import { machineName, quoteRows } from "./format";
import { letter, type Email } from "./layout";

/** The renter's email of a vendor's quote (or its revision), with the link to compare and book. */
export function quoteEmail(lead: ClaimedLead, quote: OutboxQuote, revised: boolean, statusLink: string): Email {
  const what = revised ? "revised its quote" : "sent you a quote";
  return letter({
    subject: `${revised ? "Revised quote" : "Quote"} from ${quote.vendor.name}: ${centsText(quote.total_cents)} for your rental request #${lead.id}`,
    greeting: `Hello ${lead.name},`,
    paragraphs: [
      `${quote.vendor.name} ${what} for your ${machineName(lead)} rental, valid until ${new Date(quote.valid_until).toUTCString()}.`,
      ...(quote.message ? [`Their message: ${quote.message}`] : []),
    ],
    tables: [quoteRows(quote)],
    action: { label: "Compare the quotes and book one (the link works for 90 days)", href: statusLink },
  });
}
