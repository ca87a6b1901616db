"use server";
import { after } from "next/server";
import { z } from "zod";
import { BUSINESS_SESSION } from "../auth/roles";
import { endSession, startSession } from "../auth/session";
import { hashToken, isToken } from "../auth/token";
import { clientKey } from "../platform/request";
import { recordId } from "../platform/record-id";
import { refreshListingPage, refreshListingPages } from "../directory/revalidate";
import { listingFormSchema } from "../directory/listing-form";
import { withRateCard } from "../prices/rate-card-form";
import { wakeOutbox } from "../outbox/sender";
import { quotePagePath } from "../auth/links";
import { quoteFormSchema } from "../quotes/form";
import { anyone, formAction, formField } from "../platform/action";
import { businessCatalog, type BusinessNotice } from "./messages";
import { leadStatusForm } from "./lead-status";
import { requireBusiness } from "./session";
import {
  answerReview,
  followLink,
  saveLinkQuote,
  saveQuote,
  setColleague,
  setLeadStatus,
  setLeadsPaused,
  setListingRateCard,
  startClaim,
  startSignIn,
  updateListing,
  withdrawLinkQuote,
  withdrawQuote,
} from "./data";

// Each action validates its form, calls one database function and goes back to its page
// with the code of a notice or of the reason it was refused (lib/business/messages.ts).

type Steps<S extends z.core.$ZodType, Who, Data> = Parameters<typeof formAction<S, Who, Data, BusinessNotice>>[1];

/** An action of anyone on the business pages (signing in, claiming, following a link). */
const visitorAction = <S extends z.core.$ZodType, Data>(steps: Omit<Steps<S, null, Data>, "audience" | "home">) =>
  formAction(businessCatalog, { audience: anyone, home: "/business", ...steps });

/** An action of a signed-in business; anyone else is sent to the sign-in page. */
const businessAction = <S extends z.core.$ZodType, Data>(steps: Omit<Steps<S, string, Data>, "audience" | "home">) =>
  formAction(businessCatalog, { audience: requireBusiness, home: "/business", ...steps });

const vendorId = formField.id("no-listing");
const dashboard = (notice: BusinessNotice, anchor = "") => ({ page: "/business", notice, anchor });

/**
 * Queues a sign-in email when the address manages a listing. The answer is the same
 * either way, in content and in time: the outbox sends the email after the answer.
 */
export const requestSignInAction = visitorAction({
  input: z.object({ email: formField.text(320) }),
  invalid: "too-long",
  call: async ({ email }) => startSignIn(email, await clientKey()),
  done: () => after(() => wakeOutbox()),
  back: () => dashboard("link-sent"),
});

/** A claim: a link emailed to the listing's own address, or the operator's queue; the same answer either way. */
export const claimListingAction = formAction(businessCatalog, {
  audience: anyone,
  home: ({ vendor_id: vendor }) => ({ page: recordId(vendor) ? `/business/claim/${vendor}` : "/business" }),
  input: z.object({
    vendor_id: vendorId,
    email: formField.text(320),
    name: formField.text(200),
    phone: formField.text(30),
    note: formField.text(2000),
  }),
  invalid: "too-long",
  call: async (claim) => startClaim(claim, await clientKey()),
  done: () => after(() => wakeOutbox()),
  back: (claim) => ({ page: `/business/claim/${claim.vendor_id}`, notice: "claim-received" }),
});

const LINK_NOTICES = {
  queued: "claim-queued",
  contacted: "marked-contacted",
  opted_out: "opted-out",
  owner: "claimed",
  signed_in: "signed-in",
} as const satisfies Record<string, BusinessNotice>;

/** Uses an emailed link (after the click on its page): signs in, claims, marks a lead contacted or stops leads. */
export const followLinkAction = visitorAction({
  input: z.object({
    token: z.string().refine(isToken, { error: "link-invalid" }),
    purpose: z.enum(["sign_in", "claim", "lead_contacted", "opt_out"], { error: "link-invalid" }),
  }),
  invalid: "link-invalid",
  call: ({ token, purpose }) => followLink(hashToken(token), purpose),
  done: async ({ email, outcome, address }) => {
    if (address) refreshListingPage(address);
    // A first response sends the renter's invitation to review.
    if (outcome === "contacted") after(() => wakeOutbox());
    if (outcome === "signed_in" || outcome === "owner") await startSession(BUSINESS_SESSION, email);
    if (outcome === "owner") refreshListingPages();
  },
  back: (_link, used) => dashboard(used ? LINK_NOTICES[used.outcome] : "signed-in"),
});

/** A business's edit of a listing it manages; public at once. */
export const updateListingAction = businessAction({
  input: listingFormSchema.extend({ vendor_id: vendorId }),
  invalid: "too-long",
  call: ({ vendor_id: vendor, ...changes }, email) => updateListing(email, vendor, changes),
  done: () => refreshListingPages(),
  back: (listing, saved) => dashboard(saved?.pending ? "saved-pending" : "saved", `#listing-${listing.vendor_id}`),
});

