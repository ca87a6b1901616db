import "server-only";
import { z } from "zod";
import { serviceRpc } from "../data/rpc";

// Erasure on request: what the site holds for a person, found by phone number or email address, and its erasure.

const personSchema = z.object({
  requests: z.array(
    z.object({
      id: z.number(),
      completed: z.boolean(),
      created_at: z.string(),
      completed_at: z.string().nullable(),
      name: z.string(),
      phone: z.string(),
      email: z.string().nullable(),
      location: z.string(),
      rental_start_date: z.string().nullable(),
      rental_end_date: z.string().nullable(),
      withdrawn_at: z.string().nullable(),
      anonymized_at: z.string().nullable(),
    }),
  ),
  reviews: z.array(
    z.object({
      id: z.number(),
      lead_id: z.number(),
      vendor_name: z.string(),
      stars: z.number(),
      author: z.string(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
  messages: z.array(
    z.object({
      id: z.number(),
      lead_id: z.number(),
      kind: z.string(),
      channel: z.string(),
      recipient: z.string().nullable(),
      status: z.string(),
      sent_at: z.string().nullable(),
    }),
  ),
  consents: z.array(z.object({ lead_id: z.number(), given_at: z.string(), page: z.string(), text: z.string() })),
});
export type PersonOnFile = z.infer<typeof personSchema>;

/** Everything held for the person with this phone number or email address: requests, reviews, messages, consents. */
export const personOnFile = (phone: string, email: string) =>
  serviceRpc("operator_person", { p_phone: phone || null, p_email: email || null }, personSchema);
/** Erases everything held for that person; audit-logged without their details. */
export const erasePerson = (phone: string, email: string, operator: string) =>
  serviceRpc(
    "operator_erase_person",
    { p_phone: phone || null, p_email: email || null, p_operator: operator },
    z.object({ requests: z.number(), reviews: z.number() }),
  );
