"use server";
import { redirect } from "next/navigation";
import { after } from "next/server";
import { z } from "zod";
import { BUSINESS_SESSION } from "../auth/roles";
import { endSession, startSession } from "../auth/session";
import { hashToken, isToken } from "../auth/token";
import { clientKey } from "../platform/request";
import { refreshListingPage, refreshListingPages } from "../directory/revalidate";
import { attempt, serviceRpc } from "../data/rpc";
import { recordId } from "../platform/record-id";
import type { LinkPurpose } from "../auth/links";
import { parseListingForm } from "../directory/listing-form";
import { rateCardSubmission } from "../prices/rate-card-form";
import { wakeOutbox } from "../outbox/sender";
import { businessErrorCode, type BusinessNotice } from "./messages";
import { requireBusiness } from "./session";
import { LEAD_STATUSES, linkUseSchema } from "./data";
import { listingAddressSchema } from "../directory/types";

// Each action validates its form, calls one database function and goes back to its page
// with the code of a notice or of the reason it was refused (lib/business/messages.ts).

function back(path: string, params: { notice: BusinessNotice } | { error: string }, anchor = ""): never {
  redirect(`${path}?${new URLSearchParams(params)}${anchor}`);
}

const text = (max: number) => z.string().trim().max(max);
const field = (form: FormData, name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : "");

/**
 * Queues a sign-in email when the address manages a listing. The answer is the same
 * either way, in content and in time: the outbox sends the email after the answer.
 */
export async function requestSignInAction(form: FormData): Promise<void> {
  const email = text(320).safeParse(field(form, "email"));
  if (!email.success) back("/business", { error: "too-long" });
  const key = await clientKey();
  const queued = await attempt(() => serviceRpc("business_sign_in_start", { p_email: email.data, p_client_key: key }));
  if (!queued.ok) back("/business", { error: businessErrorCode(queued.refusal) });
  after(() => wakeOutbox());
  back("/business", { notice: "link-sent" });
}

const claimSchema = z.object({ email: text(320), name: text(200), phone: text(30), note: text(2000) });

/** A claim: a link emailed to the listing's own address, or the operator's queue; the same answer either way. */
export async function claimListingAction(form: FormData): Promise<void> {
  const vendor = recordId(form.get("vendor_id"));
  if (vendor === null) back("/business", { error: "no-listing" });
  const page = `/business/claim/${vendor}`;
  const claim = claimSchema.safeParse({
    email: field(form, "email"),
    name: field(form, "name"),
    phone: field(form, "phone"),
    note: field(form, "note"),
  });
  if (!claim.success) back(page, { error: "too-long" });
  const key = await clientKey();
  const outcome = await attempt(() =>
    serviceRpc("business_claim_start", {
      p_vendor_id: vendor,
      p_email: claim.data.email,
      p_name: claim.data.name,
      p_phone: claim.data.phone,
      p_note: claim.data.note,
      p_client_key: key,
    }),
  );
  if (!outcome.ok) back(page, { error: businessErrorCode(outcome.refusal) });
  after(() => wakeOutbox());
  back(page, { notice: "claim-received" });
}

/** Uses an emailed link (after the click on its page): signs in, claims, marks a lead contacted or stops leads. */
export async function followLinkAction(form: FormData): Promise<void> {
  const token = form.get("token");
  const purpose = z.enum(["sign_in", "claim", "lead_contacted", "opt_out"]).safeParse(form.get("purpose"));
  if (!isToken(token) || !purpose.success) back("/business", { error: "link-invalid" });
  const used = await attempt(() =>
    serviceRpc("business_link_use", { p_token_hash: hashToken(token), p_purpose: purpose.data satisfies LinkPurpose }, linkUseSchema),
  );
  if (!used.ok) back("/business", { error: "link-invalid" });
  if (used.data.outcome === "queued") back("/business", { notice: "claim-queued" });
  if (used.data.outcome === "contacted") {
    if (used.data.address) refreshListingPage(used.data.address);
    after(() => wakeOutbox());
    back("/business", { notice: "marked-contacted" });
  }
  if (used.data.outcome === "opted_out") {
    if (used.data.address) refreshListingPage(used.data.address);
    back("/business", { notice: "opted-out" });
  }
  await startSession(BUSINESS_SESSION, used.data.email);
  if (used.data.outcome === "owner") refreshListingPages();
  back("/business", { notice: used.data.outcome === "owner" ? "claimed" : "signed-in" });
}

/** A business's edit of a listing it manages; public at once. */
export async function updateListingAction(form: FormData): Promise<void> {
  const email = await requireBusiness();
  const vendor = recordId(form.get("vendor_id"));
  if (vendor === null) back("/business", { error: "no-listing" });
  const changes = parseListingForm(form);
  if (!changes.success) back("/business", { error: "too-long" }, `#listing-${vendor}`);
  const saved = await attempt(() =>
    serviceRpc(
      "business_update_vendor",
      { p_email: email, p_vendor_id: vendor, p_changes: changes.data },
      z.object({ pending: z.boolean() }),
    ),
  );
  if (!saved.ok) back("/business", { error: businessErrorCode(saved.refusal) }, `#listing-${vendor}`);
  refreshListingPages();
  back("/business", { notice: saved.data.pending ? "saved-pending" : "saved" }, `#listing-${vendor}`);
}

