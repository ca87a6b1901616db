import "server-only";
import { z } from "zod";
import { isCalendarDay } from "../rental/dates";
import { MAX_ROWS_PER_CALL, serviceRpc as call } from "../data/rpc";
import type { RateCardInput } from "../prices/rate-card";
import { rateCardSchema } from "../prices/rate-card-schema";

export const PAGE_SIZE = 50;

const optionalText = (pattern: RegExp) => z.string().trim().regex(pattern).optional().catch(undefined);
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isCalendarDay)
  .optional()
  .catch(undefined);

/** The leads inbox filters, from the query string; anything malformed is ignored. */
const leadFiltersSchema = z.object({
  from: day,
  to: day,
  state: optionalText(/^[a-z-]{2,40}$/),
  vendor: optionalText(/^\d{1,12}$/),
  zip: optionalText(/^\d{5}$/),
  delivery: z.enum(["pending", "sent", "failed", "none"]).optional().catch(undefined),
  stage: z.enum(["quoted", "booked"]).optional().catch(undefined),
  spam: z.enum(["only", "include"]).optional().catch(undefined),
});
export type LeadFilters = z.infer<typeof leadFiltersSchema>;

export function leadFilters(params: Record<string, string | string[] | undefined>): LeadFilters {
  const flat = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value || undefined]),
  );
  return leadFiltersSchema.parse(flat);
}

import { recordId } from "../platform/record-id";
import { bookingSchema, quoteSchema } from "../quotes/quote";
export { recordId };

export const pageNumber = (value: string | string[] | undefined) => {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
};

const pageOf = <T extends z.ZodType>(row: T) => z.object({ total: z.number(), rows: z.array(row) });
/** A page read by keyset: its rows, whether pages lie either side, and a count that stops at 10,000. */
const keysetPageOf = <T extends z.ZodType>(row: T) =>
  z.object({ total: z.number(), total_capped: z.boolean(), previous: z.boolean(), next: z.boolean(), rows: z.array(row) });

/** Where a keyset page starts: after the row with id `after`, before the row with id `before`, or at the first row. */
export interface KeysetCursor {
  after?: number;
  before?: number;
}
/** The cursor in a list page's query string (`?after=` or `?before=`, a row's id). */
export function keysetCursor(params: Record<string, string | string[] | undefined>): KeysetCursor {
  const id = (value: string | string[] | undefined) => recordId(Array.isArray(value) ? value[0] : value) ?? undefined;
  const after = id(params.after);
  return after ? { after } : { before: id(params.before) };
}
const text = z.string().nullable();

/**
 * A rental request as the reporting API and `npm run leads` read it (operator_leads): every
 * column, with its recipients and messages as the database builds them.
 */
const reportLeadSchema = z.object({
  id: z.number(),
  vendor_id: z.number().nullable(),
  vendor_name: text,
  step: z.number(),
  location: text,
  name: text,
  phone: text,
  skid_steer_type: text,
  rental_days: z.number().nullable(),
  rental_start_date: text,
  rental_end_date: text,
  completed: z.boolean(),
  widen: z.boolean(),
  created_at: z.string(),
  completed_at: text,
  recipients: z.array(z.looseObject({ vendor_name: z.string() })),
  messages: z.array(z.looseObject({ channel: z.string(), status: z.string(), attempts: z.number(), last_error: text })),
});

/** The newest `max` leads (spam left out) as the reporting API gives them, read 1,000 a call by keyset. */
export async function reportLeads(max: number): Promise<Array<z.infer<typeof reportLeadSchema>>> {
  const leads: Array<z.infer<typeof reportLeadSchema>> = [];
  while (leads.length < max) {
    const limit = Math.min(MAX_ROWS_PER_CALL, max - leads.length);
    const page = await call("operator_leads", { p_limit: limit, p_older_than: leads.at(-1)?.id }, z.array(reportLeadSchema));
    leads.push(...page);
    if (page.length < limit) break;
  }
  return leads;
}

