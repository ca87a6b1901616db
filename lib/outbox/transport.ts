import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { siteUrl } from "../site";
import type { Email } from "./templates/layout";

/** An email as it is sent: its template's parts, addressed. */
export interface OutgoingMail extends Email {
  to: string;
  messageId: string;
}

/** Where messages go when no SMTP server is configured: `.eml` files a person can open. */
function outboxDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(/*turbopackIgnore: true*/ env.OUTBOX_DIR ?? path.join(process.cwd(), ".data", "outbox"));
}

export function mailFrom(env: NodeJS.ProcessEnv = process.env): string {
  return env.MAIL_FROM?.trim() || `Skid Steer Rentals <requests@${new URL(siteUrl()).hostname}>`;
}

const holder = globalThis as typeof globalThis & { __smtp?: { url: string; transporter: Transporter } };

function smtpTransport(url: string): Transporter {
  if (holder.__smtp?.url !== url) holder.__smtp = { url, transporter: nodemailer.createTransport(url) };
  return holder.__smtp.transporter;
}

/**
 * Sends through SMTP_URL when it is set; otherwise writes the message, exactly as it
 * would have been sent, to OUTBOX_DIR. Returns how it went out.
 */
export async function sendMail(mail: OutgoingMail, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const message = {
    from: mailFrom(env),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    headers: mail.headers,
    icalEvent: mail.calendar ? { method: "PUBLISH", filename: "rental.ics", content: mail.calendar } : undefined,
  };
  const smtpUrl = env.SMTP_URL?.trim();
  if (smtpUrl) {
    await smtpTransport(smtpUrl).sendMail(message);
    return "smtp";
  }
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(message);
  const folder = outboxDir(env);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${mail.messageId.replace(/[<>]/g, "").replace(/[^A-Za-z0-9.-]/g, "_")}.eml`);
  writeFileSync(file, built.message as Buffer);
  return "file";
}