/** A business's rate card for a listing it manages (or its removal); public at once. */
export async function setRateCardAction(form: FormData): Promise<void> {
  const email = await requireBusiness();
  const vendor = recordId(form.get("vendor_id"));
  if (vendor === null) back("/business", { error: "no-listing" });
  const submitted = rateCardSubmission(form);
  if ("problem" in submitted) back("/business", { error: submitted.problem }, `#rates-${vendor}`);
  const saved = await attempt(() => serviceRpc("business_set_rate_card", { p_email: email, p_vendor_id: vendor, p_card: submitted.card }));
  if (!saved.ok) back("/business", { error: businessErrorCode(saved.refusal) }, `#rates-${vendor}`);
  refreshListingPages();
  back("/business", { notice: "rates-saved" }, `#rates-${vendor}`);
}

/** Adds a colleague by email, or removes one. */
export async function setColleagueAction(form: FormData): Promise<void> {
  const email = await requireBusiness();
  const vendor = recordId(form.get("vendor_id"));
  if (vendor === null) back("/business", { error: "no-listing" });
  const add = form.get("add") === "true";
  const colleague = text(320).safeParse(field(form, "colleague"));
  if (!colleague.success) back("/business", { error: "too-long" }, `#listing-${vendor}`);
  const done = await attempt(() =>
    serviceRpc("business_set_colleague", { p_email: email, p_vendor_id: vendor, p_colleague: colleague.data, p_add: add }),
  );
  if (!done.ok) back("/business", { error: businessErrorCode(done.refusal) }, `#listing-${vendor}`);
  back("/business", { notice: add ? "colleague-added" : "colleague-removed" }, `#listing-${vendor}`);
}

const leadStatusSchema = z.object({
  status: z.enum(LEAD_STATUSES),
  reason: text(500),
});

/** A business's status of one of its listing's requests. */
export async function setLeadStatusAction(form: FormData): Promise<void> {
  const email = await requireBusiness();
  const [vendor, lead] = [recordId(form.get("vendor_id")), recordId(form.get("lead_id"))];
  if (vendor === null || lead === null) back("/business", { error: "no-listing" });
  const parsed = leadStatusSchema.safeParse({ status: form.get("status"), reason: field(form, "reason") });
  if (!parsed.success) back("/business", { error: "status" }, `#lead-${vendor}-${lead}`);
  const done = await attempt(() =>
    serviceRpc(
      "business_set_lead_status",
      { p_email: email, p_vendor_id: vendor, p_lead_id: lead, p_status: parsed.data.status, p_reason: parsed.data.reason },
      listingAddressSchema,
    ),
  );
  if (!done.ok) back("/business", { error: businessErrorCode(done.refusal) }, `#lead-${vendor}-${lead}`);
  refreshListingPage(done.data);
  // A first response sends the renter's invitation to review.
  after(() => wakeOutbox());
  back("/business", { notice: "status-saved" }, `#lead-${vendor}-${lead}`);
}

const reviewAnswerSchema = z.object({ reply: text(2000), report: text(500) });

/** The business's public reply to a published review (set again to edit it), or its report of the review to the operator. */
export async function answerReviewAction(form: FormData): Promise<void> {
  const email = await requireBusiness();
  const review = recordId(form.get("review_id"));
  if (review === null) back("/business", { error: "no-listing" });
  const anchor = `#review-${review}`;
  const parsed = reviewAnswerSchema.safeParse({ reply: field(form, "reply"), report: field(form, "report") });
  if (!parsed.success) back("/business", { error: "too-long" }, anchor);
  const done = await attempt(() =>
    serviceRpc(
      "business_answer_review",
      { p_email: email, p_review_id: review, p_reply: parsed.data.reply || null, p_report_reason: parsed.data.report || null },
      listingAddressSchema,
    ),
  );
  if (!done.ok) back("/business", { error: businessErrorCode(done.refusal) }, anchor);
  refreshListingPage(done.data);
  back("/business", { notice: parsed.data.reply ? "reply-saved" : "review-reported" }, anchor);
}

/** Stops, or resumes, a listing's rental requests. */
export async function setLeadsPausedAction(form: FormData): Promise<void> {
  const email = await requireBusiness();
  const vendor = recordId(form.get("vendor_id"));
  if (vendor === null) back("/business", { error: "no-listing" });
  const paused = form.get("paused") === "true";
  const done = await attempt(() => serviceRpc("business_set_leads_paused", { p_email: email, p_vendor_id: vendor, p_paused: paused }));
  if (!done.ok) back("/business", { error: businessErrorCode(done.refusal) }, `#listing-${vendor}`);
  // The listing's page says whether it takes requests.
  refreshListingPages();
  back("/business", { notice: paused ? "opted-out" : "opted-in" }, `#listing-${vendor}`);
}

export async function signOutAction(): Promise<void> {
  await endSession(BUSINESS_SESSION);
  back("/business", { notice: "signed-out" });
}
