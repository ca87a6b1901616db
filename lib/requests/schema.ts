import "../zod";
import {
  boolean,
  date,
  email,
  enum as oneOf,
  int,
  literal,
  maximum,
  maxLength,
  minLength,
  minimum,
  nullable,
  object,
  optional,
  refine,
  regex,
  strictObject,
  string,
  trim,
  union,
  type output,
} from "zod/mini";
import { MACHINE_CLASSES } from "../prices/classes";
import { isCalendarDay } from "./dates";

const SKID_STEER_TYPES = ["wheeled", "tracked"] as const;
export type SkidSteerType = (typeof SKID_STEER_TYPES)[number];

const nameField = string().check(minLength(2, "Name must be at least 2 characters"), maxLength(100, "Name is too long"));
const phoneField = string().check(minLength(10, "Please enter a valid phone number"), maxLength(30, "Please enter a valid phone number"));
export const JOB_ZIP_MESSAGE = "Please enter a valid US ZIP code for the job site";
const jobZipField = string().check(trim(), regex(/^\d{5}$/, JOB_ZIP_MESSAGE));
const RENTER_EMAIL_MESSAGE = "Please enter a valid email address, or leave it empty";
/** The renter's address for a copy of their request: optional, so empty is allowed. */
const renterEmailField = union([literal(""), email(RENTER_EMAIL_MESSAGE).check(maxLength(254, RENTER_EMAIL_MESSAGE))]);

/** The rental request form, as the visitor fills it in. */
export const rentalFormSchema = object({
  skid_steer_type: oneOf(SKID_STEER_TYPES),
  rental_start_date: date(),
  rental_end_date: date(),
  name: nameField,
  phone: phoneField,
  job_zip: jobZipField,
  email: string().check(
    trim(),
    refine((value) => renterEmailField.safeParse(value).success, RENTER_EMAIL_MESSAGE),
  ),
  widen: boolean(),
  // The hidden honeypot field: only bots fill it in.
  website: optional(string()),
});
export type RentalFormValues = output<typeof rentalFormSchema>;

const isoDay = string().check(
  regex(/^\d{4}-\d{2}-\d{2}$/, "Dates must be YYYY-MM-DD"),
  refine(isCalendarDay, "Please choose a valid date"),
);
const recordId = int().check(minimum(1), maximum(Number.MAX_SAFE_INTEGER));
const endAfterStart = refine<{ rental_start_date: string; rental_end_date: string }>((v) => v.rental_end_date > v.rental_start_date, {
  message: "The end date must be after the start date",
  path: ["rental_end_date"],
});

/** What the server actions accept: only these fields, strictly typed. */
export const requestDraftSchema = strictObject({
  leadId: recordId,
  step: int().check(minimum(1), maximum(3)),
  skid_steer_type: optional(oneOf(SKID_STEER_TYPES)),
  rental_start_date: optional(isoDay),
  rental_end_date: optional(isoDay),
  name: optional(string().check(maxLength(100, "Name is too long"))),
  phone: optional(string().check(maxLength(30, "Please enter a valid phone number"))),
  job_zip: optional(jobZipField),
  widen: optional(boolean()),
});
export type RequestDraft = output<typeof requestDraftSchema>;

export const requestCompletionSchema = strictObject({
  leadId: recordId,
  skid_steer_type: oneOf(SKID_STEER_TYPES),
  rental_start_date: isoDay,
  rental_end_date: isoDay,
  name: nameField,
  phone: phoneField,
  job_zip: jobZipField,
  email: optional(renterEmailField),
  widen: boolean(),
  website: optional(string().check(maxLength(200))),
  /** The consent sentence the renter was shown beside the submit button, and the page the dialog was on. */
  consent: strictObject({ text: string().check(minLength(1), maxLength(2000)), page: string().check(minLength(1), maxLength(300)) }),
}).check(endAfterStart);
export type RequestCompletion = output<typeof requestCompletionSchema>;

/**
 * What the dialog sends to see who its request goes to, each with an estimated total, before
 * it is sent. A machine class (from a price page's row) prices that class only; it must be
 * one the type can be met with.
 */
export const requestEstimateSchema = strictObject({
  vendorId: nullable(recordId),
  widen: boolean(),
  skid_steer_type: oneOf(SKID_STEER_TYPES),
  machine_class: optional(oneOf(MACHINE_CLASSES)),
  rental_start_date: isoDay,
  rental_end_date: isoDay,
  job_zip: jobZipField,
}).check(
  endAfterStart,
  refine((v) => v.machine_class === undefined || (v.machine_class === "track") === (v.skid_steer_type === "tracked"), {
    message: "The machine class does not match the type",
    path: ["machine_class"],
  }),
);

export const requestStartSchema = strictObject({
  vendorId: nullable(recordId),
});
