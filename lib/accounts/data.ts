import "server-only";
import { z } from "zod";
import { serviceRpc as call } from "../data/rpc";
import type { LinkPurpose } from "../auth/links";
import { listingAddressSchema } from "../listings/types";
import { managerRole, vendorAddressSchema } from "../listings/manage";
import { keysetPageOf, pageOf, PAGE_SIZE, type KeysetCursor } from "../platform/paging";

// Who manages what: a business signing in, claiming a listing and adding colleagues, the
// emailed links it follows, and the console's claims queue, managers and audit log. Each write
// is the one database call of its action (lib/accounts/actions.ts).

const text = z.string().nullable();

/** A listing as the claim page names it; null for an unknown or hidden one. */
export const claimableListing = (id: number) =>
  call("business_claimable", { p_vendor_id: id }, z.object({ id: z.number(), name: z.string() }).nullable());

/** Queues a sign-in link when the address manages a listing (the same answer either way). */
export const startSignIn = (email: string, clientKey: string) =>
  call("business_sign_in_start", { p_email: email, p_client_key: clientKey });

/** A claim: a link emailed to the listing's own address, or the operator's queue. */
export const startClaim = (claim: { vendor_id: number; email: string; name: string; phone: string; note: string }, clientKey: string) =>
  call("business_claim_start", {
    p_vendor_id: claim.vendor_id,
    p_email: claim.email,
    p_name: claim.name,
    p_phone: claim.phone,
    p_note: claim.note,
    p_client_key: clientKey,
  });

/** What following an emailed link did (business_link_use): whose address it was, and the listing it changed. */
const linkUseSchema = z.object({
  email: z.string(),
  outcome: z.enum(["signed_in", "owner", "queued", "contacted", "opted_out"]),
  vendor_id: z.number().optional(),
  address: listingAddressSchema.optional(),
});

/** Uses an emailed link: what it did, for whom. */
export const followLink = (tokenHash: string, purpose: LinkPurpose) =>
  call("business_link_use", { p_token_hash: tokenHash, p_purpose: purpose }, linkUseSchema);

/** Adds a colleague by email, or removes one. */
export const setColleague = (email: string, vendor: number, colleague: string, add: boolean) =>
  call("business_set_colleague", { p_email: email, p_vendor_id: vendor, p_colleague: colleague, p_add: add });

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
export type ClaimStatus = z.infer<typeof claimRowSchema>["status"];
export const claimPage = (status: ClaimStatus, page: number) =>
  call("operator_claim_page", { p_status: status, p_limit: PAGE_SIZE, p_offset: (page - 1) * PAGE_SIZE }, pageOf(claimRowSchema));
export const reviewClaim = (id: number, approve: boolean, reason: string, operator: string) =>
  call("operator_review_claim", { p_id: id, p_approve: approve, p_reason: reason, p_operator: operator });

const vendorManagerSchema = z.object({ email: z.string(), role: managerRole, added_by: z.string(), created_at: z.string() });
export const vendorManagers = (id: number) => call("operator_vendor_managers", { p_vendor_id: id }, z.array(vendorManagerSchema));
export const revokeManager = (id: number, email: string, operator: string) =>
  call("operator_revoke_manager", { p_vendor_id: id, p_email: email, p_operator: operator });

const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  operator_email: z.string(),
  action: z.string(),
  subject: text,
  details: z.record(z.string(), z.unknown()),
});
/** The audit log of operators' actions, newest first: the page after (older than) or before (newer than) an entry. */
export const auditPage = (cursor: KeysetCursor) =>
  call(
    "operator_audit_page",
    { p_limit: PAGE_SIZE, p_older_than: cursor.after, p_newer_than: cursor.before },
    keysetPageOf(auditEntrySchema),
  );
