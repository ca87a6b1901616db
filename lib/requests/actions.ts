"use server";
import { after } from "next/server";
import { z } from "zod";
import { hashToken } from "../auth/token";
import { wakeOutbox } from "../outbox/sender";
import { clientAction, formAction, formField } from "../platform/action";
import { clientKey } from "../platform/request";
import { recordId } from "../platform/record-id";
import { bookingCatalog } from "./booking-messages";
import { bookQuote, cancelBooking, completeLead as completeLeadCall, createLead, deleteRequest, saveDraft, withdrawLead } from "./data";
import { ownerToken, renter } from "./owner";
import { leadCompletionSchema, leadDraftSchema, leadStartSchema } from "./schema";
import { requestStatusPath, statusKey } from "./status-link";

// The rental dialog's actions answer it with a code (lib/rental/messages.ts has the words);
// the status page's withdrawal goes back to the page.

/** Creates the draft lead when the dialog opens (making the browser's owner token if it has none). Returns its id. */
export const startLead = clientAction("Lead draft creation", {
  audience: () => ownerToken(true),
  input: leadStartSchema,
  invalid: "lead-invalid",
  call: async ({ vendorId }, token) => createLead(token, await clientKey(), vendorId),
  done: (leadId) => ({ leadId }),
});

/** Saves one step's or field's change to the draft. Failures are only logged. */
export const saveLeadDraft = clientAction("Lead draft update", {
  audience: renter,
  input: leadDraftSchema,
  invalid: "lead-invalid",
  fieldOf: { "job-zip": "job_zip" },
  call: (draft, token) => saveDraft(draft, token),
  done: () => null,
});

/**
 * Completes the lead: step 3, the dates, rental_days, the job ZIP, completed; the
 * database routes it to its vendors and queues their messages, sent right after.
 */
export const completeLead = clientAction("Lead completion", {
  audience: renter,
  input: leadCompletionSchema,
  invalid: "lead-invalid",
  fieldOf: { "job-zip": "job_zip" },
  // The hidden honeypot field is only ever filled in by bots: accept quietly, store nothing.
  call: async (lead, token) =>
    lead.website ? null : completeLeadCall(lead, token, Boolean(process.env.LEAD_WEBHOOK_URL), await clientKey()),
  done: (completed) => {
    if (completed) after(() => wakeOutbox());
    return { rentalDays: completed?.rental_days ?? 0, recipients: completed?.recipients ?? 0 };
  },
});

/** The status page's form fields of the renter's own request: its id and, opened by the emailed link, its key. */
const ownRequest = { id: formField.id("no-request"), key: z.unknown().optional().transform(statusKey) };
const statusHome = ({ id, key }: Record<string, FormDataEntryValue>) => {
  const lead = recordId(id);
  return { page: lead ? requestStatusPath(lead, statusKey(key)) : "/" };
};

/**
 * Withdraws the renter's own request from its status page (this browser's, or opened by the
 * emailed status link, whose key the form carries): unsent messages are cancelled. The page
 * says it is withdrawn (?withdrawn=1); a refusal (a booked request, from a page opened before
 * the booking) says why.
 */
export const withdrawLeadAction = formAction(bookingCatalog, {
  audience: renter,
  input: z.object(ownRequest),
  invalid: "no-request",
  home: statusHome,
  call: ({ id, key }, token) => withdrawLead(id, { ownerToken: token, linkHash: key && hashToken(key) }),
  back: ({ id, key }, done) => ({ page: requestStatusPath(id, key), params: done === null ? undefined : { withdrawn: "1" }, notice: null }),
});

/**
 * Deletes the renter's own request from its status page once its rental has ended, it was
 * withdrawn or its booking cancelled: "Your requests" then says it is deleted (?deleted=1); a
 * refusal says why.
 */
export const deleteRequestAction = formAction(bookingCatalog, {
  audience: renter,
  input: z.object(ownRequest),
  invalid: "no-request",
  home: statusHome,
  call: ({ id, key }, token) => deleteRequest(id, { ownerToken: token, linkHash: key && hashToken(key) }),
  back: ({ id, key }, done) =>
    done === null ? { page: requestStatusPath(id, key), notice: null } : { page: "/requests", params: { deleted: "1" }, notice: null },
});

/** Books the quote the renter confirmed on the status page; the vendors and the renter are emailed right after. */
export const bookQuoteAction = formAction(bookingCatalog, {
  audience: renter,
  input: z.object({ ...ownRequest, quote: formField.id("no-quote") }),
  invalid: "no-quote",
  home: statusHome,
  call: ({ id, key, quote }, token) => bookQuote(id, quote, { ownerToken: token, linkHash: key && hashToken(key) }),
  done: () => after(() => wakeOutbox()),
  back: ({ id, key }, booked) => ({ page: requestStatusPath(id, key), notice: booked ? "booked" : null, anchor: "#quotes" }),
});

/** Cancels the request's booking with the renter's reason, until the rental starts; the vendor is emailed. */
export const cancelBookingAction = formAction(bookingCatalog, {
  audience: renter,
  input: z.object({ ...ownRequest, reason: formField.text(500) }),
  invalid: "no-request",
  home: statusHome,
  call: ({ id, key, reason }, token) => cancelBooking(id, reason, { ownerToken: token, linkHash: key && hashToken(key) }),
  done: () => after(() => wakeOutbox()),
  back: ({ id, key }, cancelled) => ({ page: requestStatusPath(id, key), notice: cancelled ? "cancelled" : null, anchor: "#quotes" }),
});
