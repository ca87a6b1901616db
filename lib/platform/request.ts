import "server-only";
import { createHash } from "node:crypto";
import { headers } from "next/headers";
import { clientAddress } from "./client-address.mjs";

/** The visitor's network address (lib/platform/client-address.mjs decides how, per host). */
export async function requestAddress(): Promise<string> {
  return clientAddress(await headers());
}

/** A hashed key for the visitor's network address, for the per-client abuse limits. */
export async function clientKey(): Promise<string> {
  return createHash("sha256")
    .update(`client:${await requestAddress()}`)
    .digest("hex")
    .slice(0, 32);
}

/** Cookies are Secure in production, unless INSECURE_COOKIES=1 (a plain-http test server). */
export const secureCookies = () => process.env.NODE_ENV === "production" && process.env.INSECURE_COOKIES !== "1";
