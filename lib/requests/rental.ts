import { z } from "zod";
import { formField } from "../platform/action";
import { WINDOW_PREFERENCES } from "../quotes/rental";

/** The job site's details the booking form asks for, checked as the database checks them. */
export const siteFields = {
  site_address: formField.text(200).pipe(z.string().min(5, "site-address")),
  access_notes: formField.text(500).optional(),
  site_contact: formField.text(100).pipe(z.string().min(1, "site-contact")),
  site_phone: formField.text(30).refine((phone) => /^\D*(?:1\D*)?(?:\d\D*){10}$/.test(phone), "site-phone"),
  window_preference: z.enum(Object.keys(WINDOW_PREFERENCES) as [keyof typeof WINDOW_PREFERENCES], "window-preference"),
};
export type JobSite = z.output<z.ZodObject<typeof siteFields>>;
