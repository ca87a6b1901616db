import type { SupabaseClient } from "@supabase/supabase-js";
import { callWith } from "../data/rpc";
import { siteUrl } from "../site";
import { serviceSupabase } from "../supabase/server";
import { PermanentFailure } from "./failure";
import { renderMail } from "./kinds";
import { claimedRowsSchema, messageOf, type ClaimedMessage } from "./rows";
import { sendText, type SentText } from "./sms";
import { textBody } from "./texts";
import { sendMail } from "./transport";
import { sendWebhook } from "./webhook";

const BATCH = 20;
export const MAX_ATTEMPTS = 6;

/** Sends the message by its channel; returns how it went out, and a text's id at the provider. */
async function send(message: ClaimedMessage, env: NodeJS.ProcessEnv, client: SupabaseClient): Promise<SentText> {
  const site = siteUrl(env);
  if (message.channel === "email") return { via: await sendMail(await renderMail(message, { site, client }), env), providerId: null };
  if (message.channel === "webhook") return { via: await sendWebhook(message, env.LEAD_WEBHOOK_URL), providerId: null };
  if (!message.recipient) throw new PermanentFailure("The text has no number");
  return sendText({ id: message.id, to: message.recipient, body: await textBody(message, site, client) }, site, env, client);
}

export interface DrainResult {
  sent: number;
  failed: number;
}

/**
 * Sends every due outbox message. Messages are claimed in SQL (skip locked, with a
 * lease), so any number of drains in any number of instances send each message once.
 */
export async function drainOutbox({
  env = process.env,
  client = serviceSupabase(),
  maxMessages = 500,
}: { env?: NodeJS.ProcessEnv; client?: SupabaseClient; maxMessages?: number } = {}): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, failed: 0 };
  while (result.sent + result.failed < maxMessages) {
    const messages = (await callWith(client, "claim_outbox_messages", { p_limit: BATCH, p_lease_seconds: 120 }, claimedRowsSchema)) ?? [];
    if (messages.length === 0) break;
    for (const row of messages) {
      let via: string | null = null;
      let providerId: string | null = null;
      let failure: unknown = null;
      try {
        ({ via, providerId } = await send(messageOf(row), env, client));
      } catch (e) {
        failure = e;
      }
      await callWith(client, "record_outbox_message", {
        p_id: row.id,
        p_claim_id: row.claim_id,
        p_ok: failure === null,
        p_sent_via: via,
        p_error: failure === null ? null : failure instanceof Error ? failure.message : String(failure),
        p_max_attempts: failure instanceof PermanentFailure ? 1 : MAX_ATTEMPTS,
        p_provider_id: providerId,
      });
      if (failure === null) result.sent++;
      else result.failed++;
    }
  }
  return result;
}

/**
 * Drains the outbox in the background and logs a failure: the one way every part of the
 * site (a completed lead, a sign-in or claim, an operator's resend, the timer) asks for
 * due messages to go.
 */
export function wakeOutbox(env: NodeJS.ProcessEnv = process.env): Promise<DrainResult | null> {
  return drainOutbox({ env }).catch((error: Error) => {
    console.error("Outbox drain failed:", error.message);
    return null;
  });
}
