import "server-only";
import { z } from "zod";
import { isCalendarDay } from "../rental/dates";
import { serviceRpc as call } from "../data/rpc";
import type { RateCard } from "../prices/rate-card";

export const PAGE_SIZE = 50;

/** A page of rows and how many match in all. */
export interface Page<T> {
  total: number;
  rows: T[];
}

const optionalText = (pattern: RegExp) => z.string().trim().regex(pattern).optional().catch(undefined);
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isCalendarDay)
  .optional()
  .catch(undefined);

/** The leads inbox filters, from the query string; anything malformed is ignored. */
export const leadFiltersSchema = z.object({
  from: day,
  to: day,
  state: optionalText(/^[a-z-]{2,40}$/),
  vendor: optionalText(/^\d{1,12}$/),
  zip: optionalText(/^\d{5}$/),
  delivery: z.enum(["pending", "sent", "failed", "none"]).optional().catch(undefined),
  spam: z.enum(["only", "include"]).optional().catch(undefined),
});
export type LeadFilters = z.infer<typeof leadFiltersSchema>;

export function leadFilters(params: Record<string, string | string[] | undefined>): LeadFilters {
  const flat = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value || undefined]),
  );
  return leadFiltersSchema.parse(flat);
}

export { recordId } from "../platform/record-id";

export const pageNumber = (value: string | string[] | undefined) => {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
};

export interface LeadSummary {
  id: number;
  name: string;
  phone: string;
  location: string;
  skid_steer_type: string | null;
  rental_days: number;
  rental_start_date: string | null;
  rental_end_date: string | null;
  completed_at: string;
  created_at: string;
  spam: boolean;
  vendor_id: number | null;
  vendor_name: string | null;
  widen: boolean;
  delivery: "none" | "pending" | "sent" | "failed";
  recipients: Array<{
    vendor_id: number;
    vendor_name: string;
    reason: string;
    rank: number;
    distance_miles: number | null;
    status: string | null;
    status_reason: string | null;
    responded_at: string | null;
    response_hours: number | null;
  }>;
}
export interface LeadDetail extends LeadSummary {
  messages: Array<{
    id: number;
    channel: string;
    status: string;
    attempts: number;
    vendor_name: string | null;
    sent_at: string | null;
    sent_via: string | null;
    last_error: string | null;
    next_attempt_at: string;
    attempt_log: Array<{ id: number; attempted_at: string; ok: boolean; sent_via: string | null; error: string | null }>;
  }>;
}

export const leadPage = (filters: LeadFilters, page: number, size = PAGE_SIZE) =>
  call<Page<LeadSummary>>("operator_lead_page", { p_filters: filters, p_limit: size, p_offset: (page - 1) * size });
export const leadDetail = (id: number) => call<LeadDetail | null>("operator_lead", { p_id: id });

export type SubmissionStatus = "new" | "approved" | "rejected" | "duplicate";
export interface SubmissionRow {
  id: number;
  name: string;
  site: string;
  phone: string;
  email: string | null;
  street: string;
  city: string;
  state: string;
  postal_code: string;
  created_at: string;
  status: SubmissionStatus;
  review_reason: string | null;
  reviewed_by: string | null;
  vendor_id: number | null;
  city_name: string | null;
  state_code: string | null;
  duplicate_vendors: Array<{ id: number; name: string }>;
  duplicate_submissions: number[];
}
export const submissionPage = (status: SubmissionStatus, page: number) =>
  call<Page<SubmissionRow>>("operator_submission_page", { p_status: status, p_limit: PAGE_SIZE, p_offset: (page - 1) * PAGE_SIZE });

export interface VendorRow {
  id: number;
  name: string;
  slug: string;
  site: string | null;
  phone: string | null;
  hidden: boolean;
  city_name: string;
  state_code: string;
  leads: number;
}
export interface VendorAddress {
  id: number;
  slug: string;
  name: string;
  city_slug: string;
  state_slug: string;
  country_slug: string;
  hidden: boolean;
}
export interface VendorDetail {
  id: number;
  name: string;
  slug: string;
  site: string | null;
  email: string | null;
  phone: string | null;
  street: string | null;
  hours: string | null;
  photo: string | null;
  hidden: boolean;
  rating: number | null;
  description: string | null;
  service_zips: string[];
  address: VendorAddress;
}
export const vendorPage = (query: string, page: number) =>
  call<Page<VendorRow>>("operator_vendor_page", { p_query: query, p_limit: PAGE_SIZE, p_offset: (page - 1) * PAGE_SIZE });
export const vendorDetail = (id: number) => call<VendorDetail | null>("operator_vendor", { p_id: id });

