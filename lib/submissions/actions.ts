"use server";
import { z } from "zod";
import { after } from "next/server";
import { operatorAction } from "../auth/audiences";
import { refreshListingPages } from "../listings/revalidate";
import { consoleCatalog } from "../messages/console";
import { wakeOutbox } from "../outbox/drain";
import { anyone, clientAction, formField } from "../platform/action";
import { clientKey } from "../platform/request";
import { businessActionSchema } from "./schema";
import { approveSubmission, reviewSubmission, stateCities, submitVendor } from "./data";

/** A business's submission; the form says what a refusal means (lib/submissions/messages.ts). */
export const submitBusiness = clientAction("Business submission", {
  audience: anyone,
  input: businessActionSchema,
  invalid: "submission-invalid",
  fieldOf: { "website-submitted": "website", "limit-submission": "form" },
  // Only bots fill in the hidden field: accept quietly, store nothing.
  call: async (business) => (business.company_fax ? null : submitVendor(business, await clientKey())),
  done: () => null,
});

/** Cities of a US state, by name, for the form's city choice. */
export const citiesForState = clientAction("Listing a state's cities", {
  audience: anyone,
  input: z.string().regex(/^[a-z-]{2,60}$/),
  invalid: "state",
  call: (stateSlug) => stateCities(stateSlug),
  done: (cities) => cities,
});

export const approveSubmissionAction = operatorAction(consoleCatalog, {
  input: z.object({ id: formField.id() }),
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

export const reviewSubmissionAction = operatorAction(consoleCatalog, {
  input: z.object({
    id: formField.id(),
    outcome: z.enum(["rejected", "duplicate"], { error: "unknown-outcome" }),
    reason: formField.text(500),
  }),
  invalid: "no-record",
  home: "/operator/submissions",
  call: (submission, operator) => reviewSubmission(submission.id, submission.outcome, submission.reason, operator),
  back: (submission) => ({ page: "/operator/submissions", notice: submission.outcome }),
});
