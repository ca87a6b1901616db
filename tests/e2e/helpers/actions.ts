import { test, type APIRequestContext } from "@playwright/test";
import { consentText } from "@/lib/requests/consent";

export { actionIds } from "../../../scripts/action-ids";

/**
 * A server action call as the pages make it, with whatever body, path and origin a caller
 * picks. A form's fields go as React encodes a form action: parts named "_1_<field>", then
 * "0" holding the arguments, where the form is "$K1" (after `previous` state, if any). "0" comes
 * last, as a browser sends it: Next reads the arguments as they stream in, and a "0" first
 * resolves the form before its fields have arrived, as an empty one.
 */
type FormValue = string | { name: string; mimeType: string; buffer: Buffer };

export function callAction(
  request: APIRequestContext,
  id: string,
  body: string | Record<string, FormValue>,
  options: { path?: string; origin?: string | null; contentType?: string; previous?: unknown; headers?: Record<string, string> } = {},
) {
  const origin = options.origin === undefined ? new URL(test.info().project.use.baseURL!).origin : options.origin;
  const headers: Record<string, string> = {
    "Next-Action": id,
    Accept: "text/x-component",
    ...(origin === null ? {} : { Origin: origin }),
    ...options.headers,
  };
  if (typeof body !== "string") {
    const args = options.previous === undefined ? ["$K1"] : [options.previous, "$K1"];
    const multipart = {
      ...Object.fromEntries(Object.entries(body).map(([key, value]) => [`_1_${key}`, value])),
      "0": JSON.stringify(args),
    };
    return request.post(options.path ?? "/about", { headers, multipart, maxRedirects: 0 });
  }
  return request.post(options.path ?? "/about", {
    headers: { ...headers, "Content-Type": options.contentType ?? "text/plain;charset=UTF-8" },
    data: body,
    maxRedirects: 0,
  });
}

/** The request fields the rental dialog's estimate and its completion share. */
export interface DialogRequest {
  vendorId: number | null;
  widen: boolean;
  skid_steer_type: "wheeled" | "tracked";
  rental_start_date: string;
  rental_end_date: string;
  job_zip: string;
}

/**
 * The rental dialog's request as its completion action takes it: the consent sentence names the
 * vendors the estimate action routes it to, as the dialog shows them before it is sent.
 */
export async function dialogCompletion(
  request: APIRequestContext,
  estimateAction: string,
  fields: DialogRequest & { leadId: number; name: string; phone: string; email?: string },
  options: Parameters<typeof callAction>[3] = {},
) {
  const { vendorId, widen, skid_steer_type, rental_start_date, rental_end_date, job_zip, ...contact } = fields;
  const shared = { widen, skid_steer_type, rental_start_date, rental_end_date, job_zip };
  const estimate = await callAction(request, estimateAction, JSON.stringify([{ vendorId, ...shared }]), options);
  const names = [...(await estimate.text()).matchAll(/"name":("(?:[^"\\]|\\.)*")/g)].map((match) => JSON.parse(match[1]) as string);
  return JSON.stringify([
    {
      ...contact,
      ...shared,
      consent: { text: consentText(names), page: new URL(options.path ?? "/about", "http://site").pathname },
    },
  ]);
}
