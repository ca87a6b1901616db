import "server-only";
import { z } from "zod";
import { rpc, serviceRpc } from "../data/rpc";
import { vendorAddressSchema } from "../listings/manage";
import { listingAddressSchema, publicReviewFields, reviewPageSchema } from "../listings/types";
import { keysetPageOf, PAGE_SIZE, type KeysetCursor } from "../platform/paging";

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

/** A published review of a listing the business manages, with its reply. */
const businessReviewSchema = z.object({ ...publicReviewFields, vendor_id: z.number(), vendor_name: z.string(), reported: z.boolean() });
export type BusinessReview = z.infer<typeof businessReviewSchema>;

/** The newest `limit` published reviews of every listing the address manages, in one call, and whether older ones exist. */
export const businessReviews = (email: string, limit: number) =>
  serviceRpc(
    "business_reviews",
    { p_email: email, p_limit: limit },
    z.object({ reviews: z.array(businessReviewSchema), more: z.boolean() }),
  );

/** The business's public reply to a published review, or its report of it; the listing's address. */
export const answerReview = (email: string, review: number, reply: string | null, report: string | null) =>
  serviceRpc(
    "business_answer_review",
    { p_email: email, p_review_id: review, p_reply: reply, p_report_reason: report },
    listingAddressSchema,
  );

const text = z.string().nullable();

const reviewRowSchema = z.object({
  id: z.number(),
  lead_id: z.number(),
  vendor_id: z.number(),
  vendor_name: z.string(),
  address: vendorAddressSchema,
  stars: z.number(),
  body: text,
  author: z.string(),
  machine: z.enum(["wheeled", "tracked"]),
  requested_at: z.string(),
  booked: z.boolean(),
  status: z.enum(["pending", "published", "rejected"]),
  held_reason: text,
  reject_reason: text,
  reply: text,
  reported_at: text,
  report_reason: text,
  created_at: z.string(),
  updated_at: z.string(),
});
export const REVIEW_QUEUES = ["pending", "reported", "published", "rejected"] as const;
export type ReviewQueue = (typeof REVIEW_QUEUES)[number];
/** A review queue in its order: the page after or before a review. */
export const reviewPage = (queue: ReviewQueue, cursor: KeysetCursor) =>
  serviceRpc(
    "operator_review_page",
    { p_queue: queue, p_limit: PAGE_SIZE, p_after: cursor.after, p_before: cursor.before },
    keysetPageOf(reviewRowSchema),
  );
export const moderateReview = (id: number, publish: boolean, reason: string, operator: string) =>
  serviceRpc("operator_moderate_review", { p_id: id, p_publish: publish, p_reason: reason, p_operator: operator }, vendorAddressSchema);