const leadSummaryFields = {
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  location: z.string(),
  skid_steer_type: text,
  rental_days: z.number(),
  rental_start_date: text,
  rental_end_date: text,
  completed_at: z.string(),
  created_at: z.string(),
  spam: z.boolean(),
  vendor_id: z.number().nullable(),
  vendor_name: text,
  widen: z.boolean(),
  delivery: z.enum(["none", "pending", "sent", "failed"]),
  recipients: z.array(
    z.object({
      vendor_id: z.number(),
      vendor_name: z.string(),
      reason: z.string(),
      rank: z.number(),
      distance_miles: z.number().nullable(),
      status: text,
      status_reason: text,
      responded_at: text,
      response_hours: z.number().nullable(),
    }),
  ),
};
const leadSummarySchema = z.object(leadSummaryFields);
const leadDetailSchema = z.object({
  ...leadSummaryFields,
  messages: z.array(
    z.object({
      id: z.number(),
      channel: z.string(),
      status: z.string(),
      attempts: z.number(),
      vendor_name: text,
      sent_at: text,
      sent_via: text,
      last_error: text,
      next_attempt_at: z.string(),
      attempt_log: z.array(z.object({ id: z.number(), attempted_at: z.string(), ok: z.boolean(), sent_via: text, error: text })),
      kind: z.string(),
    }),
  ),
  quotes: z.array(quoteSchema.extend({ vendor_name: z.string() })),
  booking: bookingSchema.nullable(),
  /** The consent sentence the renter was shown, where and when, and from which client (its hashed address). */
  consent: z
    .object({ text: z.string(), vendor_ids: z.array(z.number()), page: z.string(), client_hash: text, given_at: z.string() })
    .nullable(),
});

/** Completed requests newest first: the page after (older than) or before (newer than) a request. */
export const leadPage = (filters: LeadFilters, cursor: KeysetCursor, size = PAGE_SIZE) =>
  call(
    "operator_lead_page",
    { p_filters: filters, p_limit: size, p_older_than: cursor.after, p_newer_than: cursor.before },
    keysetPageOf(leadSummarySchema),
  );
export const leadDetail = (id: number) => call("operator_lead", { p_id: id }, leadDetailSchema.nullable());

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
  call("operator_submission_page", { p_status: status, p_limit: PAGE_SIZE, p_offset: (page - 1) * PAGE_SIZE }, pageOf(submissionRowSchema));

const vendorRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  site: text,
  phone: text,
  hidden: z.boolean(),
  city_name: z.string(),
  state_code: z.string(),
  leads: z.number(),
});
/** Where a listing lives, to name it and refresh its pages after a change. */
const vendorAddressSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  city_slug: z.string(),
  state_slug: z.string(),
  country_slug: z.string(),
  hidden: z.boolean(),
});
const vendorDetailFields = {
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  site: text,
  email: text,
  phone: text,
  street: text,
  hours: text,
  photo: text,
  hidden: z.boolean(),
  rating: z.number().nullable(),
  description: text,
  service_zips: z.array(z.string()),
  address: vendorAddressSchema,
};
export const vendorDetailSchema = z.object(vendorDetailFields);
/** Listings by name: the page after or before a listing. */
export const vendorPage = (query: string, cursor: KeysetCursor) =>
  call(
    "operator_vendor_page",
    { p_query: query, p_limit: PAGE_SIZE, p_after: cursor.after, p_before: cursor.before },
    keysetPageOf(vendorRowSchema),
  );
export const vendorDetail = (id: number) => call("operator_vendor", { p_id: id }, vendorDetailSchema.nullable());

/** A vendor's rate card, published or not; null when it has none. */
export const vendorRateCard = (id: number) => call("rate_card_json", { p_vendor_id: id }, rateCardSchema.nullable());

const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  operator_email: z.string(),
  action: z.string(),
  subject: text,
  details: z.record(z.string(), z.unknown()),
});
/** The audit log newest first: the page after (older than) or before (newer than) an entry. */
export const auditPage = (cursor: KeysetCursor) =>
  call(
    "operator_audit_page",
    { p_limit: PAGE_SIZE, p_older_than: cursor.after, p_newer_than: cursor.before },
    keysetPageOf(auditEntrySchema),
  );

const managerRole = z.enum(["owner", "colleague"]);
export const CLAIM_STATUSES = ["new", "approved", "rejected"] as const;
const claimRowSchema = z.object({
  id: z.number(),
  vendor_id: z.number(),
  email: z.string(),
  name: z.string(),
  phone: text,
  note: text,
  created_at: z.string(),
  status: z.enum(CLAIM_STATUSES),
  review_reason: text,
  reviewed_by: text,
  vendor: vendorAddressSchema,
  managers: z.array(z.object({ email: z.string(), role: managerRole })),
});
type ClaimRow = z.infer<typeof claimRowSchema>;
export type ClaimStatus = ClaimRow["status"];
export const claimPage = (status: ClaimStatus, page: number) =>
  call("operator_claim_page", { p_status: status, p_limit: PAGE_SIZE, p_offset: (page - 1) * PAGE_SIZE }, pageOf(claimRowSchema));
export const reviewClaim = (id: number, approve: boolean, reason: string, operator: string) =>
  call("operator_review_claim", { p_id: id, p_approve: approve, p_reason: reason, p_operator: operator });
