/** What an emailed link does when followed. */
export type LinkPurpose = "sign_in" | "claim" | "lead_contacted" | "opt_out";

/** The page an emailed link opens: it asks for a click before the token is used. */
export const linkUrl = (site: string, purpose: LinkPurpose, token: string) =>
  `${site}/business/link?${new URLSearchParams({ purpose, token })}`;

/** Where a mail client posts a one-click unsubscribe (RFC 8058) with the opt-out token. */
export const oneClickOptOutUrl = (site: string, token: string) => `${site}/api/business/opt-out?${new URLSearchParams({ token })}`;

/** The page an emailed "Send a quote" link opens: the quote form of one request (no sign-in). */
export const quotePagePath = (token: string) => `/business/quote?${new URLSearchParams({ token })}`;
