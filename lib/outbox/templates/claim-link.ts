import type { ClaimLinkPayload } from "../rows";
import { email, link, markup, type Email } from "./layout";

const OUTRO = "The link works once, for 30 minutes. If you did not ask for it, ignore this email.";

/** The link that claims a listing for the address that asked for it. */
export function claimLinkEmail(payload: ClaimLinkPayload, claim: string): Email {
  const intro = `Open this link to claim ${payload.listing} and manage the listing:`;
  return email({
    subject: `Claim ${payload.listing} on Skid Steer Rentals`,
    text: [intro, "", claim, "", OUTRO],
    html: [markup`<p>${intro}</p>`, markup`<p>${link(claim, claim)}</p>`, markup`<p>${OUTRO}</p>`],
  });
}
