/** The site as the consent sentence names it. */
const SITE = "Skid Steer Rentals";

/**
 * The consent sentence shown beside the rental dialog's submit button, naming the vendors the
 * request goes to, in order, and the site ("A, B and Skid Steer Rentals"). The database words it
 * alike (private.consent_text, tested against this) and sends a request only with the sentence it
 * rebuilds from the vendors the request is routed to.
 */
export function consentText(vendorNames: string[]): string {
  const who = [...vendorNames, SITE].join(", ").replace(/, ([^,]*)$/, " and $1");
  return (
    `By submitting, I agree that ${who} may call or text me at the phone number above about this rental request, ` +
    `including with automated technology. If a vendor does not answer within 4 business hours or is not available, ` +
    `the request may go to up to 3 more vendors near the job site, who may contact me the same way. ` +
    `Consent is not a condition of renting.`
  );
}
