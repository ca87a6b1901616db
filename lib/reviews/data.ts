import "server-only";
import { rpc, serviceRpc } from "../data/rpc";
import { reviewPageSchema } from "../directory/types";

/** Published reviews shown per page of a listing's reviews. */
export const REVIEWS_PER_PAGE = 10;

/** One page (from 1) of a listing's published reviews, newest first, with their total. */
export const vendorReviews = (vendorId: number, page: number) =>
  rpc("vendor_reviews", { p_vendor_id: vendorId, p_offset: (page - 1) * REVIEWS_PER_PAGE, p_limit: REVIEWS_PER_PAGE }, reviewPageSchema);

/** The path of a page of a listing's reviews: the first is on the listing's own page. */
export const reviewsPagePath = (vendorPath: string, page: number) =>
  page <= 1 ? `${vendorPath}#reviews` : `${vendorPath}/reviews/${page}`;

/** The renter's review of a vendor that received their request: written, or edited; its id. */
export const saveReview = (
  review: { lead_id: number; vendor_id: number; stars: number; body: string; edit: boolean },
  proof: { ownerToken: string | null; linkHash: string | null },
  clientKey: string,
) =>
  serviceRpc("renter_review_save", {
    p_lead_id: review.lead_id,
    p_vendor_id: review.vendor_id,
    p_owner_token: proof.ownerToken,
    p_link_hash: proof.linkHash,
    p_client_key: clientKey,
    p_stars: review.stars,
    p_body: review.body,
    p_edit: review.edit,
  });
