import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { z } from "zod";
import { serviceRpc } from "../data/rpc";
import { secretsMatch } from "../auth/token";
import { clientKeySecret } from "../platform/client-key";
import { backendConfig } from "../supabase/config";
import { serviceSupabase } from "../supabase/server";

/**
 * A rental's photos: checked, resized and stripped of their metadata here, then kept in one store,
 * shown only through short-lived signed addresses. The store is a folder (PHOTOS_DIR, else
 * .data/photos) on the embedded database, and the private Storage bucket "rental-photos" on a hosted
 * Supabase project unless PHOTOS_DIR is set (as it must be for npm run db:serve, which has no Storage).
 */

const MAX_PHOTOS = 8;
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** The longest side a stored photo keeps: enough to read a scratch or a meter on a phone's screen. */
const LONGEST_SIDE = 1600;
/** How long a signed address opens its photo. */
const ADDRESS_SECONDS = 15 * 60;
const BUCKET = "rental-photos";

/** Why photos were refused, as a refusal code. */
export type PhotoRefusal = "photos-too-many" | "photo-too-large" | "photo-not-image";

/** The files of a form's photo field that hold something (a browser sends one empty file for an empty field). */
export const chosenFiles = (files: FormDataEntryValue[]): File[] =>
  files.filter((file): file is File => typeof file === "object" && file.size > 0);

/**
 * The photos as stored JPEGs: each decoded by its content (its name and type are not trusted),
 * turned upright by its EXIF orientation, at most LONGEST_SIDE pixels, and written with no
 * metadata at all (no location, camera or time). A refusal when there are more than MAX_PHOTOS,
 * one is larger than MAX_PHOTO_BYTES, or one is not a photo sharp can read.
 */
export async function preparePhotos(files: File[]): Promise<Buffer[] | PhotoRefusal> {
  if (files.length > MAX_PHOTOS) return "photos-too-many";
  if (files.some((file) => file.size > MAX_PHOTO_BYTES)) return "photo-too-large";
  const prepared: Buffer[] = [];
  for (const file of files) {
    const input = Buffer.from(await file.arrayBuffer());
    try {
      const image = sharp(input, { failOn: "error", limitInputPixels: 64_000_000 });
      const { format } = await image.metadata();
      if (!format || !["jpeg", "png", "webp", "heif", "avif", "tiff"].includes(format)) return "photo-not-image";
      prepared.push(
        await image
          .rotate()
          .resize({ width: LONGEST_SIDE, height: LONGEST_SIDE, fit: "inside", withoutEnlargement: true })
          .jpeg({ quality: 80, mozjpeg: true })
          .toBuffer(),
      );
    } catch {
      return "photo-not-image";
    }
  }
  return prepared;
}

type Store = { kind: "folder"; dir: string } | { kind: "bucket" };

function store(env: NodeJS.ProcessEnv = process.env): Store {
  const dir = env.PHOTOS_DIR?.trim();
  if (dir) return { kind: "folder", dir: path.resolve(dir) };
  if (backendConfig(env).mode === "hosted") return { kind: "bucket" };
  return { kind: "folder", dir: path.resolve(/*turbopackIgnore: true*/ process.cwd(), ".data", "photos") };
}

/** Stores prepared photos of a request under new random names; returns their paths. */
export async function storePhotos(leadId: number, record: string, photos: Buffer[]): Promise<string[]> {
  const where = store();
  const paths = photos.map(() => `rentals/${leadId}/${record}-${randomBytes(12).toString("hex")}.jpg`);
  await Promise.all(
    paths.map(async (key, index) => {
      if (where.kind === "folder") {
        const file = path.join(where.dir, key);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, photos[index], { flag: "wx" });
        return;
      }
      const { error } = await serviceSupabase().storage.from(BUCKET).upload(key, photos[index], { contentType: "image/jpeg" });
      if (error) throw new Error(`Storing a photo failed: ${error.message}`);
    }),
  );
  return paths;
}

/** Deletes photos from the store (a missing one is no error). */
export async function deletePhotos(paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  const where = store();
  if (where.kind === "folder") {
    await Promise.all(paths.map((key) => rm(path.join(where.dir, key), { force: true })));
    return;
  }
  const { error } = await serviceSupabase().storage.from(BUCKET).remove(paths);
  if (error) throw new Error(`Deleting photos failed: ${error.message}`);
}

/** Deletes a batch of the photo files queued by erasure (private.photo_deletions); how many. */
export async function deleteQueuedPhotos(): Promise<number> {
  const paths = await serviceRpc("photo_deletions_claim", { p_batch: 100 }, z.array(z.string()));
  if (paths.length === 0) return 0;
  await deletePhotos(paths);
  await serviceRpc("photo_deletions_done", { p_paths: paths }, z.number());
  return paths.length;
}

const PATH = /^rentals\/\d+\/[a-z]+-[0-9a-f]{24}\.jpg$/;

function signature(key: string, expires: number): string {
  return createHmac("sha256", clientKeySecret().key).update(`photo:${key}:${expires}`).digest("base64url");
}

/** Short-lived addresses of photos, in order, for a page shown only to someone allowed to see them. */
export async function photoAddresses(paths: string[]): Promise<string[]> {
  if (paths.length === 0) return [];
  const where = store();
  if (where.kind === "bucket") {
    const { data, error } = await serviceSupabase().storage.from(BUCKET).createSignedUrls(paths, ADDRESS_SECONDS);
    if (error) throw new Error(`Signing photo addresses failed: ${error.message}`);
    return data.map((entry) => entry.signedUrl ?? "");
  }
  // Whole minutes, so a page rendered twice in a minute gives the same addresses (and the browser's cache holds).
  const expires = Math.ceil((Date.now() / 1000 + ADDRESS_SECONDS) / 60) * 60;
  return paths.map((key) => `/api/photos/${key}?expires=${expires}&signature=${signature(key, expires)}`);
}

/** The photo a signed folder address opens, or null when the address is unknown, altered or expired. */
export async function signedPhoto(key: string, expires: string | null, given: string | null): Promise<Buffer | null> {
  const where = store();
  const until = Number(expires);
  if (where.kind !== "folder" || !PATH.test(key) || !Number.isInteger(until) || until < Date.now() / 1000 || !given) return null;
  if (!secretsMatch(given, signature(key, until))) return null;
  return readFile(path.join(where.dir, key)).catch(() => null);
}
