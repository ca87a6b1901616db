import "server-only";
import { z } from "zod";
import { refuse } from "../platform/action";
import { chosenFiles, deletePhotos, preparePhotos, storePhotos } from "../storage/photos";

/** A meter reading as a form sends it: up to 5 digits and one decimal, nothing else (an empty field is no reading). */
export const readingField = z
  .string("reading-invalid")
  .regex(/^\d{1,5}(\.\d)?$/, "reading-invalid")
  .transform(Number);

/** A fuel gauge's reading in eighths, 0 to 8. */
export const fuelField = z
  .string("fuel-invalid")
  .regex(/^[0-8]$/, "fuel-invalid")
  .transform(Number);

/** A form's photo field ("photos[]"): the files chosen or taken, none when it was left empty. */
export const photoFiles = z
  .array(z.unknown())
  .optional()
  .transform((files) => chosenFiles((files ?? []) as FormDataEntryValue[]));

/**
 * Makes a write that records a rental's photos: first `allowed` (the database refuses anyone but
 * the renter or the booked vendor, and a step the request's life does not allow, before any photo
 * is decoded), then the photos checked, prepared and stored, then the write. A refused photo
 * refuses the action before anything is stored, and a refused write deletes the files it stored.
 */
export async function withPhotos<T>(
  leadId: number,
  record: "delivery" | "problem" | "pickup" | "bill",
  files: File[],
  allowed: () => Promise<unknown>,
  write: (paths: string[]) => Promise<T>,
) {
  await allowed();
  const prepared = await preparePhotos(files);
  if (typeof prepared === "string") refuse(prepared);
  const paths = await storePhotos(leadId, record, prepared);
  try {
    return await write(paths);
  } catch (error) {
    await deletePhotos(paths);
    throw error;
  }
}
