import "server-only";
import { headers } from "next/headers";
import { clientAddress } from "./client-address.mjs";
import { clientKeySecret, keyedClientAddress } from "./client-key";

/** The visitor's network address (lib/platform/client-address.mjs decides how, per host). */
export async function requestAddress(): Promise<string> {
  return clientAddress(await headers());
}

/**
 * A keyed hash of the visitor's network address (HMAC-SHA256 under the deployment's secret, see
 * lib/platform/client-key.ts), for the per-client abuse limits and the consent record.
 */
export async function clientKey(): Promise<string> {
  return keyedClientAddress(await requestAddress(), clientKeySecret().key);
}

/** Cookies are Secure in production, unless INSECURE_COOKIES=1 (a plain-http test server). */
export const secureCookies = () => process.env.NODE_ENV === "production" && process.env.INSECURE_COOKIES !== "1";
