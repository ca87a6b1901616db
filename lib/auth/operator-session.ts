import "server-only";
import { cache } from "react";
import { redirect } from "next/navigation";
import { createGate, GateFull } from "./gate";
import { OPERATOR_SESSION } from "./roles";
import { endSession, sessionSubject, startSession } from "./session";
import { recordAttempt, throttleKeys, throttleWait } from "./throttle";
import { requestAddress } from "../platform/request";
import { serviceRpc } from "../data/rpc";
import { UNMATCHABLE_HASH, verifyPassword } from "./password";

/** The signed-in operator's email, or null. Checked against the database once per request. */
export const currentOperator = cache((): Promise<string | null> => sessionSubject(OPERATOR_SESSION));

/** The signed-in operator's email; anyone else is sent to the login page. */
export async function requireOperator(): Promise<string> {
  const operator = await currentOperator();
  if (!operator) redirect("/operator/login");
  return operator;
}

export type LoginOutcome = "ok" | "wrong" | "throttled" | "busy";

// Password checks cost ~50 ms of CPU and 16 MB each: a burst of logins queues a few and
// refuses the rest at once, so it cannot exhaust the server.
const passwordChecks = createGate(4, 12);

/**
 * Checks the password and, when it matches, starts a session. Known and unknown emails
 * take the same path and get the same answers: the throttle keys on the client address
 * and the (address, email) pair, and an unknown email costs a hash too.
 */
export async function logIn(email: string, password: string): Promise<LoginOutcome> {
  const address = await requestAddress();
  const keys = throttleKeys("operator", email, address);
  if ((await throttleWait(keys)) > 0) return "throttled";
  let passwordOk: boolean;
  try {
    passwordOk = await passwordChecks(async () => {
      const stored = await serviceRpc("operator_credentials", { p_email: email });
      return (await verifyPassword(password, stored ?? UNMATCHABLE_HASH)) && stored !== null;
    });
  } catch (error) {
    if (error instanceof GateFull) return "busy";
    throw error;
  }
  const blockedSeconds = await recordAttempt(keys, passwordOk);
  if (passwordOk) {
    const operator = email.trim().toLowerCase();
    await startSession(OPERATOR_SESSION, operator);
    await audit(operator, "login", operator, { address });
    return "ok";
  }
  if (blockedSeconds > 0)
    await audit("anonymous", "login_throttled", email.trim().toLowerCase().slice(0, 320), { address, minutes: blockedSeconds / 60 });
  return "wrong";
}

export async function logOut(): Promise<void> {
  const operator = await endSession(OPERATOR_SESSION);
  if (operator) await audit(operator, "logout", operator, { address: await requestAddress() });
}

const audit = (operator: string, action: string, subject: string, details: Record<string, unknown>) =>
  serviceRpc("operator_audit_event", { p_operator: operator, p_action: action, p_subject: subject, p_details: details });
