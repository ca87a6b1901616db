import "server-only";
import { z } from "zod";
import { refuse } from "../platform/action";
import { chosenFiles, deletePhotos, preparePhotos, storePhotos } from "../storage/photos";

/** A form's photo field ("photos[]"): the files chosen or taken, none when it was left empty. */
export const photoFiles = z
  .array(z.unknown())
  .optional()
  .transform((files) => chosenFiles((files ?? []) as FormDataEntryValue[]));

/**
 * Checks, prepares and stores a rental's photos, then makes the write that records them; a
 * refused photo refuses the action before anything is stored, and a refused write deletes the
 * files it stored.
 */
export async function withPhotos<T>(leadId: number, record: "delivery" | "problem", files: File[], write: (paths: string[]) => Promise<T>) {
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
