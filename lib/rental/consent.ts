/** The site as the consent sentence names it. */
const SITE = "Skid Steer Rentals";

const listed = (names: string[]) =>
  names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;

/**
 * The consent sentence shown beside the rental dialog's submit button, naming the vendors the
 * request goes to and the site. Stored word for word with the request; the database checks that
 * it names every vendor the request is routed to.
 */
export function consentText(vendorNames: string[]): string {
  const who = vendorNames.length > 0 ? `${listed(vendorNames)} and ${SITE}` : SITE;
  return (
    `By submitting, I agree that ${who} may call or text me at the phone number above about this rental request, ` +
    `including with automated technology. Consent is not a condition of renting.`
  );
}
