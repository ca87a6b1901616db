import "server-only";
import { after } from "next/server";
import { serviceRpc } from "../data/rpc";
import { refreshListingPage } from "./revalidate";
import type { ListingAddress } from "./types";

// A listing's response time and rate (its page's "Usually responds within …" and "Responds to …
// of requests") are counted apart from the answers that change them: an answer or a silence marks
// the listing due, and the timed round or the business's own answer counts it (count_responses).

/**
 * The timed round's part after the response rules: counts the response time and rate of the
 * listings that answered or stayed silent since they were last counted, 20 listings a call, at
 * most `most` calls; returns how many listings it counted.
 */
export async function countResponses(most = 50): Promise<number> {
  let counted = 0;
  for (let call = 0; call < most; call++) {
    const listings = await serviceRpc("count_responses", {});
    if (listings === null) break;
    counted += listings;
  }
  return counted;
}

/**
 * After a business's own answer, once its response has gone: counts its listing's response time
 * and rate, then has its page rebuilt on the next visit.
 */
export function countAnswer(vendorId: number, address: ListingAddress): void {
  after(async () => {
    try {
      await serviceRpc("count_responses", { p_vendor_id: vendorId });
    } finally {
      refreshListingPage(address);
    }
  });
}
