import { z } from "../zod";
import { isCalendarDay } from "./dates";

export const SKID_STEER_TYPES = ["wheeled", "tracked"] as const;
export type SkidSteerType = (typeof SKID_STEER_TYPES)[number];

export const nameField = z.string().min(2, "Name must be at least 2 characters").max(100, "Name is too long");
export const phoneField = z.string().min(10, "Please enter a valid phone number").max(30, "Please enter a valid phone number");
export const JOB_ZIP_MESSAGE = "Please enter a valid US ZIP code for the job site";
export const jobZipField = z.string().trim().regex(/^\d{5}$/, JOB_ZIP_MESSAGE);

/** The rental request form, as the visitor fills it in. */
export const rentalFormSchema = z.object({
  skid_steer_type: z.enum(SKID_STEER_TYPES),
  rental_start_date: z.date(),
  rental_end_date: z.date(),
  name: nameField,
  phone: phoneField,
  job_zip: jobZipField,
  widen: z.boolean(),
});
export type RentalFormValues = z.infer<typeof rentalFormSchema>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Dates must be YYYY-MM-DD").refine(isCalendarDay, "Please choose a valid date");
const leadId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** What the server actions accept: only these fields, strictly typed. */
export const leadDraftSchema = z.strictObject({
  leadId,
  step: z.number().int().min(1).max(3),
  skid_steer_type: z.enum(SKID_STEER_TYPES).optional(),
  rental_start_date: isoDay.optional(),
  rental_end_date: isoDay.optional(),
  name: z.string().max(100, "Name is too long").optional(),
  phone: z.string().max(30, "Please enter a valid phone number").optional(),
  job_zip: jobZipField.optional(),
  widen: z.boolean().optional(),
});
export type LeadDraft = z.infer<typeof leadDraftSchema>;

export const leadCompletionSchema = z
  .strictObject({
    leadId,
    skid_steer_type: z.enum(SKID_STEER_TYPES),
    rental_start_date: isoDay,
    rental_end_date: isoDay,
    name: nameField,
    phone: phoneField,
    job_zip: jobZipField,
    widen: z.boolean(),
    website: z.string().max(200).optional(),
  })
  .refine((v) => v.rental_end_date > v.rental_start_date, {
    message: "The end date must be after the start date",
    path: ["rental_end_date"],
  });
export type LeadCompletion = z.infer<typeof leadCompletionSchema>;

/** What the dialog sends to see its recipients' estimated totals before the request is sent. */
export const requestEstimateSchema = z
  .strictObject({
    vendorId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
    widen: z.boolean(),
    skid_steer_type: z.enum(SKID_STEER_TYPES),
    rental_start_date: isoDay,
    rental_end_date: isoDay,
    job_zip: jobZipField,
  })
  .refine((v) => v.rental_end_date > v.rental_start_date, { message: "The end date must be after the start date", path: ["rental_end_date"] });

export const leadStartSchema = z.strictObject({
  vendorId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
});
