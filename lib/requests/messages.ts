import type { RefusalTexts } from "../data/refusals";
import { JOB_ZIP_MESSAGE } from "./schema";

/** What the rental dialog says when the database refuses a step, by the refusal's code. */
export const RENTAL_REFUSALS = {
  "limit-lead": "Too many rental requests from your connection. Please try again later.",
  "job-zip": JOB_ZIP_MESSAGE,
} satisfies RefusalTexts;

// Whom a sent request went to, as the dialog, the status page and the renter's copy all say it.
export { recipientsSentence } from "../outbox/templates/format";
