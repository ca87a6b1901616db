import "../zod";
import { email, literal, maxLength, minLength, object, optional, regex, strictObject, string, trim, union, type output } from "zod/mini";

const WEBSITE_PATTERN = /^(https?:\/\/)?([a-z0-9](-?[a-z0-9])*\.)+[a-z]{2,}(\/\S*)?$/i;
const EXAMPLE_HOST = "example.com";

/** The Submit Your Business form; the same rules run in the browser, the action and SQL. */
export const businessSchema = object({
  name: string().check(trim(), minLength(2, "Business name must be at least 2 characters"), maxLength(200)),
  website: string().check(
    trim(),
    minLength(4, "Website URL is too short"),
    maxLength(300),
    regex(WEBSITE_PATTERN, `Please enter a valid website URL (e.g. ${EXAMPLE_HOST})`),
  ),
  phone: string().check(trim(), minLength(10, "Please enter a valid phone number"), maxLength(30, "Please enter a valid phone number")),
  // Optional: where the business wants rental requests sent.
  email: optional(
    union([literal(""), email("Please enter a valid email address").check(maxLength(254, "Please enter a valid email address"))]),
  ),
  address: string().check(trim(), minLength(5, "Please enter a valid address"), maxLength(300)),
  state: string({ error: "Please select a state" }).check(minLength(2, "Please select a state"), maxLength(60)),
  city: string({ error: "Please select a city" }).check(minLength(2, "Please select a city"), maxLength(80)),
  // A US ZIP code: 5 digits, or ZIP+4.
  zipcode: string().check(
    trim(),
    minLength(5, "Please enter a valid ZIP code"),
    regex(/^\d{5}(-\d{4})?$/, "Please enter a valid ZIP code"),
  ),
  // The hidden honeypot field: only bots fill it in.
  company_fax: optional(string().check(maxLength(200))),
});
export type BusinessValues = output<typeof businessSchema>;

/** The action takes the form's fields, and nothing else. */
export const businessActionSchema = strictObject(businessSchema.shape);

/** Exactly 10 digits are shown as (123) 456-7890; anything else is left as typed. */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value;
}
export type BusinessActionValues = output<typeof businessActionSchema>;
