"use server";
import { redirect } from "next/navigation";
import { after } from "next/server";
import { z } from "zod";
import { wakeOutbox } from "../outbox/sender";
import { refreshListingPages } from "../directory/revalidate";
import { attempt, serviceRpc } from "../data/rpc";
import {
  approveSubmission,
  markSpam,
  moderateReview,
  recordId,
  resendLead,
  reviewChange,
  reviewClaim,
  reviewSubmission,
  revokeManager,
  setVendorHidden,
  updateVendor,
} from "./data";
import { parseListingForm } from "../directory/listing-form";
import { rateCardSubmission } from "../prices/rate-card-form";
import { importStopped, importSummary, importVendors, parseVendorCsv, type ImportResult } from "./import";
import { FILE_TOO_LARGE, MAX_IMPORT_BYTES } from "./import-limits";
import { consoleErrorCode, type NoticeCode } from "./messages";
import { logIn, logOut, requireOperator } from "./session";

// Every action checks the operator's session first: a request without one is sent to
// the login page and changes nothing. Each then goes back to its page with the code of
// a notice or of the database's reason for refusing (lib/operator/messages.ts).

const text = (max: number) => z.string().max(max);

function back(path: string, params: { notice: NoticeCode } | { error: string }, status?: string): never {
  redirect(`${path}?${new URLSearchParams({ ...(status ? { status } : {}), ...params })}`);
}

/** The record a form is about; a form without a valid one goes back with a message. */
function formRecord(form: FormData, page: string): number {
  const record = recordId(form.get("id"));
  if (record === null) back(page, { error: "no-record" });
  return record;
}

/** Runs a database change: null when done, or the page's error code for its refusal (a fault is thrown). */
async function refusal(change: () => Promise<unknown>): Promise<string | null> {
  const outcome = await attempt(change);
  return outcome.ok ? null : consoleErrorCode(outcome.refusal);
}

export async function logInAction(form: FormData): Promise<void> {
  const parsed = z
    .object({ email: text(320), password: text(1024) })
    .safeParse({ email: form.get("email"), password: form.get("password") });
  const outcome = parsed.success ? await logIn(parsed.data.email, parsed.data.password) : "wrong";
  if (outcome === "ok") redirect("/operator/leads");
  back("/operator/login", { error: outcome });
}

export async function logOutAction(): Promise<void> {
  await logOut();
  redirect("/operator/login?notice=logged-out");
}

export async function resendLeadAction(form: FormData): Promise<void> {
  const operator = await requireOperator();
  const lead = formRecord(form, "/operator/leads");
  const problem = await refusal(() => resendLead(lead, operator));
  if (!problem) after(() => wakeOutbox());
  back(`/operator/leads/${lead}`, problem ? { error: problem } : { notice: "resent" });
}

export async function markSpamAction(form: FormData): Promise<void> {
  const operator = await requireOperator();
  const lead = formRecord(form, "/operator/leads");
  const spam = form.get("spam") === "true";
  const problem = await refusal(() => markSpam(lead, spam, operator));
  back(`/operator/leads/${lead}`, problem ? { error: problem } : { notice: spam ? "spam" : "not-spam" });
}

export async function approveSubmissionAction(form: FormData): Promise<void> {
  const operator = await requireOperator();
  const submission = formRecord(form, "/operator/submissions");
  let listing: number | null = null;
  const problem = await refusal(async () => {
    listing = (await approveSubmission(submission, operator)).id;
  });
  if (problem || listing === null) back("/operator/submissions", { error: problem ?? "refused" });
  refreshListingPages();
  // The "is now listed" email leaves now, not at the outbox timer's next tick.
  after(() => wakeOutbox());
  // Straight to the new listing, whose console page links its public page.
  back(`/operator/vendors/${listing}`, { notice: "approved" });
}

export async function reviewSubmissionAction(form: FormData): Promise<void> {
  const operator = await requireOperator();
  const submission = formRecord(form, "/operator/submissions");
  const outcome = z.enum(["rejected", "duplicate"]).safeParse(form.get("outcome"));
  if (!outcome.success) back("/operator/submissions", { error: "unknown-outcome" });
  const reason = text(500)
    .catch("")
    .parse(form.get("reason") ?? "");
  const problem = await refusal(() => reviewSubmission(submission, outcome.data, reason, operator));
  back("/operator/submissions", problem ? { error: problem } : { notice: outcome.data });
}

