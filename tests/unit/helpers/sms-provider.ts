import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks";

/** A text the fake provider accepted, as Twilio's Messages API receives it. */
interface ProviderText {
  sid: string;
  to: string;
  from: string | null;
  body: string;
  statusCallback: string | null;
  at: number;
}

export interface FakeSmsProvider {
  url: string;
  sid: string;
  token: string;
  from: string;
  texts: ProviderText[];
  /** Numbers the provider refuses, with the error code it answers (21614: not a mobile number, 21610: unsubscribed). */
  refuse: Map<string, number>;
  /** How many of the next sends answer 503 (the provider down for a moment). */
  failNext: number;
  /** The settings the site reads, pointing at this fake. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Twilio's Messages API as the site calls it, in the test process (the provider is outside, like a
 * vendor's inbox): basic auth with the account's id and key, a form body, and its JSON answers.
 */
export async function startSmsProvider(): Promise<FakeSmsProvider> {
  const sid = `AC${randomBytes(16).toString("hex")}`;
  const token = randomBytes(16).toString("hex");
  const from = "+15005550006";
  const texts: ProviderText[] = [];
  const refuse = new Map<string, number>();
  const state = { failNext: 0 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const answer = (status: number, body: object) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (request.method !== "POST" || request.url !== `/2010-04-01/Accounts/${sid}/Messages.json`)
        return answer(404, { code: 20404, message: "The requested resource was not found" });
      if (request.headers.authorization !== `Basic ${Buffer.from(`${sid}:${token}`).toString("base64")}`)
        return answer(401, { code: 20003, message: "Authenticate" });
      if (state.failNext > 0) {
        state.failNext--;
        return answer(503, { code: 20500, message: "Service unavailable" });
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const to = form.get("To") ?? "";
      const code = refuse.get(to);
      if (code) return answer(400, { code, message: "Refused", status: 400 });
      if (!/^\+[1-9]\d{7,14}$/.test(to) || !form.get("Body")) return answer(400, { code: 21211, message: "Invalid 'To' Phone Number" });
      const text = {
        sid: `SM${randomBytes(16).toString("hex")}`,
        to,
        from: form.get("From"),
        body: form.get("Body") ?? "",
        statusCallback: form.get("StatusCallback"),
        at: Date.now(),
      };
      texts.push(text);
      answer(201, { sid: text.sid, status: "queued", to, body: text.body });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sid,
    token,
    from,
    texts,
    refuse,
    get failNext() {
      return state.failNext;
    },
    set failNext(n: number) {
      state.failNext = n;
    },
    env: { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM: from, TWILIO_API_URL: url },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A callback as the provider makes it: a form POST to the site's address, of its stated length, signed with the account's key. */
export function signedCallback(url: string, fields: Record<string, string>, token: string, signature?: string): Request {
  const body = new URLSearchParams(fields).toString();
  return new Request(url, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(Buffer.byteLength(body)),
      "x-twilio-signature": signature ?? getExpectedTwilioSignature(token, url, fields),
    },
    body,
  });
}
