import "server-only";
import { cookies } from "next/headers";
import { hashToken, isToken, newToken } from "./token";
import { secureCookies } from "../platform/request";

const OWNER_COOKIE = "lead_owner";

/**
 * The secret that proves this browser created its rental requests, kept in an httpOnly
 * cookie for 30 days; the database keeps its hash on each request. `create` makes one
 * when the browser has none.
 *
 * The rental dialog has it made by POST /api/lead-owner before it starts a request: a
 * cookie set by a server action makes Next render the page the action was posted from
 * again, replacing its head and drawing anew whatever is random on it. Starting a request
 * still makes one for a client that did not ask first (a page loaded before a deploy).
 */
export async function ownerToken(create: boolean): Promise<string | null> {
  const jar = await cookies();
  const existing = jar.get(OWNER_COOKIE)?.value;
  if (isToken(existing)) return existing;
  if (!create) return null;
  const token = newToken();
  jar.set(OWNER_COOKIE, token, { httpOnly: true, sameSite: "lax", secure: secureCookies(), path: "/", maxAge: 60 * 60 * 24 * 30 });
  return token;
}

/** The renter's audience: this browser's owner token (null when it made no request), for the actions on its requests. */
export const renter = () => ownerToken(false);

/** How a renter proves a request is theirs: the browser's owner token, or the emailed status link's token hash. */
export type RenterProof = { ownerToken: string | null; linkHash: string | null };

/** The proof a status page's form carries: this browser's owner token, and the emailed link's key if the page was opened by it. */
export const renterProof = (ownerToken: string | null, key: string | null): RenterProof => ({
  ownerToken,
  linkHash: key && hashToken(key),
});
