"use server";
import { after } from "next/server";
import { z } from "zod";
import { businessAction, dashboard, operatorAction, vendorId, visitorAction } from "../auth/audiences";
import { logIn, logOut } from "../auth/operator-session";
import { BUSINESS_SESSION } from "../auth/roles";
import { endSession, startSession } from "../auth/session";
import { hashToken, isToken } from "../auth/token";
import { refreshListingPage, refreshListingPages } from "../listings/revalidate";
import { businessCatalog, type BusinessNotice } from "../messages/business";
import { consoleCatalog } from "../messages/console";
import { wakeOutbox } from "../outbox/drain";
import { formField, recordPage, refuse } from "../platform/action";
import { recordId } from "../platform/record-id";
import { clientKey } from "../platform/request";
import { countAnswer } from "../listings/responses";
import { followLink, revokeManager, reviewClaim, setColleague, startClaim, startSignIn } from "./data";

const id = formField.id();

/**
 * Queues a sign-in email when the address manages a listing. The answer is the same
 * either way, in content and in time: the outbox sends the email after the answer.
 */
export const requestSignInAction = visitorAction(businessCatalog, {
  home: "/business",
  input: z.object({ email: formField.text(320) }),
  invalid: "too-long",
  call: async ({ email }) => startSignIn(email, await clientKey()),
  done: () => after(() => wakeOutbox()),
  back: () => dashboard("link-sent"),
});

/** A claim: a link emailed to the listing's own address, or the operator's queue; the same answer either way. */
export const claimListingAction = visitorAction(businessCatalog, {
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
export const followLinkAction = visitorAction(businessCatalog, {
  home: "/business",
  input: z.object({
    token: z.string().refine(isToken, { error: "link-invalid" }),
    purpose: z.enum(["sign_in", "claim", "lead_contacted", "opt_out"], { error: "link-invalid" }),
  }),
  invalid: "link-invalid",
  call: ({ token, purpose }) => followLink(hashToken(token), purpose),
  done: async ({ email, outcome, vendor_id, address }) => {
    if (outcome === "contacted" && vendor_id !== undefined && address) {
      countAnswer(vendor_id, address);
      // A first response sends the renter's invitation to review.
      after(() => wakeOutbox());
    } else if (address) refreshListingPage(address);
    if (outcome === "signed_in" || outcome === "owner") await startSession(BUSINESS_SESSION, email);
    if (outcome === "owner") refreshListingPages();
  },
  back: (_link, used) => dashboard(used ? LINK_NOTICES[used.outcome] : "signed-in"),
});

/** Adds a colleague by email, or removes one. */
export const setColleagueAction = businessAction(businessCatalog, {
  input: z.object({ vendor_id: vendorId, colleague: formField.text(320), add: formField.flag() }),
  invalid: "too-long",
  call: (team, email) => setColleague(email, team.vendor_id, team.colleague, team.add),
  back: (team) => dashboard(team.add ? "colleague-added" : "colleague-removed", `#listing-${team.vendor_id}`),
});

export const signOutAction = visitorAction(businessCatalog, {
  home: "/business",
  input: z.object({}),
  invalid: "refused",
  call: () => endSession(BUSINESS_SESSION),
  back: () => dashboard("signed-out"),
});

export const logInAction = visitorAction(consoleCatalog, {
  input: z.object({ email: formField.text(320, "email"), password: z.string().max(1024, { error: "too-long" }) }),
  invalid: "email",
  home: "/operator/login",
  call: async ({ email, password }) => {
    const outcome = await logIn(email, password);
    if (outcome !== "ok") refuse(outcome);
  },
  back: (_input, done) => ({ page: done === null ? "/operator/login" : "/operator/leads", notice: null }),
});

export const logOutAction = visitorAction(consoleCatalog, {
  input: z.object({}),
  invalid: "refused",
  home: "/operator/login",
  call: () => logOut(),
  back: () => ({ page: "/operator/login", notice: "logged-out" }),
});

export const reviewClaimAction = operatorAction(consoleCatalog, {
  input: z.object({ id, approve: formField.flag(), reason: formField.text(500) }),
  invalid: "no-record",
  home: "/operator/claims",
  call: (claim, operator) => reviewClaim(claim.id, claim.approve, claim.reason, operator),
  done: (_none, claim) => (claim.approve ? refreshListingPages() : undefined),
  back: (claim) => ({ page: "/operator/claims", notice: claim.approve ? "claim-approved" : "claim-rejected" }),
});

export const revokeManagerAction = operatorAction(consoleCatalog, {
  input: z.object({ id, email: formField.text(320) }),
  invalid: "no-record",
  home: recordPage("/operator/vendors"),
  call: (manager, operator) => revokeManager(manager.id, manager.email, operator),
  done: () => refreshListingPages(),
  back: (manager) => ({ page: `/operator/vendors/${manager.id}`, notice: "revoked" }),
});
