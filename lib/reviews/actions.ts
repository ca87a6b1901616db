"use server";
import { z } from "zod";
import { hashToken } from "../auth/token";
import { clientKey } from "../platform/request";
import { recordId } from "../platform/record-id";
import { formAction, formField } from "../platform/action";
import { renter } from "../rental/owner";
import { requestStatusPath, statusKey } from "../rental/status-link";
import { saveReview } from "./data";
import { reviewCatalog } from "./messages";
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
export const saveReviewAction = formAction(reviewCatalog, {
  audience: renter,
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
  call: async (review, ownerToken) => saveReview(review, { ownerToken, linkHash: review.key && hashToken(review.key) }, await clientKey()),
  back: (review) => ({ ...statusPage(review.lead_id, review.vendor_id, review.key), notice: "review-saved" }),
});
