"use server";
import { after } from "next/server";
import { z } from "zod";
import { businessAction, dashboard, operatorAction, renterAction, vendorId, visitorAction } from "../auth/audiences";
import { quotePagePath } from "../auth/links";
import { ownerToken, renter, renterProof } from "../auth/renter";
import { hashToken, isToken } from "../auth/token";
import { refreshListingPages } from "../listings/revalidate";
import { bookingCatalog } from "../messages/booking";
import { businessCatalog } from "../messages/business";
import { consoleCatalog } from "../messages/console";
import { wakeOutbox } from "../outbox/drain";
import { clientAction, formField, recordPage, type FormFields } from "../platform/action";
import { clientKey } from "../platform/request";
import { recordId } from "../platform/record-id";
import { quoteFormSchema } from "../quotes/form";
import { dollarsToCents } from "../quotes/money";
import {
  addBillLine,
  answerBillLine,
  answerExtension,
  bookQuote,
  callOffRental,
  checkBusinessStep,
  checkRenterStep,
  cancelBooking,
  confirmArrival,
  confirmWindow,
  deliverMachine,
  dispatchMachine,
  extendRental,
  pickUpMachine,
  reportProblem,
  sendBill,
  completeRequest as completeRequestCall,
  createRequest,
  deleteRequest,
  markSpam,
  resendRequest,
  saveDraft,
  saveLinkQuote,
  saveQuote,
  setRequestStatus,
  withdrawRequest,
  withdrawLinkQuote,
  withdrawQuote,
} from "./data";
import { countAnswer } from "../listings/responses";
import { requestStatusForm } from "./status-form";
import { isCalendarDay } from "./dates";
import { ADDED_LINES, PROBLEMS } from "../quotes/rental";
import { siteFields } from "./rental";
import { fuelField, photoFiles, readingField, withPhotos } from "./rental-photos";
import { requestCompletionSchema, requestDraftSchema, requestStartSchema } from "./schema";
import { requestStatusPath, statusKey } from "../auth/status-link";

// The rental dialog's actions answer it with a code (lib/requests/messages.ts has the words);
// the status page's withdrawal goes back to the page.

/** Creates the draft lead when the dialog opens (making the browser's owner token if it has none). Returns its id. */
export const startRequest = clientAction("Lead draft creation", {
  audience: () => ownerToken(true),
  input: requestStartSchema,
  invalid: "lead-invalid",
  call: async ({ vendorId }, token) => createRequest(token, await clientKey(), vendorId),
  done: (leadId) => ({ leadId }),
});

/** Saves one step's or field's change to the draft. Failures are only logged. */
export const saveRequestDraft = clientAction("Lead draft update", {
  audience: renter,
  input: requestDraftSchema,
  invalid: "lead-invalid",
  fieldOf: { "job-zip": "job_zip" },
  call: (draft, token) => saveDraft(draft, token),
  done: () => null,
});

/**
 * Completes the lead: step 3, the dates, rental_days, the job ZIP, completed; the
 * database routes it to its vendors and queues their messages, sent right after.
 */
export const completeRequest = clientAction("Lead completion", {
  audience: renter,
  input: requestCompletionSchema,
  invalid: "lead-invalid",
  fieldOf: { "job-zip": "job_zip" },
  // The hidden honeypot field is only ever filled in by bots: accept quietly, store nothing.
  call: async (lead, token) =>
    lead.website ? null : completeRequestCall(lead, token, Boolean(process.env.LEAD_WEBHOOK_URL), await clientKey()),
  done: (completed) => {
    if (completed) after(() => wakeOutbox());
    return { rentalDays: completed?.rental_days ?? 0, recipients: completed?.recipients ?? 0 };
  },
});

/** A time of day as a time input sends it. */
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The status page's form fields of the renter's own request: its id and, opened by the emailed link, its key. */
const ownRequest = { id: formField.id("no-request"), key: z.unknown().optional().transform(statusKey) };
const statusHome = ({ id, key }: FormFields) => {
  const lead = recordId(id);
  return { page: lead ? requestStatusPath(lead, statusKey(key)) : "/" };
};

