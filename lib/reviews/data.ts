import "server-only";
import { rpc } from "../data/rpc";
import { reviewPageSchema } from "./types";

/** Published reviews shown per page of a listing's reviews. */
export const REVIEWS_PER_PAGE = 10;

/** One page (from 1) of a listing's published reviews, newest first, with their total. */
export const vendorReviews = (vendorId: number, page: number) =>
  rpc("vendor_reviews", { p_vendor_id: vendorId, p_offset: (page - 1) * REVIEWS_PER_PAGE, p_limit: REVIEWS_PER_PAGE }, reviewPageSchema);

/** The path of a page of a listing's reviews: the first is on the listing's own page. */
export const reviewsPagePath = (vendorPath: string, page: number) =>
  page <= 1 ? `${vendorPath}#reviews` : `${vendorPath}/reviews/${page}`;
