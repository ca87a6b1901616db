import { z } from "zod";
import { formField } from "../platform/action";
import { REQUEST_STATUSES } from "./data";

/**
 * The dashboard's status form of one request: the status chosen in its menu, whose first choice
 * ("Choose a status", an empty value) is no status at all. Saving it is refused with
 * "status-missing" and changes nothing: a request is never marked contacted by default.
 */
export const requestStatusForm = z.object({
  vendor_id: formField.id("no-listing"),
  lead_id: formField.id("no-request"),
  status: z
    .string({ error: "status-missing" })
    .refine((status) => status !== "", { error: "status-missing" })
    .pipe(z.enum(REQUEST_STATUSES, { error: "status" })),
  reason: formField.text(500, "status"),
});
