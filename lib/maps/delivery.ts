import "server-only";
import { z } from "zod";
import { deliversTo, type DeliveryAnswer } from "./data";

export type DeliveryRefusal = "zip-invalid" | "zip-unknown" | "listing-unknown";

const zipCode = z
  .string()
  .trim()
  .regex(/^\d{5}$/);

/** "Does it deliver to my ZIP?": the answer for a listing shown on the site, or why there is none. */
export async function checkDelivery(raw: {
  vendor: string | null;
  zip: string | null;
}): Promise<Extract<DeliveryAnswer, { known: true }> | { code: DeliveryRefusal }> {
  const vendor = /^\d{1,15}$/.test(raw.vendor ?? "") ? Number(raw.vendor) : 0;
  if (vendor < 1) return { code: "listing-unknown" };
  const zip = zipCode.safeParse(raw.zip ?? "");
  if (!zip.success) return { code: "zip-invalid" };
  const answer = await deliversTo(vendor, zip.data);
  if (!answer) return { code: "listing-unknown" };
  return answer.known ? answer : { code: "zip-unknown" };
}