/**
 * Withdraws the renter's own request from its status page (this browser's, or opened by the
 * emailed status link, whose key the form carries): unsent messages are cancelled. The page
 * says it is withdrawn (?withdrawn=1); a refusal (a booked request, from a page opened before
 * the booking) says why.
 */
export const withdrawRequestAction = renterAction(bookingCatalog, {
  input: z.object(ownRequest),
  invalid: "no-request",
  home: statusHome,
  call: ({ id, key }, token) => withdrawRequest(id, renterProof(token, key)),
  back: ({ id, key }, done) => ({ page: requestStatusPath(id, key), params: done === null ? undefined : { withdrawn: "1" }, notice: null }),
});

/**
 * Deletes the renter's own request from its status page once its rental has ended, it was
 * withdrawn or its booking cancelled: "Your requests" then says it is deleted (?deleted=1); a
 * refusal says why.
 */
export const deleteRequestAction = renterAction(bookingCatalog, {
  input: z.object(ownRequest),
  invalid: "no-request",
  home: statusHome,
  call: ({ id, key }, token) => deleteRequest(id, renterProof(token, key)),
  back: ({ id, key }, done) =>
    done === null ? { page: requestStatusPath(id, key), notice: null } : { page: "/requests", params: { deleted: "1" }, notice: null },
});

/**
 * Books the quote the renter confirmed on the status page, with the job site's details; the
 * vendors and the renter are emailed right after.
 */
export const bookQuoteAction = renterAction(bookingCatalog, {
  input: z.object({ ...ownRequest, quote: formField.id("no-quote"), ...siteFields }),
  invalid: "no-quote",
  home: statusHome,
  call: ({ id, key, quote, ...site }, token) => bookQuote(id, quote, site, renterProof(token, key)),
  done: () => after(() => wakeOutbox()),
  back: ({ id, key }, booked) => ({ page: requestStatusPath(id, key), notice: booked ? "booked" : null, anchor: "#quotes" }),
});

/** Cancels the request's booking with the renter's reason, until the rental starts; the vendor is emailed. */
export const cancelBookingAction = renterAction(bookingCatalog, {
  input: z.object({ ...ownRequest, reason: formField.text(500) }),
  invalid: "no-request",
  home: statusHome,
  call: ({ id, key, reason }, token) => cancelBooking(id, reason, renterProof(token, key)),
  done: () => after(() => wakeOutbox()),
  back: ({ id, key }, cancelled) => ({ page: requestStatusPath(id, key), notice: cancelled ? "cancelled" : null, anchor: "#quotes" }),
});

/** The renter confirms the machine arrived. */
export const confirmArrivalAction = renterAction(bookingCatalog, {
  input: z.object(ownRequest),
  invalid: "no-request",
  home: statusHome,
  call: ({ id, key }, token) => confirmArrival(id, renterProof(token, key)),
  back: ({ id, key }, done) => ({ page: requestStatusPath(id, key), notice: done ? "arrived" : null, anchor: "#rental" }),
});

/** The renter reports a problem with the delivery, with photos taken or chosen on the phone; the vendor is emailed. */
export const reportProblemAction = renterAction(bookingCatalog, {
  input: z.object({
    ...ownRequest,
    problem: z.enum(Object.keys(PROBLEMS) as [keyof typeof PROBLEMS], "problem-invalid"),
    note: formField.text(500),
    photos: photoFiles,
  }),
  invalid: "no-request",
  home: statusHome,
  call: ({ id, key, problem, note, photos }, token) =>
    withPhotos(
      id,
      "problem",
      photos,
      () => checkRenterStep(id, "report_problem", renterProof(token, key)),
      (paths) => reportProblem(id, problem, note, paths, renterProof(token, key)),
    ),
  done: () => after(() => wakeOutbox()),
  back: ({ id, key }, done) => ({ page: requestStatusPath(id, key), notice: done ? "problem-reported" : null, anchor: "#rental" }),
});

