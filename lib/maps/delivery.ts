import "server-only";
import { z } from "zod";
import { deliversTo, type DeliveryAnswer } from "./data";

export type DeliveryRefusal = "zip-invalid" | "zip-unknown" | "listing-unknown";

const input = z.object({
  vendor: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}$/),
});

/** "Does it deliver to my ZIP?": the answer for a listing shown on the site, or why there is none. */
export async function checkDelivery(raw: {
  vendor: string | null;
  zip: string | null;
}): Promise<Extract<DeliveryAnswer, { known: true }> | { code: DeliveryRefusal }> {
  if (!/^\d{1,15}$/.test(raw.vendor ?? "")) return { code: "listing-unknown" };
  const parsed = input.safeParse({ vendor: raw.vendor, zip: raw.zip ?? "" });
  if (!parsed.success) return { code: "zip-invalid" };
  const answer = await deliversTo(parsed.data.vendor, parsed.data.zip);
  if (!answer) return { code: "listing-unknown" };
  return answer.known ? answer : { code: "zip-unknown" };
}
