import { z } from "zod";

/**
 * A listing's edit, as the business's dashboard and the operator's console both send it: every
 * field trimmed and within its column's length. What each may change is decided in SQL
 * (business_update_vendor sends a new name or website to the operator first).
 */
const text = (max: number) => z.string().trim().max(max, { error: "too-long" }).default("");

export const listingFormSchema = z.object({
  name: text(200),
  site: text(300),
  phone: text(30),
  email: text(320),
  street: text(300),
  hours: text(300),
  description: text(5000),
  photo: text(500),
  service_zips: text(20000).transform((zips) => zips.split(/[\s,;]+/).filter(Boolean)),
});
