import { createHash } from "node:crypto";
import { test as base } from "@playwright/test";

/**
 * Playwright's test, with each test (and each retry) a visitor of its own: its pages and
 * requests come from their own address (the tests stand in for the proxy), so the per-client
 * abuse limits of one test never refuse another's rental requests or submissions.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, info) => {
    const [a, b, c] = createHash("sha256").update(`${info.testId}:${info.retry}`).digest();
    await provide({ ...extraHTTPHeaders, "X-Forwarded-For": `10.${a}.${b}.${c}` });
  },
});

/**
 * A client address of its own for one person in the running test, new on every attempt: state
 * a test leaves keyed by the address (login throttling, per-client limits) never meets its retry.
 */
export function clientAddress(who: string): string {
  const info = base.info();
  const [a, b, c] = createHash("sha256").update(`${info.testId}:${info.retry}:${who}`).digest();
  return `10.${a}.${b}.${c}`;
}
