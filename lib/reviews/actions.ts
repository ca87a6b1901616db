"use server";
import { z } from "zod";
import { clientKey } from "../platform/request";
import { recordId } from "../platform/record-id";
import { formField } from "../platform/action";
import { after } from "next/server";
import { businessAction, dashboard, operatorAction, renterAction } from "../auth/audiences";
import { refreshListingPage, refreshListingPages } from "../listings/revalidate";
import { businessCatalog } from "../messages/business";
import { consoleCatalog } from "../messages/console";
import { wakeOutbox } from "../outbox/drain";
import { renterProof } from "../auth/renter";
import { requestStatusPath, statusKey } from "../auth/status-link";
import { answerReview, moderateReview, saveReview } from "./data";
import { reviewCatalog } from "../messages/reviews";
import { MAX_REVIEW_LENGTH } from "./types";

/** The status page a review form came from, at the vendor's review. */
const statusPage = (lead: number, vendor: number, key: string | null) => ({
  page: requestStatusPath(lead, key),
  params: { vendor: String(vendor) },
  anchor: `#vendor-${vendor}`,
});

/**
 * The renter writes or edits their review of a vendor from their request's status page
 * (this browser's request, or opened by the emailed status link, whose key the form
 * carries). The database checks who may review what; the page shows its answer by code.
 */
export const saveReviewAction = renterAction(reviewCatalog, {
  input: z.object({
    lead_id: formField.id("no-request"),
    vendor_id: formField.id("no-request"),
    key: z.unknown().optional().transform(statusKey),
    stars: z.coerce
      .number({ error: "review-stars" })
      .int({ error: "review-stars" })
      .min(1, { error: "review-stars" })
      .max(5, { error: "review-stars" }),
    body: z.string().max(MAX_REVIEW_LENGTH, { error: "too-long" }).default(""),
    edit: z.enum(["0", "1"]).transform((edit) => edit === "1"),
  }),
  invalid: "review-stars",
  home: ({ lead_id: lead, vendor_id: vendor, key }) => {
    const [leadId, vendorId] = [recordId(lead), recordId(vendor)];
    return leadId && vendorId ? statusPage(leadId, vendorId, statusKey(key)) : { page: "/requests" };
  },
  call: async (review, ownerToken) => saveReview(review, renterProof(ownerToken, review.key), await clientKey()),
  back: (review) => ({ ...statusPage(review.lead_id, review.vendor_id, review.key), notice: "review-saved" }),
});

/** The business's public reply to a published review (set again to edit it), or its report of the review to the operator. */
export const answerReviewAction = businessAction(businessCatalog, {
  input: z.object({ review_id: formField.id("no-review"), reply: formField.text(2000), report: formField.text(500) }),
  invalid: "too-long",
  call: (answer, email) => answerReview(email, answer.review_id, answer.reply || null, answer.report || null),
  done: (address) => refreshListingPage(address),
  back: (answer) => dashboard(answer.reply ? "reply-saved" : "review-reported", `#review-${answer.review_id}`),
});

/** Publishes a waiting review (the business is emailed), keeps a reported one, or rejects either with a reason. */
export const moderateReviewAction = operatorAction(consoleCatalog, {
  input: z.object({
    id: formField.id(),
    outcome: z.string().optional(),
    queue: z.enum(["pending", "reported"]).catch("pending"),
    reason: formField.text(500),
  }),
  invalid: "no-record",
  home: "/operator/reviews",
  call: (review, operator) => moderateReview(review.id, review.outcome === "publish", review.reason, operator),
  done: (_address, review) => {
    refreshListingPages();
    if (review.outcome === "publish") after(() => wakeOutbox());
  },
  back: (review) => ({
    page: "/operator/reviews",
    params: { status: review.queue },
    notice: review.outcome !== "publish" ? "review-rejected" : review.queue === "reported" ? "review-kept" : "review-published",
  }),
});
