import type { RefusalTexts } from "../data/refusals";

/** What the business submission form says beside a field when the database refuses it. */
export const SUBMISSION_REFUSALS = {
  "website-submitted": "This website has already been submitted and is under review.",
  "limit-submission": "Too many submissions from your connection today. Please try again tomorrow.",
} satisfies RefusalTexts;

export const isSubmissionRefusal = (code: string): code is keyof typeof SUBMISSION_REFUSALS => Object.hasOwn(SUBMISSION_REFUSALS, code);