/** The renter asks to extend the rental; the vendor is emailed and answers on /business. */
export const extendAction = renterAction(bookingCatalog, {
  input: z.object({ ...ownRequest, new_end: z.string().refine(isCalendarDay, "extension-dates") }),
  invalid: "extension-dates",
  home: statusHome,
  call: ({ id, key, new_end }, token) => extendRental(id, new_end, renterProof(token, key)),
  done: () => after(() => wakeOutbox()),
  back: ({ id, key }, done) => ({ page: requestStatusPath(id, key), notice: done ? "extension-asked" : null, anchor: "#rental" }),
});

/** The renter calls the rental off now: the page shows the call-off number; the vendor is emailed. */
export const callOffAction = renterAction(bookingCatalog, {
  input: z.object(ownRequest),
  invalid: "no-request",
  home: statusHome,
  call: ({ id, key }, token) => callOffRental(id, renterProof(token, key)),
  done: () => after(() => wakeOutbox()),
  back: ({ id, key }, done) => ({ page: requestStatusPath(id, key), notice: done ? "called-off" : null, anchor: "#rental" }),
});

/** The renter accepts or disputes one line of the bill that did not follow from the quote. */
export const answerLineAction = renterAction(bookingCatalog, {
  input: z.object({
    ...ownRequest,
    line: formField.id("no-line"),
    answer: z.enum(["accept", "dispute"], "line-answer"),
    reason: formField.text(500),
  }),
  invalid: "line-answer",
  home: statusHome,
  call: ({ id, key, line, answer, reason }, token) => answerBillLine(id, line, answer === "accept", reason, renterProof(token, key)),
  done: (rental) => {
    // A settled rental counts in its listing's records, shown on its page and cards.
    if (rental.settled_at) refreshListingPages();
    after(() => wakeOutbox());
  },
  back: ({ id, key, answer }, done) => ({
    page: requestStatusPath(id, key),
    notice: done ? (answer === "accept" ? "line-accepted" : "line-disputed") : null,
    anchor: "#bill",
  }),
});

/** A booked vendor's rental form: its listing and the request; and where the dashboard shows that request. */
const rentalIds = { vendor_id: vendorId, lead_id: formField.id("no-request") };
const atRequest = ({ vendor_id, lead_id }: { vendor_id: number; lead_id: number }) => `#lead-${vendor_id}-${lead_id}`;
/** A delivery's or a pickup's readings and photos. */
const readings = { ...rentalIds, hours: readingField, fuel: fuelField, photos: photoFiles };

/** The booked vendor confirms the delivery window; the renter is emailed the updated invitation. */
export const confirmWindowAction = businessAction(businessCatalog, {
  input: z.object({
    ...rentalIds,
    day: z.string().refine(isCalendarDay, "window-invalid"),
    from: z.string().regex(CLOCK, "window-invalid"),
    to: z.string().regex(CLOCK, "window-invalid"),
  }),
  invalid: "window-invalid",
  call: ({ vendor_id, lead_id, day, from, to }, email) => confirmWindow(email, vendor_id, lead_id, day, from, to),
  done: () => after(() => wakeOutbox()),
  back: (input) => dashboard("window-confirmed", atRequest(input)),
});

/** The booked vendor marks the machine on its way; the renter is emailed. */
export const dispatchAction = businessAction(businessCatalog, {
  input: z.object(rentalIds),
  invalid: "no-request",
  call: ({ vendor_id, lead_id }, email) => dispatchMachine(email, vendor_id, lead_id),
  done: () => after(() => wakeOutbox()),
  back: (input) => dashboard("on-the-way", atRequest(input)),
});