/** A vendor's rate card, published or not; null when it has none. */
export const vendorRateCard = (id: number) => call<RateCard | null>("rate_card_json", { p_vendor_id: id });

export interface AuditEntry {
  id: number;
  at: string;
  operator_email: string;
  action: string;
  subject: string | null;
  details: Record<string, unknown>;
}
export const auditPage = (page: number) =>
  call<Page<AuditEntry>>("operator_audit_log", { p_limit: PAGE_SIZE, p_offset: (page - 1) * PAGE_SIZE });

export interface ClaimRow {
  id: number;
  vendor_id: number;
  email: string;
  name: string;
  phone: string | null;
  note: string | null;
  created_at: string;
  status: "new" | "approved" | "rejected";
  review_reason: string | null;
  reviewed_by: string | null;
  vendor: VendorAddress;
  managers: Array<{ email: string; role: "owner" | "colleague" }>;
}
export type ClaimStatus = ClaimRow["status"];
export const claimPage = (status: ClaimStatus, page: number) =>
  call<Page<ClaimRow>>("operator_claim_page", { p_status: status, p_limit: PAGE_SIZE, p_offset: (page - 1) * PAGE_SIZE });
export const reviewClaim = (id: number, approve: boolean, reason: string, operator: string) =>
  call<null>("operator_review_claim", { p_id: id, p_approve: approve, p_reason: reason, p_operator: operator });
export interface ChangeRequest {
  id: number;
  email: string;
  created_at: string;
  vendor: VendorAddress;
  changes: { name?: string; site?: string };
  current: { name: string; site: string | null };
}
export const changeRequests = () => call<ChangeRequest[]>("operator_change_requests", {});
export const reviewChange = (id: number, approve: boolean, reason: string, operator: string) =>
  call<null>("operator_review_change", { p_id: id, p_approve: approve, p_reason: reason, p_operator: operator });

export const pausedVendors = () => call<Array<{ id: number; name: string; paused_at: string }>>("operator_paused_vendors", {});

export interface VendorManager {
  email: string;
  role: "owner" | "colleague";
  added_by: string;
  created_at: string;
}
export const vendorManagers = (id: number) => call<VendorManager[]>("operator_vendor_managers", { p_vendor_id: id });
export const revokeManager = (id: number, email: string, operator: string) =>
  call<null>("operator_revoke_manager", { p_vendor_id: id, p_email: email, p_operator: operator });

export const resendLead = (id: number, operator: string) => call<number>("operator_resend_lead", { p_id: id, p_operator: operator });
export const markSpam = (id: number, spam: boolean, operator: string) =>
  call<null>("operator_mark_spam", { p_id: id, p_spam: spam, p_operator: operator });
export const approveSubmission = (id: number, operator: string) =>
  call<VendorAddress>("operator_approve_submission", { p_id: id, p_operator: operator });
export const reviewSubmission = (id: number, status: "rejected" | "duplicate", reason: string, operator: string) =>
  call<null>("operator_review_submission", { p_id: id, p_status: status, p_reason: reason, p_operator: operator });
export const updateVendor = (id: number, changes: Record<string, unknown>, operator: string) =>
  call<VendorAddress>("operator_update_vendor", { p_id: id, p_changes: changes, p_operator: operator });
export const setVendorHidden = (id: number, hidden: boolean, operator: string) =>
  call<VendorAddress>("operator_set_vendor_hidden", { p_id: id, p_hidden: hidden, p_operator: operator });

export interface ReviewRow {
  id: number;
  lead_id: number;
  vendor_id: number;
  vendor_name: string;
  address: VendorAddress;
  stars: number;
  body: string | null;
  author: string;
  machine: "wheeled" | "tracked";
  requested_at: string;
  status: "pending" | "published" | "rejected";
  held_reason: string | null;
  reject_reason: string | null;
  reply: string | null;
  reported_at: string | null;
  report_reason: string | null;
  created_at: string;
  updated_at: string;
}
export const REVIEW_QUEUES = ["pending", "reported", "published", "rejected"] as const;
export type ReviewQueue = (typeof REVIEW_QUEUES)[number];
export const reviewPage = (queue: ReviewQueue, page: number) =>
  call<Page<ReviewRow>>("operator_review_page", { p_queue: queue, p_limit: PAGE_SIZE, p_offset: (page - 1) * PAGE_SIZE });
export const moderateReview = (id: number, publish: boolean, reason: string, operator: string) =>
  call<VendorAddress>("operator_moderate_review", { p_id: id, p_publish: publish, p_reason: reason, p_operator: operator });
