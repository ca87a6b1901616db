import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { TOKEN_PATTERN } from "../platform/token-format.mjs";

/**
 * Tokens that act without a password (session cookies, emailed links, a lead's owner
 * secret): 32 random bytes in base64url. Only their SHA-256 is ever stored.
 */
export const newToken = (): string => randomBytes(32).toString("base64url");

/** The stored form of a token: its SHA-256 in hex. */
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** Whether a value has the shape of a token; anything else is treated as no token at all. */
export const isToken = (value: unknown): value is string => typeof value === "string" && TOKEN_PATTERN.test(value);

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compares two secrets in constant time (whatever their lengths). */
export function secretsMatch(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * True when the request carries `Authorization: Bearer <secret>`. A secret that is not
 * configured (unset or empty) matches nothing, so the endpoint it guards is off.
 */
export function bearerMatches(request: Pick<Request, "headers">, secret: string | undefined): boolean {
  if (!secret) return false;
  const given = request.headers.get("authorization")?.match(/^Bearer (.+)$/)?.[1] ?? "";
  return secretsMatch(given, secret);
}
