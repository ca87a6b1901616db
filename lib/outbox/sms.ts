import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { callWith } from "../data/rpc";
import { PermanentFailure } from "./failure";

/** A text as it is sent: the outbox row it comes from, the number (E.164) and its words. */
export interface OutgoingText {
  id: number;
  to: string;
  body: string;
}

/** How a message went out (a text: through the provider, with its id by which status callbacks find it, or to a file). */
export interface SentText {
  via: string;
  providerId: string | null;
}

/** The provider's settings: its account, its key and the number (or messaging service) texts come from. */
export function textProvider(env: NodeJS.ProcessEnv = process.env) {
  const sid = env.TWILIO_ACCOUNT_SID?.trim();
  const token = env.TWILIO_AUTH_TOKEN?.trim();
  const from = env.TWILIO_FROM?.trim();
  const service = env.TWILIO_MESSAGING_SERVICE_SID?.trim();
  if (!sid || !token || !(from || service)) return null;
  return { sid, token, from, service, api: (env.TWILIO_API_URL?.trim() || "https://api.twilio.com").replace(/\/+$/, "") };
}

const providerError = z.object({ code: z.number().optional(), message: z.string().optional() });

/**
 * Sends a text through Twilio's Messages API when its settings are given; otherwise writes it,
 * as it would have been sent, to TEXTS_DIR (default .data/texts). A number the provider refuses
 * for good (it replied STOP to the provider, it cannot receive texts) is recorded, and the text
 * fails at once; a refusal that may pass (rate limit, the provider down) is retried.
 */
export async function sendText(text: OutgoingText, site: string, env: NodeJS.ProcessEnv, client: SupabaseClient): Promise<SentText> {
  const provider = textProvider(env);
  if (!provider) {
    const folder = path.resolve(/*turbopackIgnore: true*/ env.TEXTS_DIR ?? path.join(process.cwd(), ".data", "texts"));
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `text-${text.id}.txt`), `To: ${text.to}\n\n${text.body}\n`);
    return { via: "file", providerId: null };
  }
  const form = new URLSearchParams({ To: text.to, Body: text.body, StatusCallback: `${site}/api/texts/status` });
  if (provider.service) form.set("MessagingServiceSid", provider.service);
  else form.set("From", provider.from ?? "");
  const response = await fetch(`${provider.api}/2010-04-01/Accounts/${encodeURIComponent(provider.sid)}/Messages.json`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${provider.sid}:${provider.token}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: form,
    signal: AbortSignal.timeout(10_000),
  });
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const sid = z.object({ sid: z.string().min(1).max(64) }).safeParse(answer);
    if (!sid.success) throw new Error("The provider's answer has no message id");
    return { via: "twilio", providerId: sid.data.sid };
  }
  const error = providerError.safeParse(answer);
  const code = error.success && error.data.code !== undefined ? String(error.data.code) : null;
  const why = `Provider refused the text: HTTP ${response.status}${code ? `, error ${code}` : ""}`;
  if (code && (await callWith(client, "text_refused", { p_phone: text.to, p_code: code }, z.boolean()))) throw new PermanentFailure(why);
  if (response.status === 400 || response.status === 404) throw new PermanentFailure(why);
  throw new Error(why);
}
