"use server";
import { after } from "next/server";
import { z } from "zod";
import { wakeOutbox } from "../outbox/sender";
import { refreshListingPages } from "../directory/revalidate";
import { listingFormSchema } from "../directory/listing-form";
import { withRateCard } from "../prices/rate-card-form";
import { anyone, clientAction, formAction, formField, refuse } from "../platform/action";
import { recordId } from "../platform/record-id";
import { serviceRpc } from "../data/rpc";
import {
  approveSubmission,
  erasePerson,
  markSpam,
  moderateReview,
  resendLead,
  reviewChange,
  reviewClaim,
  reviewSubmission,
  revokeManager,
  setRateCard,
  setVendorHidden,
  updateVendor,
} from "./data";
import { ImportFileError, importSummary, importVendors, parseVendorCsv } from "./import";
import { MAX_IMPORT_BYTES } from "./import-limits";
import { consoleCatalog, type NoticeCode } from "./messages";
import { logIn, logOut, requireOperator } from "./session";

// Every console action checks the operator's session first: a request without one is sent
// to the login page and changes nothing. Each goes back to its page with the code of a
// notice, or of the reason it was refused (lib/operator/messages.ts).

const consoleAction = <S extends z.core.$ZodType, Data>(
  steps: Omit<Parameters<typeof formAction<S, string, Data, NoticeCode>>[1], "audience">,
) => formAction(consoleCatalog, { audience: requireOperator, ...steps });

const id = formField.id();
const reason = formField.text(500);

/** A record's page in the console (`base`/id) for a form whose other fields do not parse; the list without an id. */
const recordPage =
  (base: string) =>
  ({ id: record }: Record<string, FormDataEntryValue>) => ({ page: recordId(record) ? `${base}/${record}` : base });

export const logInAction = formAction(consoleCatalog, {
  audience: anyone,
  input: z.object({ email: formField.text(320, "email"), password: z.string().max(1024, { error: "too-long" }) }),
  invalid: "email",
  home: "/operator/login",
  call: async ({ email, password }) => {
    const outcome = await logIn(email, password);
    if (outcome !== "ok") refuse(outcome);
  },
  back: (_input, done) => ({ page: done === null ? "/operator/login" : "/operator/leads", notice: null }),
});

export const logOutAction = formAction(consoleCatalog, {
  audience: anyone,
  input: z.object({}),
  invalid: "refused",
  home: "/operator/login",
  call: () => logOut(),
  back: () => ({ page: "/operator/login", notice: "logged-out" }),
});

export const resendLeadAction = consoleAction({
  input: z.object({ id }),
  invalid: "no-record",
  home: recordPage("/operator/leads"),
  call: (lead, operator) => resendLead(lead.id, operator),
  done: () => after(() => wakeOutbox()),
  back: (lead) => ({ page: `/operator/leads/${lead.id}`, notice: "resent" }),
});

/** Erases everything held for a person found by phone number or email address (the privacy page's lookup). */
export const erasePersonAction = consoleAction({
  input: z.object({ phone: formField.text(40, "person-query"), email: formField.text(320, "person-query") }),
  invalid: "person-query",
  home: "/operator/privacy",
  call: (person, operator) => erasePerson(person.phone, person.email, operator),
  back: () => ({ page: "/operator/privacy", notice: "erased" }),
});

export const markSpamAction = consoleAction({
  input: z.object({ id, spam: formField.flag() }),
  invalid: "no-record",
  home: recordPage("/operator/leads"),
  call: (lead, operator) => markSpam(lead.id, lead.spam, operator),
  back: (lead) => ({ page: `/operator/leads/${lead.id}`, notice: lead.spam ? "spam" : "not-spam" }),
});

export const approveSubmissionAction = consoleAction({
  input: z.object({ id }),
  invalid: "no-record",
  home: "/operator/submissions",
  call: (submission, operator) => approveSubmission(submission.id, operator),
  done: () => {
    refreshListingPages();
    // The "is now listed" email leaves now, not at the outbox timer's next tick.
    after(() => wakeOutbox());
  },
  // Straight to the new listing, whose console page links its public page.
  back: (_submission, listing) => ({ page: listing ? `/operator/vendors/${listing.id}` : "/operator/submissions", notice: "approved" }),
});

export const reviewSubmissionAction = consoleAction({
  input: z.object({ id, outcome: z.enum(["rejected", "duplicate"], { error: "unknown-outcome" }), reason }),
  invalid: "no-record",
  home: "/operator/submissions",
  call: (submission, operator) => reviewSubmission(submission.id, submission.outcome, submission.reason, operator),
  back: (submission) => ({ page: "/operator/submissions", notice: submission.outcome }),
});