/** A business's rate card for a listing it manages (or its removal); public at once. */
export const setRateCardAction = businessAction({
  input: withRateCard({ vendor_id: vendorId }),
  invalid: "no-listing",
  call: (listing, email) => setListingRateCard(email, listing.vendor_id, listing.card),
  done: () => refreshListingPages(),
  back: (listing) => dashboard("rates-saved", `#rates-${listing.vendor_id}`),
});

/** Adds a colleague by email, or removes one. */
export const setColleagueAction = businessAction({
  input: z.object({ vendor_id: vendorId, colleague: formField.text(320), add: formField.flag() }),
  invalid: "too-long",
  call: (team, email) => setColleague(email, team.vendor_id, team.colleague, team.add),
  back: (team) => dashboard(team.add ? "colleague-added" : "colleague-removed", `#listing-${team.vendor_id}`),
});

/** A business's status of one of its listing's requests. */
export const setLeadStatusAction = businessAction({
  input: leadStatusForm,
  invalid: "status",
  call: (lead, email) => setLeadStatus(email, lead.vendor_id, lead.lead_id, lead.status, lead.reason),
  done: (address) => {
    refreshListingPage(address);
    // A first response sends the renter's invitation to review.
    after(() => wakeOutbox());
  },
  back: (lead) => dashboard("status-saved", `#lead-${lead.vendor_id}-${lead.lead_id}`),
});

/** A business's quote for one of its listing's requests, from the dashboard; the renter is emailed it. */
export const saveQuoteAction = businessAction({
  input: z.preprocess(
    (fields) => ({ ...(fields as Record<string, unknown>), quote: fields }),
    z.object({ vendor_id: vendorId, lead_id: formField.id("no-request"), quote: quoteFormSchema }),
  ),
  invalid: "quote-invalid",
  call: ({ vendor_id, lead_id, quote }, email) => saveQuote(email, vendor_id, lead_id, quote),
  done: () => after(() => wakeOutbox()),
  back: ({ vendor_id, lead_id }) => dashboard("quote-sent", `#lead-${vendor_id}-${lead_id}`),
});

/** A quote sent from the emailed "Send a quote" link's page, for that link's request only. */
export const saveLinkQuoteAction = formAction(businessCatalog, {
  audience: anyone,
  home: ({ token }) => ({ page: isToken(token) ? quotePagePath(token) : "/business" }),
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
export const withdrawQuoteAction = businessAction({
  input: z.object({ vendor_id: vendorId, lead_id: formField.id("no-request") }),
  invalid: "no-quote",
  call: ({ vendor_id, lead_id }, email) => withdrawQuote(email, vendor_id, lead_id),
  back: ({ vendor_id, lead_id }) => dashboard("quote-withdrawn", `#lead-${vendor_id}-${lead_id}`),
});

/** Withdraws the quote sent from the emailed "Send a quote" link's page. */
export const withdrawLinkQuoteAction = formAction(businessCatalog, {
  audience: anyone,
  home: ({ token }) => ({ page: isToken(token) ? quotePagePath(token) : "/business" }),
  input: z.object({ token: z.string().refine(isToken, { error: "link-invalid" }) }),
  invalid: "link-invalid",
  call: ({ token }) => withdrawLinkQuote(hashToken(token)),
  back: ({ token }) => ({ page: quotePagePath(token), notice: "quote-withdrawn" }),
});

/** The business's public reply to a published review (set again to edit it), or its report of the review to the operator. */
export const answerReviewAction = businessAction({
  input: z.object({ review_id: formField.id("no-listing"), reply: formField.text(2000), report: formField.text(500) }),
  invalid: "too-long",
  call: (answer, email) => answerReview(email, answer.review_id, answer.reply || null, answer.report || null),
  done: (address) => refreshListingPage(address),
  back: (answer) => dashboard(answer.reply ? "reply-saved" : "review-reported", `#review-${answer.review_id}`),
});

/** Stops, or resumes, a listing's rental requests. */
export const setLeadsPausedAction = businessAction({
  input: z.object({ vendor_id: vendorId, paused: formField.flag() }),
  invalid: "no-listing",
  call: (listing, email) => setLeadsPaused(email, listing.vendor_id, listing.paused),
  // The listing's page says whether it takes requests.
  done: () => refreshListingPages(),
  back: (listing) => dashboard(listing.paused ? "opted-out" : "opted-in", `#listing-${listing.vendor_id}`),
});

export const signOutAction = visitorAction({
  input: z.object({}),
  invalid: "refused",
  call: () => endSession(BUSINESS_SESSION),
  back: () => dashboard("signed-out"),
});
