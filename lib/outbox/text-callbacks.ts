import MessagingResponse from "twilio/lib/twiml/MessagingResponse";
import { validateRequest } from "twilio/lib/webhooks/webhooks";
import { z } from "zod";
import { serviceRpc } from "../data/rpc";
import { holdsControlCharacter } from "../platform/control-characters";
import { siteUrl } from "../site";
import { textProvider } from "./sms";
import { HELP_ANSWER, STARTED_ANSWER, STOPPED_ANSWER } from "./texts";

// The provider's two callbacks: a sent text's delivery status, and a text received. Each is
// refused (403, nothing changed) unless its X-Twilio-Signature is the provider's signature of the
// site's own address of the callback and its fields, made with the account's key.

/** The provider's callbacks are a few hundred bytes: a longer body (or one of no stated length) is not read. */
const MAX_CALLBACK_BYTES = 16_384;

/** The callback's fields when its signature is right; null when it is not (or no provider is set). */
async function signedFields(request: Request, which: "status" | "inbound", env: NodeJS.ProcessEnv): Promise<Record<string, string> | null> {
  const provider = textProvider(env);
  const signature = request.headers.get("x-twilio-signature");
  const length = Number(request.headers.get("content-length") ?? NaN);
  if (!provider || !signature || !(length <= MAX_CALLBACK_BYTES)) return null;
  const form = await request.formData().catch(() => null);
  if (!form) return null;
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  const url = `${siteUrl(env)}/api/texts/${which}`;
  return validateRequest(provider.token, signature, url, fields) ? fields : null;
}

const forbidden = () => new Response("Forbidden", { status: 403, headers: { "Cache-Control": "no-store" } });

/** The provider's statuses as the outbox keeps them; others (received, read receipts) change nothing. */
const STATUSES = new Map([
  ["accepted", "queued"],
  ["scheduled", "queued"],
  ["queued", "queued"],
  ["sending", "sending"],
  ["sent", "sent"],
  ["delivered", "delivered"],
  ["read", "delivered"],
  ["undelivered", "undelivered"],
  ["failed", "failed"],
  ["canceled", "failed"],
]);

/** An id or a number: no control character (a NUL cannot even be stored). */
const plain = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((value) => !holdsControlCharacter(value));

const statusFields = z.object({
  MessageSid: plain(64),
  MessageStatus: z.string().max(20),
  ErrorCode: z
    .string()
    .regex(/^\d{1,10}$/)
    .optional(),
});

/** A delivery status callback: kept on the text's message (a number that cannot receive texts is recorded). */
export async function textStatusCallback(request: Request, env: NodeJS.ProcessEnv = process.env): Promise<Response> {
  const fields = await signedFields(request, "status", env);
  if (!fields) return forbidden();
  const status = statusFields.safeParse(fields);
  if (!status.success) return new Response("Bad request", { status: 400 });
  const kept = STATUSES.get(status.data.MessageStatus);
  if (kept) {
    await serviceRpc("text_status", { p_provider_id: status.data.MessageSid, p_status: kept, p_error_code: status.data.ErrorCode ?? null });
  }
  return new Response(null, { status: 204 });
}

/** A reply's words: its control characters dropped (a phone can send a NUL; the words are only read for a keyword). */
const replyFields = z.object({
  From: plain(20),
  Body: z
    .string()
    .max(1600)
    .default("")
    .transform((body) => [...body].filter((char) => !holdsControlCharacter(char, "\n\r\t")).join("")),
  MessageSid: plain(64),
});

const ANSWERS = { stop: STOPPED_ANSWER, start: STARTED_ANSWER, help: HELP_ANSWER, other: HELP_ANSWER } as const;

/** A text received: STOP, START and HELP (and their synonyms) recorded and answered; anything else answered as HELP. */
export async function textReplyCallback(request: Request, env: NodeJS.ProcessEnv = process.env): Promise<Response> {
  const fields = await signedFields(request, "inbound", env);
  if (!fields) return forbidden();
  const reply = replyFields.safeParse(fields);
  if (!reply.success || !/^\+[1-9]\d{7,14}$/.test(reply.data.From)) return new Response("Bad request", { status: 400 });
  const keyword = await serviceRpc(
    "text_reply",
    { p_phone: reply.data.From, p_body: reply.data.Body, p_provider_id: reply.data.MessageSid },
    z.enum(["stop", "start", "help", "other"]),
  );
  const answer = new MessagingResponse();
  answer.message(ANSWERS[keyword]);
  return new Response(answer.toString(), { headers: { "content-type": "text/xml; charset=utf-8", "Cache-Control": "no-store" } });
}