/** The booked vendor marks the machine delivered, with the hour meter, the fuel and walk-around photos; the renter is emailed. */
export const deliverAction = businessAction(businessCatalog, {
  input: z.object(readings),
  invalid: "reading-invalid",
  call: ({ vendor_id, lead_id, hours, fuel, photos }, email) =>
    withPhotos(
      lead_id,
      "delivery",
      photos,
      () => checkBusinessStep(email, vendor_id, lead_id, "deliver"),
      (paths) => deliverMachine(email, vendor_id, lead_id, hours, fuel, paths),
    ),
  done: () => after(() => wakeOutbox()),
  back: (input) => dashboard("delivered", atRequest(input)),
});

/** The booked vendor accepts or declines the renter's extension; the renter is emailed. */
export const answerExtensionAction = businessAction(businessCatalog, {
  input: z.object({ ...rentalIds, answer: z.enum(["accept", "decline"], "extension-answer") }),
  invalid: "extension-answer",
  call: ({ vendor_id, lead_id, answer }, email) => answerExtension(email, vendor_id, lead_id, answer === "accept"),
  done: () => after(() => wakeOutbox()),
  back: (input) => dashboard(input.answer === "accept" ? "extension-accepted" : "extension-declined", atRequest(input)),
});

/** The booked vendor records the pickup with the hour meter, the fuel and photos; the bill is built for it to check. */
export const pickUpAction = businessAction(businessCatalog, {
  input: z.object(readings),
  invalid: "reading-invalid",
  call: ({ vendor_id, lead_id, hours, fuel, photos }, email) =>
    withPhotos(
      lead_id,
      "pickup",
      photos,
      () => checkBusinessStep(email, vendor_id, lead_id, "pick_up"),
      (paths) => pickUpMachine(email, vendor_id, lead_id, hours, fuel, paths),
    ),
  done: () => after(() => wakeOutbox()),
  back: (input) => dashboard("picked-up", atRequest(input)),
});

/** A line the booked vendor adds to the bill: its reason and at least one photo. */
export const addBillLineAction = businessAction(businessCatalog, {
  input: z.object({
    ...rentalIds,
    kind: z.enum(Object.keys(ADDED_LINES) as [keyof typeof ADDED_LINES], "line-invalid"),
    label: formField.text(120).pipe(z.string().min(1, "line-invalid")),
    amount: z.string("line-amount").transform((value, context) => {
      // Dollars as people write them: "480", "1,250.50", "$75"; commas only between thousands.
      const written = value.trim().replace(/^\$/, "");
      const parsed = /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(written)
        ? dollarsToCents(written.replaceAll(",", ""))
        : ({ ok: false } as const);
      if (!parsed.ok || parsed.units <= 0n || parsed.units > 10_000_000n) {
        context.addIssue({ code: "custom", message: "line-amount" });
        return 0;
      }
      return Number(parsed.units);
    }),
    reason: formField.text(500),
    photos: photoFiles,
  }),
  invalid: "line-invalid",
  call: ({ vendor_id, lead_id, kind, label, amount, reason, photos }, email) =>
    withPhotos(
      lead_id,
      "bill",
      photos,
      () => checkBusinessStep(email, vendor_id, lead_id, "add_line"),
      (paths) => addBillLine(email, vendor_id, lead_id, { kind, label, amount_cents: amount, reason }, paths),
    ),
  back: (input) => dashboard("line-added", atRequest(input)),
});

/** The booked vendor sends the final bill; the renter is emailed. */
export const sendBillAction = businessAction(businessCatalog, {
  input: z.object(rentalIds),
  invalid: "no-request",
  call: ({ vendor_id, lead_id }, email) => sendBill(email, vendor_id, lead_id),
  done: (rental) => {
    if (rental.settled_at) refreshListingPages();
    after(() => wakeOutbox());
  },
  back: (input) => dashboard("bill-sent", atRequest(input)),
});

