import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { cookies } from "next/headers";
import { cache } from "react";
import { redirect } from "next/navigation";
import { secureCookies } from "../actions/request-context";
import { serviceSupabase } from "../supabase/server";
import { UNMATCHABLE_HASH, verifyPassword } from "./password";

const SESSION_COOKIE = "operator_session";
const SESSION_SECONDS = 12 * 60 * 60;

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

async function sessionToken(): Promise<string | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/** The signed-in operator's email, or null. Checked against the database once per request. */
export const currentOperator = cache(async (): Promise<string | null> => {
  const token = await sessionToken();
  if (!token) return null;
  const { data, error } = await serviceSupabase().rpc("operator_session", { p_token_hash: tokenHash(token) });
  if (error) throw new Error(`Checking the operator session failed: ${error.message}`);
  return (data as string | null) ?? null;
});

/** The signed-in operator's email; anyone else is sent to the login page. */
export async function requireOperator(): Promise<string> {
  const operator = await currentOperator();
  if (!operator) redirect("/operator/login");
  return operator;
}

export type LoginOutcome = "ok" | "wrong" | "locked";

/** Checks the password and, when it matches an unlocked account, starts a session cookie. */
export async function logIn(email: string, password: string): Promise<LoginOutcome> {
  const db = serviceSupabase();
  const { data: account, error } = await db.rpc("operator_credentials", { p_email: email }).maybeSingle<{ password_hash: string; locked: boolean }>();
  if (error) throw new Error(`Reading the operator account failed: ${error.message}`);
  // Unknown accounts cost a hash too, so response times do not tell which emails exist.
  const passwordOk = await verifyPassword(password, account?.password_hash ?? UNMATCHABLE_HASH);
  if (!account) return "wrong";
  const token = randomBytes(32).toString("base64url");
  const { data: outcome, error: loginError } = await db.rpc("operator_login", {
    p_email: email, p_password_ok: passwordOk, p_token_hash: tokenHash(token), p_ttl_seconds: SESSION_SECONDS,
  });
  if (loginError) throw new Error(`Recording the login failed: ${loginError.message}`);
  if (outcome === "ok") {
    (await cookies()).set(SESSION_COOKIE, token, {
      httpOnly: true, sameSite: "strict", secure: secureCookies(), path: "/operator", maxAge: SESSION_SECONDS,
    });
  }
  return outcome as LoginOutcome;
}

export async function logOut(): Promise<void> {
  const token = await sessionToken();
  if (token) await serviceSupabase().rpc("operator_logout", { p_token_hash: tokenHash(token) });
  (await cookies()).delete({ name: SESSION_COOKIE, path: "/operator" });
}