/** A new name or website that a business asked for, waiting for the operator. */
export const pendingChangeSchema = z.object({ name: z.string().optional(), site: z.string().optional() });
const changeRequestSchema = z.object({
  id: z.number(),
  email: z.string(),
  created_at: z.string(),
  vendor: vendorAddressSchema,
  changes: pendingChangeSchema,
  current: z.object({ name: z.string(), site: text }),
});
export const changeRequests = () => call("operator_change_requests", {}, z.array(changeRequestSchema));
export const reviewChange = (id: number, approve: boolean, reason: string, operator: string) =>
  call("operator_review_change", { p_id: id, p_approve: approve, p_reason: reason, p_operator: operator });

export const pausedVendors = () =>
  call("operator_paused_vendors", {}, z.array(z.object({ id: z.number(), name: z.string(), paused_at: z.string() })));

const vendorManagerSchema = z.object({ email: z.string(), role: managerRole, added_by: z.string(), created_at: z.string() });
export const vendorManagers = (id: number) => call("operator_vendor_managers", { p_vendor_id: id }, z.array(vendorManagerSchema));
export const revokeManager = (id: number, email: string, operator: string) =>
  call("operator_revoke_manager", { p_vendor_id: id, p_email: email, p_operator: operator });

const personSchema = z.object({
  requests: z.array(
    z.object({
      id: z.number(),
      completed: z.boolean(),
      created_at: z.string(),
      completed_at: z.string().nullable(),
      name: z.string(),
      phone: z.string(),
      email: z.string().nullable(),
      location: z.string(),
      rental_start_date: z.string().nullable(),
      rental_end_date: z.string().nullable(),
      withdrawn_at: z.string().nullable(),
      anonymized_at: z.string().nullable(),
    }),
  ),
  reviews: z.array(
    z.object({
      id: z.number(),
      lead_id: z.number(),
      vendor_name: z.string(),
      stars: z.number(),
      author: z.string(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
  messages: z.array(
    z.object({
      id: z.number(),
      lead_id: z.number(),
      kind: z.string(),
      channel: z.string(),
      recipient: z.string().nullable(),
      status: z.string(),
      sent_at: z.string().nullable(),
    }),
  ),
  consents: z.array(z.object({ lead_id: z.number(), given_at: z.string(), page: z.string(), text: z.string() })),
});
export type PersonOnFile = z.infer<typeof personSchema>;

/** Everything held for the person with this phone number or email address: requests, reviews, messages, consents. */
export const personOnFile = (phone: string, email: string) =>
  call("operator_person", { p_phone: phone || null, p_email: email || null }, personSchema);
/** Erases everything held for that person; audit-logged without their details. */
export const erasePerson = (phone: string, email: string, operator: string) =>
  call(
    "operator_erase_person",
    { p_phone: phone || null, p_email: email || null, p_operator: operator },
    z.object({ requests: z.number(), reviews: z.number() }),
  );

export const resendLead = (id: number, operator: string) => call("operator_resend_lead", { p_id: id, p_operator: operator });
export const markSpam = (id: number, spam: boolean, operator: string) =>
  call("operator_mark_spam", { p_id: id, p_spam: spam, p_operator: operator });
export const approveSubmission = (id: number, operator: string) =>
  call("operator_approve_submission", { p_id: id, p_operator: operator }, vendorAddressSchema);
export const reviewSubmission = (id: number, status: "rejected" | "duplicate", reason: string, operator: string) =>
  call("operator_review_submission", { p_id: id, p_status: status, p_reason: reason, p_operator: operator });
export const updateVendor = (id: number, changes: Record<string, unknown>, operator: string) =>
  call("operator_update_vendor", { p_id: id, p_changes: changes, p_operator: operator }, vendorAddressSchema);
export const setVendorHidden = (id: number, hidden: boolean, operator: string) =>
  call("operator_set_vendor_hidden", { p_id: id, p_hidden: hidden, p_operator: operator }, vendorAddressSchema);

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
  call(
    "operator_review_page",
    { p_queue: queue, p_limit: PAGE_SIZE, p_after: cursor.after, p_before: cursor.before },
    keysetPageOf(reviewRowSchema),
  );
export const moderateReview = (id: number, publish: boolean, reason: string, operator: string) =>
  call("operator_moderate_review", { p_id: id, p_publish: publish, p_reason: reason, p_operator: operator }, vendorAddressSchema);

/** Sets a vendor's rate card, or removes it (null); public at once. */
export const setRateCard = (id: number, card: RateCardInput | null, operator: string) =>
  call("operator_set_rate_card", { p_vendor_id: id, p_card: card, p_operator: operator });