/** A business's status of one of its listing's requests. */
export const setRequestStatusAction = businessAction(businessCatalog, {
  input: requestStatusForm,
  invalid: "status",
  call: (lead, email) => setRequestStatus(email, lead.vendor_id, lead.lead_id, lead.status, lead.reason),
  done: (address, lead) => {
    countAnswer(lead.vendor_id, address);
    // A first response sends the renter's invitation to review.
    after(() => wakeOutbox());
  },
  back: (lead) => dashboard("status-saved", `#lead-${lead.vendor_id}-${lead.lead_id}`),
});

/** A business's quote for one of its listing's requests, from the dashboard; the renter is emailed it. */
export const saveQuoteAction = businessAction(businessCatalog, {
  input: z.preprocess(
    (fields) => ({ ...(fields as Record<string, unknown>), quote: fields }),
    z.object({ vendor_id: vendorId, lead_id: formField.id("no-request"), quote: quoteFormSchema }),
  ),
  invalid: "quote-invalid",
  call: ({ vendor_id, lead_id, quote }, email) => saveQuote(email, vendor_id, lead_id, quote),
  done: () => after(() => wakeOutbox()),
  back: ({ vendor_id, lead_id }) => dashboard("quote-sent", `#lead-${vendor_id}-${lead_id}`),
});

const quoteLinkHome = ({ token }: FormFields) => ({ page: isToken(token) ? quotePagePath(token) : "/business" });

/** A quote sent from the emailed "Send a quote" link's page, for that link's request only. */
export const saveLinkQuoteAction = visitorAction(businessCatalog, {
  home: quoteLinkHome,
  input: z.preprocess(
    (fields) => ({ ...(fields as Record<string, unknown>), quote: fields }),
    z.object({ token: z.string().refine(isToken, { error: "link-invalid" }), quote: quoteFormSchema }),
  ),
  invalid: "quote-invalid",
  call: ({ token, quote }) => saveLinkQuote(hashToken(token), quote),
  done: () => after(() => wakeOutbox()),
  back: ({ token }) => ({ page: quotePagePath(token), notice: "quote-sent" }),
});

/** A business withdraws its open quote for one of its listing's requests, from the dashboard. */
export const withdrawQuoteAction = businessAction(businessCatalog, {
  input: z.object({ vendor_id: vendorId, lead_id: formField.id("no-request") }),
  invalid: "no-quote",
  call: ({ vendor_id, lead_id }, email) => withdrawQuote(email, vendor_id, lead_id),
  back: ({ vendor_id, lead_id }) => dashboard("quote-withdrawn", `#lead-${vendor_id}-${lead_id}`),
});

/** Withdraws the quote sent from the emailed "Send a quote" link's page. */
export const withdrawLinkQuoteAction = visitorAction(businessCatalog, {
  home: quoteLinkHome,
  input: z.object({ token: z.string().refine(isToken, { error: "link-invalid" }) }),
  invalid: "link-invalid",
  call: ({ token }) => withdrawLinkQuote(hashToken(token)),
  back: ({ token }) => ({ page: quotePagePath(token), notice: "quote-withdrawn" }),
});

const id = formField.id();
const requestHome = recordPage("/operator/leads");

/** Queues again the vendors' emails of a request that failed. */
export const resendRequestAction = operatorAction(consoleCatalog, {
  input: z.object({ id }),
  invalid: "no-record",
  home: requestHome,
  call: (lead, operator) => resendRequest(lead.id, operator),
  done: () => after(() => wakeOutbox()),
  back: (lead) => ({ page: `/operator/leads/${lead.id}`, notice: "resent" }),
});

export const markSpamAction = operatorAction(consoleCatalog, {
  input: z.object({ id, spam: formField.flag() }),
  invalid: "no-record",
  home: requestHome,
  call: (lead, operator) => markSpam(lead.id, lead.spam, operator),
  back: (lead) => ({ page: `/operator/leads/${lead.id}`, notice: lead.spam ? "spam" : "not-spam" }),
});
