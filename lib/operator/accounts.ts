import type { SupabaseClient } from "@supabase/supabase-js";
import { callWith } from "../data/rpc";
import { hashPassword, MIN_PASSWORD_LENGTH } from "./password";

/** Creates the operator account, or sets a new password on an existing one (ending its sessions). */
export async function addOperator(client: SupabaseClient, email: string, password: string): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  await callWith(client, "operator_add", { p_email: email, p_password_hash: await hashPassword(password) });
}

export const removeOperator = (client: SupabaseClient, email: string) => callWith<boolean>(client, "operator_remove", { p_email: email });

export interface OperatorAccount {
  email: string;
  created_at: string;
  sessions: number;
}

export const listOperators = (client: SupabaseClient) => callWith<OperatorAccount[]>(client, "operator_list");