/** Publishes a waiting review (the business is emailed), keeps a reported one, or rejects either with a reason. */
export async function moderateReviewAction(form: FormData): Promise<void> {
  const operator = await requireOperator();
  const review = formRecord(form, "/operator/reviews");
  const publish = form.get("outcome") === "publish";
  const queue = z.enum(["pending", "reported"]).catch("pending").parse(form.get("queue"));
  const reason = text(500)
    .catch("")
    .parse(form.get("reason") ?? "");
  const problem = await refusal(() => moderateReview(review, publish, reason, operator));
  if (!problem) {
    refreshListingPages();
    if (publish) after(() => wakeOutbox());
  }
  back(
    `/operator/reviews`,
    problem ? { error: problem } : { notice: !publish ? "review-rejected" : queue === "reported" ? "review-kept" : "review-published" },
    queue,
  );
}

export async function updateVendorAction(form: FormData): Promise<void> {
  const operator = await requireOperator();
  const vendor = formRecord(form, "/operator/vendors");
  const parsed = parseListingForm(form);
  const problem = parsed.success ? await refusal(() => updateVendor(vendor, parsed.data, operator)) : "too-long";
  if (!problem) refreshListingPages();
  back(`/operator/vendors/${vendor}`, problem ? { error: problem } : { notice: "saved" });
}

export async function setVendorHiddenAction(form: FormData): Promise<void> {
  const operator = await requireOperator();
  const vendor = formRecord(form, "/operator/vendors");
  const hidden = form.get("hidden") === "true";
  const problem = await refusal(() => setVendorHidden(vendor, hidden, operator));
  if (!problem) refreshListingPages();
  back(`/operator/vendors/${vendor}`, problem ? { error: problem } : { notice: hidden ? "hidden" : "listed" });
}

export interface ImportState {
  error?: string;
  dryRun?: boolean;
  results?: ImportResult[];
  summary?: ReturnType<typeof importSummary>;
}

export async function importVendorsAction(_previous: ImportState, form: FormData): Promise<ImportState> {
  const operator = await requireOperator();
  const file = form.get("file");
  const dryRun = form.get("dry_run") === "on";
  if (!(file instanceof File) || file.size === 0) return { error: "Choose a CSV file to import" };
  if (file.size > MAX_IMPORT_BYTES) return { error: FILE_TOO_LARGE };
  let rows;
  try {
    rows = parseVendorCsv(await file.text());
  } catch (error) {
    return { error: (error as Error).message };
  }
  const { results, stoppedAt } = await importVendors(serviceRpc, rows, { dryRun, operator });
  if (stoppedAt) console.error(`Vendor import stopped at row ${stoppedAt.row}:`, stoppedAt.message);
  const summary = importSummary(results);
  if (!dryRun && summary.created + summary.updated > 0) refreshListingPages();
  return { dryRun, results, summary, error: stoppedAt ? importStopped(stoppedAt) : undefined };
}

export async function reviewClaimAction(form: FormData): Promise<void> {
  const operator = await requireOperator();
  const claim = formRecord(form, "/operator/claims");
  const approve = form.get("approve") === "true";
  const reason = text(500)
    .catch("")
    .parse(form.get("reason") ?? "");
  const problem = await refusal(() => reviewClaim(claim, approve, reason, operator));
  if (!problem && approve) refreshListingPages();
  back("/operator/claims", problem ? { error: problem } : { notice: approve ? "claim-approved" : "claim-rejected" });
}

export async function revokeManagerAction(form: FormData): Promise<void> {
  const operator = await requireOperator();
  const vendor = formRecord(form, "/operator/vendors");
  const email = text(320)
    .catch("")
    .parse(form.get("email") ?? "");
  const problem = await refusal(() => revokeManager(vendor, email, operator));
  if (!problem) refreshListingPages();
  back(`/operator/vendors/${vendor}`, problem ? { error: problem } : { notice: "revoked" });
}

export async function reviewChangeAction(form: FormData): Promise<void> {
  const operator = await requireOperator();
  const change = formRecord(form, "/operator/claims");
  const approve = form.get("approve") === "true";
  const problem = await refusal(() => reviewChange(change, approve, "", operator));
  if (!problem && approve) refreshListingPages();
  back("/operator/claims", problem ? { error: problem } : { notice: approve ? "change-approved" : "change-rejected" });
}

/** The operator's edit of a vendor's rate card (or its removal); public at once. */
export async function setRateCardAction(form: FormData): Promise<void> {
  const operator = await requireOperator();
  const vendor = formRecord(form, "/operator/vendors");
  const page = `/operator/vendors/${vendor}`;
  const submitted = rateCardSubmission(form);
  if ("problem" in submitted) back(page, { error: submitted.problem });
  const problem = await refusal(() =>
    serviceRpc("operator_set_rate_card", { p_vendor_id: vendor, p_card: submitted.card, p_operator: operator }),
  );
  if (problem) back(page, { error: problem });
  refreshListingPages();
  back(page, { notice: "rates-saved" });
}
