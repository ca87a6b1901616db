import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * True when the request carries `Authorization: Bearer <OPERATOR_TOKEN>`.
 * Without OPERATOR_TOKEN set, operator access is off entirely.
 */
export function isOperatorRequest(request: Request): boolean {
  const token = process.env.OPERATOR_TOKEN;
  if (!token) return false;
  const given = request.headers.get("authorization")?.match(/^Bearer (.+)$/)?.[1] ?? "";
  return timingSafeEqual(digest(given), digest(token));
}