/** Publishes a waiting review (the business is emailed), keeps a reported one, or rejects either with a reason. */
export const moderateReviewAction = consoleAction({
  input: z.object({ id, outcome: z.string().optional(), queue: z.enum(["pending", "reported"]).catch("pending"), reason }),
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

export const updateVendorAction = consoleAction({
  input: listingFormSchema.extend({ id }),
  invalid: "too-long",
  home: recordPage("/operator/vendors"),
  call: ({ id: vendor, ...changes }, operator) => updateVendor(vendor, changes, operator),
  done: () => refreshListingPages(),
  back: (vendor) => ({ page: `/operator/vendors/${vendor.id}`, notice: "saved" }),
});

export const setVendorHiddenAction = consoleAction({
  input: z.object({ id, hidden: formField.flag() }),
  invalid: "no-record",
  home: recordPage("/operator/vendors"),
  call: (vendor, operator) => setVendorHidden(vendor.id, vendor.hidden, operator),
  done: () => refreshListingPages(),
  back: (vendor) => ({ page: `/operator/vendors/${vendor.id}`, notice: vendor.hidden ? "hidden" : "listed" }),
});

export const reviewClaimAction = consoleAction({
  input: z.object({ id, approve: formField.flag(), reason }),
  invalid: "no-record",
  home: "/operator/claims",
  call: (claim, operator) => reviewClaim(claim.id, claim.approve, claim.reason, operator),
  done: (_none, claim) => (claim.approve ? refreshListingPages() : undefined),
  back: (claim) => ({ page: "/operator/claims", notice: claim.approve ? "claim-approved" : "claim-rejected" }),
});

export const revokeManagerAction = consoleAction({
  input: z.object({ id, email: formField.text(320) }),
  invalid: "no-record",
  home: recordPage("/operator/vendors"),
  call: (manager, operator) => revokeManager(manager.id, manager.email, operator),
  done: () => refreshListingPages(),
  back: (manager) => ({ page: `/operator/vendors/${manager.id}`, notice: "revoked" }),
});

export const reviewChangeAction = consoleAction({
  input: z.object({ id, approve: formField.flag() }),
  invalid: "no-record",
  home: "/operator/claims",
  call: (change, operator) => reviewChange(change.id, change.approve, "", operator),
  done: (_none, change) => (change.approve ? refreshListingPages() : undefined),
  back: (change) => ({ page: "/operator/claims", notice: change.approve ? "change-approved" : "change-rejected" }),
});

/** The operator's edit of a vendor's rate card (or its removal); public at once. */
export const setRateCardAction = consoleAction({
  input: withRateCard({ id }),
  invalid: "no-record",
  home: recordPage("/operator/vendors"),
  call: (vendor, operator) => setRateCard(vendor.id, vendor.card, operator),
  done: () => refreshListingPages(),
  back: (vendor) => ({ page: `/operator/vendors/${vendor.id}`, notice: "rates-saved" }),
});

async function readVendorCsv(file: File) {
  try {
    return parseVendorCsv(await file.text());
  } catch (error) {
    if (error instanceof ImportFileError) refuse(error.problem.code, error.problem.values);
    throw error;
  }
}

/**
 * A CSV of vendors, each row's outcome answered as a code. The file is read here: a CSV that
 * cannot be read is refused with its problem's code and the missing columns, if any.
 */
export const importVendorsAction = clientAction("Vendor import", {
  audience: requireOperator,
  input: z.object({
    file: z.instanceof(File, { error: "import-file" }).refine((file) => file.size > 0, { error: "import-file" }),
    dry_run: formField.checkbox(),
  }),
  invalid: "import-file",
  call: async ({ file, dry_run: dryRun }, operator) => {
    if (file.size > MAX_IMPORT_BYTES) refuse("import-too-large");
    const rows = await readVendorCsv(file);
    const outcome = await importVendors(serviceRpc, rows, { dryRun, operator });
    if (outcome.stoppedAt) console.error(`Vendor import stopped at row ${outcome.stoppedAt.row}:`, outcome.stoppedAt.message);
    return outcome;
  },
  done: ({ results, stoppedAt }, { dry_run: dryRun }) => {
    const summary = importSummary(results);
    if (!dryRun && summary.created + summary.updated > 0) refreshListingPages();
    return { dryRun, results, summary, stoppedAtRow: stoppedAt?.row ?? null };
  },
});
