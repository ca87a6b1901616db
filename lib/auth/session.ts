import "server-only";
import { cookies } from "next/headers";
import { secureCookies } from "../platform/request";
import { serviceRpc } from "../data/rpc";
import type { SessionRole } from "./roles";
import { hashToken, isToken, newToken } from "./token";

async function cookieToken(role: SessionRole): Promise<string | null> {
  const token = (await cookies()).get(role.cookie)?.value;
  return isToken(token) ? token : null;
}

/** Whose live session of this role the request carries, or null. */
export async function sessionSubject(role: SessionRole): Promise<string | null> {
  const token = await cookieToken(role);
  if (!token) return null;
  return serviceRpc("session_subject", { p_role: role.role, p_token_hash: hashToken(token) });
}

/** Starts a session for `subject` and sets its httpOnly cookie. */
export async function startSession(role: SessionRole, subject: string): Promise<void> {
  const token = newToken();
  await serviceRpc("session_start", { p_role: role.role, p_subject: subject, p_token_hash: hashToken(token), p_ttl_seconds: role.seconds });
  (await cookies()).set(role.cookie, token, {
    httpOnly: true,
    sameSite: "strict",
    secure: secureCookies(),
    path: role.path,
    maxAge: role.seconds,
  });
}

/** Ends the request's session of this role, if any, and clears its cookie; returns whose it was. */
export async function endSession(role: SessionRole): Promise<string | null> {
  const token = await cookieToken(role);
  const subject = token ? await serviceRpc("session_end", { p_role: role.role, p_token_hash: hashToken(token) }) : null;
  (await cookies()).delete({ name: role.cookie, path: role.path });
  return subject;
}
