import "server-only";
import { z } from "zod";
import { rpcAllRows, serviceRpc } from "../data/rpc";
import { vendorAddressSchema } from "../listings/manage";
import { pageOf, PAGE_SIZE } from "../platform/paging";
import { namedPlaceSchema } from "../listings/types";
import type { BusinessActionValues } from "./schema";

/** Queues a business's submission for the operator; its id. */
export const submitVendor = (v: BusinessActionValues, clientKey: string) =>
  serviceRpc("submit_vendor", {
    p_name: v.name,
    p_site: v.website,
    p_phone: v.phone,
    p_address: v.address,
    p_state: v.state,
    p_city: v.city,
    p_zipcode: v.zipcode,
    p_client_key: clientKey,
    p_email: v.email || null,
  });

/** Cities of a US state, by name, for the form's city choice. */
export const stateCities = (stateSlug: string) => rpcAllRows("state_cities", { p_state_slug: stateSlug }, { row: namedPlaceSchema });

// The console's queue of submissions.

const text = z.string().nullable();
export const SUBMISSION_STATUSES = ["new", "approved", "rejected", "duplicate"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
const submissionRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  site: z.string(),
  phone: z.string(),
  email: text,
  street: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  created_at: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  review_reason: text,
  reviewed_by: text,
  vendor_id: z.number().nullable(),
  city_name: text,
  state_code: text,
  duplicate_vendors: z.array(z.object({ id: z.number(), name: z.string() })),
  duplicate_submissions: z.array(z.number()),
});
export const submissionPage = (status: SubmissionStatus, page: number) =>
  serviceRpc(
    "operator_submission_page",
    { p_status: status, p_limit: PAGE_SIZE, p_offset: (page - 1) * PAGE_SIZE },
    pageOf(submissionRowSchema),
  );

export const approveSubmission = (id: number, operator: string) =>
  serviceRpc("operator_approve_submission", { p_id: id, p_operator: operator }, vendorAddressSchema);
export const reviewSubmission = (id: number, status: "rejected" | "duplicate", reason: string, operator: string) =>
  serviceRpc("operator_review_submission", { p_id: id, p_status: status, p_reason: reason, p_operator: operator });
