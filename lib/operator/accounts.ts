import type { SupabaseClient } from "@supabase/supabase-js";
import { hashPassword, MIN_PASSWORD_LENGTH } from "./password";

/** Creates the operator account, or sets a new password on an existing one (ending its sessions). */
export async function addOperator(client: SupabaseClient, email: string, password: string): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  const { error } = await client.rpc("operator_add", { p_email: email, p_password_hash: await hashPassword(password) });
  if (error) throw new Error(error.message);
}

export async function removeOperator(client: SupabaseClient, email: string): Promise<boolean> {
  const { data, error } = await client.rpc("operator_remove", { p_email: email });
  if (error) throw new Error(error.message);
  return Boolean(data);
}

export interface OperatorAccount { email: string; created_at: string; locked_until: string | null; sessions: number }

export async function listOperators(client: SupabaseClient): Promise<OperatorAccount[]> {
  const { data, error } = await client.rpc("operator_list");
  if (error) throw new Error(error.message);
  return data as OperatorAccount[];
}
