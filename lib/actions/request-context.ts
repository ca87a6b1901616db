import "server-only";
import { createHash } from "node:crypto";
import { headers } from "next/headers";
import { forwardedAddress } from "./forwarded-address";

/** A hashed key for the visitor's network address, for the per-client abuse limits. */
export async function clientKey(): Promise<string> {
  const h = await headers();
  const address = forwardedAddress(h.get("x-forwarded-for"), h.get("x-real-ip"), Number(process.env.PROXY_HOPS ?? 1));
  return createHash("sha256").update(`client:${address}`).digest("hex").slice(0, 32);
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
