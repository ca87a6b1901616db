import { z } from "../zod";

export const WEBSITE_PATTERN = /^(https?:\/\/)?([a-z0-9](-?[a-z0-9])*\.)+[a-z]{2,}(\/\S*)?$/i;
export const EXAMPLE_HOST = "example.com";

/** The Submit Your Business form; the same rules run in the browser, the action and SQL. */
export const businessSchema = z.object({
  name: z.string().trim().min(2, "Business name must be at least 2 characters").max(200),
  website: z.string().trim().min(4, "Website URL is too short").max(300)
    .regex(WEBSITE_PATTERN, `Please enter a valid website URL (e.g. ${EXAMPLE_HOST})`),
  phone: z.string().trim().min(10, "Please enter a valid phone number").max(30, "Please enter a valid phone number"),
  // Optional: where the business wants rental requests sent.
  email: z.union([z.literal(""), z.email("Please enter a valid email address").max(254, "Please enter a valid email address")]).optional(),
  address: z.string().trim().min(5, "Please enter a valid address").max(300),
  state: z.string({ error: "Please select a state" }).min(2, "Please select a state").max(60),
  city: z.string({ error: "Please select a city" }).min(2, "Please select a city").max(80),
  // A US ZIP code: 5 digits, or ZIP+4.
  zipcode: z.string().trim().min(5, "Please enter a valid ZIP code").regex(/^\d{5}(-\d{4})?$/, "Please enter a valid ZIP code"),
});
export type BusinessValues = z.infer<typeof businessSchema>;

/** The action also takes the honeypot field, and nothing else. */
export const businessActionSchema = businessSchema.extend({ company_fax: z.string().max(200).optional() }).strict();

/** Exactly 10 digits are shown as (123) 456-7890; anything else is left as typed. */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value;
}
