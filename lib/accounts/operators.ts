import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { callWith } from "../data/rpc";
import { hashPassword, MIN_PASSWORD_LENGTH } from "../auth/password";

/** Creates the operator account, or sets a new password on an existing one (ending its sessions). */
export async function addOperator(client: SupabaseClient, email: string, password: string): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  await callWith(client, "operator_add", { p_email: email, p_password_hash: await hashPassword(password) });
}

/** Removes the account; whether it existed. */
export const removeOperator = async (client: SupabaseClient, email: string) =>
  (await callWith(client, "operator_remove", { p_email: email })) === true;

const operatorAccountsSchema = z.array(z.object({ email: z.string(), created_at: z.string(), sessions: z.number() }));

export const listOperators = (client: SupabaseClient) => callWith(client, "operator_list", {}, operatorAccountsSchema);
