import { z } from "zod";
import { RATE_CARD_PROBLEMS } from "../prices/messages";

/**
 * Every code a database function refuses input with (RAISE ... USING HINT = '<code>' in
 * supabase/functions/). Pages and actions show a refusal by its code, from their own
 * audience's catalogue, never by the text of the database's message.
 */
export const REFUSAL_CODES = [
  "address",
  "already-booked",
  "business-name",
  "city",
  "city-missing",
  "client-key",
  "consent-changed",
  "consent-page",
  "dates-missing",
  "delete-too-early",
  "email",
  "end-before-start",
  "end-far",
  "import-size",
  "job-zip",
  "lead-step",
  "link-invalid",
  "listing-exists",
  "listing-name",
  "machine-type",
  "name",
  "negative-amount",
  "no-booking",
  "no-listing",
  "no-person",
  "no-quote",
  "no-record",
  "no-request",
  "no-review",
  "nothing-on-file",
  "owner-stays",
  "owner-token",
  "person-query",
  "phone",
  "photo",
  "quote-closed",
  "quote-dates",
  "quote-expired",
  "quote-invalid",
  "quote-lines",
  "quote-tax",
  "quote-window",
  "reason-missing",
  "rental-over",
  "rental-started",
  "renter-name",
  "request-booked",
  "request-cancelled",
  "request-state",
  "request-withdrawn",
  "retention-period",
  "review-exists",
  "review-locked",
  "review-not-recipient",
  "review-stars",
  "review-too-early",
  "review-withdrawn",
  "reviewed",
  "spam",
  "start-far",
  "start-past",
  "state",
  "status",
  "team-full",
  "too-long",
  "total-mismatch",
  "unknown-outcome",
  "website",
  "website-submitted",
  "zip",
  "zipcode",
  // count_write_attempt: 'limit-' and the kind of write that went over its limit.
  "limit-claim",
  "limit-claim-listing",
  "limit-lead",
  "limit-review",
  "limit-review-phone",
  "limit-sign-in",
  "limit-sign-in-email",
  "limit-submission",
  ...(Object.keys(RATE_CARD_PROBLEMS) as Array<keyof typeof RATE_CARD_PROBLEMS>),
] as const;

export type RefusalCode = (typeof REFUSAL_CODES)[number];
/** A refusal code as the database sends it in a result. */
export const refusalCodeSchema = z.enum(REFUSAL_CODES);

const known = new Set<string>(REFUSAL_CODES);

export const isRefusalCode = (code: unknown): code is RefusalCode => typeof code === "string" && known.has(code);

/** A page's texts for the refusals its actions can meet; any other refusal shows its general text. */
export type RefusalTexts = Partial<Record<RefusalCode, string>>;
