import "server-only";
import { createHash } from "node:crypto";
import { headers } from "next/headers";
import { clientAddress } from "../platform/client-address.mjs";

/** The visitor's network address (lib/platform/client-address.mjs decides how, per host). */
export async function requestAddress(): Promise<string> {
  return clientAddress(await headers());
}

/** A hashed key for the visitor's network address, for the per-client abuse limits. */
export async function clientKey(): Promise<string> {
  return createHash("sha256").update(`client:${await requestAddress()}`).digest("hex").slice(0, 32);
}

/** Cookies are Secure in production, unless INSECURE_COOKIES=1 (a plain-http test server). */
export const secureCookies = () => process.env.NODE_ENV === "production" && process.env.INSECURE_COOKIES !== "1";

/** Server actions accept at most a few kilobytes. */
export const MAX_ACTION_BYTES = 4096;

export function tooLarge(input: unknown): boolean {
  try {
    return JSON.stringify(input ?? null).length > MAX_ACTION_BYTES;
  } catch {
    return true;
  }
}

export type ActionResult<T = undefined> =
  | ({ ok: true } & (T extends undefined ? object : { data: T }))
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

export function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
