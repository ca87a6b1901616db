import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { callWith } from "../data/rpc";
import { serviceSupabase } from "../supabase/server";
import { RETENTION_BATCH, retentionPeriods } from "./periods";

const retentionResultSchema = z.object({ drafts: z.number(), anonymized: z.number(), emptied: z.number(), expired: z.number() });
export type RetentionResult = z.infer<typeof retentionResultSchema>;

/**
 * One batch of each retention period. The outbox's timer and its cron route run it after each
 * drain; instances running it at once skip each other's rows, so nothing is done twice.
 */
export function runRetention(
  env: Record<string, string | undefined> = process.env,
  client: SupabaseClient = serviceSupabase(),
  batch = RETENTION_BATCH,
): Promise<RetentionResult> {
  const periods = retentionPeriods(env);
  return callWith(
    client,
    "retention_run",
    {
      p_draft_days: periods.draftDays,
      p_personal_months: periods.personalMonths,
      p_sent_days: periods.sentDays,
      p_expired_days: periods.expiredDays,
      p_batch: batch,
    },
    retentionResultSchema,
  );
}
