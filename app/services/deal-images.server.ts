// Deal pictures (issue #48): checked in full before anything is written, then kept in the
// database (table deal_pictures), in the transaction of the change that adds them, so a picture
// exists exactly when the deal row pointing at it does, and the database file (with its replica
// or backup) holds everything a restore needs. A picture is named by its content: the first 32
// hex digits of the SHA-256 of its stored original, which is also its URL
// (/uploads/deals/<hash>.<ext>, and <hash>-400.webp, <hash>-800.webp for its WebP copies,
// image-variants.server.ts, docs/decisions/017). (Reading the upload body is HTTP:
// app/web/upload.server.ts; moving the files of older versions in: picture-files.server.ts.)
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { dealPictures } from "~/db/schema";
import { ServiceError } from "~/domain/errors";
import {
  checkImage,
  imageSizeProblem,
  parseVariantFileName,
  SNIFF_BYTES,
  uploadFileNameOf,
  uploadUrlOf,
  IMAGE_CONTENT_TYPES,
  MAX_IMAGE_PIXELS,
  UPLOAD_FILE_PATTERN,
  type ImageExtension,
  type VariantWidth,
} from "~/domain/image-upload";
import { declaredPixels, makeStoredOriginal, makeVariants } from "./image-variants.server";

export interface CheckedImage {
  /** the picture as stored: upright, shrunk, no metadata (never the camera's file) */
  bytes: Buffer;
  extension: ImageExtension;
  /** the smaller WebP copies, made before anything is written */
  variants: { width: VariantWidth; bytes: Buffer }[];
}

/** Reads and checks every file; the first bad one refuses them all (422, naming the file). */
export async function checkImageFiles(files: File[]): Promise<CheckedImage[]> {
  const checked: CheckedImage[] = [];
  for (const file of files) {
    const name = file.name || "?";
    // Size first: a file over the limit is refused without reading it.
    const tooBig = imageSizeProblem(file.size);
    if (tooBig) throw new ServiceError(422, `dealEditor.images.${tooBig}`, "images", { name });
    const bytes = Buffer.from(await file.arrayBuffer());
    const result = checkImage({ size: bytes.length, head: bytes.subarray(0, SNIFF_BYTES) });
    if (!result.ok) throw new ServiceError(422, `dealEditor.images.${result.problem}`, "images", { name });
    // A file that starts like a picture but does not decode is refused as no picture; one that
    // declares more pixels than a camera makes is refused before it is decoded.
    let variants: CheckedImage["variants"];
    let stored: Buffer;
    try {
      if ((await declaredPixels(bytes)) > MAX_IMAGE_PIXELS) throw new ServiceError(422, "dealEditor.images.tooManyPixels", "images", { name });
      stored = await makeStoredOriginal(bytes, result.extension);
      variants = await makeVariants(stored);
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      throw new ServiceError(422, "dealEditor.images.wrongType", "images", { name });
    }
    checked.push({ bytes: stored, extension: result.extension, variants });
  }
  return checked;
}

/** The name a stored original goes by: its content's SHA-256, 32 hex digits (128 bits). */
export function pictureHashOf(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 32);
}

/**
 * Keeps checked pictures in the caller's transaction and returns their URLs. The same picture
 * sent twice is kept once: its rows are already there, and never change.
 */
export function storeImages(tx: Queryable, images: CheckedImage[]): string[] {
  return images.map((image) => {
    const hash = pictureHashOf(image.bytes);
    const rows = [
      { hash, width: 0, contentType: IMAGE_CONTENT_TYPES[image.extension], bytes: image.bytes },
      ...image.variants.map((variant) => ({ hash, width: variant.width as number, contentType: IMAGE_CONTENT_TYPES.webp, bytes: variant.bytes })),
    ];
    for (const row of rows) tx.insert(dealPictures).values(row).onConflictDoNothing().run();
    return uploadUrlOf(`${hash}.${image.extension}`);
  });
}

/** Whether any deal still shows the picture at `url`. */
function pictureInUse(tx: Queryable, url: string): boolean {
  return tx.get<{ n: number }>(sql`select 1 as n from deals, json_each(deals.images) where json_each.value = ${url} limit 1`) !== undefined;
}

/**
 * Deletes the picture behind one of our URLs, copies and all, once no deal shows it (another
 * deal may show the same picture). In the caller's transaction, after the deal row changed.
 */
export function forgetPictureIfUnused(tx: Queryable, url: string): void {
  const name = uploadFileNameOf(url);
  if (!name || pictureInUse(tx, url)) return;
  tx.delete(dealPictures).where(eq(dealPictures.hash, name.slice(0, name.indexOf(".")))).run();
}

export interface StoredPicture {
  body: Buffer;
  contentType: string;
  /** strong: the row behind a name is written once and never changed */
  etag: string;
}

/** Which row a served name asks for: the original (width 0) under its type, or a WebP copy. */
function pictureKeyOf(fileName: string): { hash: string; width: number; contentType: string } | null {
  const variant = parseVariantFileName(fileName);
  if (variant) return { hash: variant.base, width: variant.width, contentType: IMAGE_CONTENT_TYPES.webp };
  const match = UPLOAD_FILE_PATTERN.exec(fileName);
  if (!match) return null;
  return { hash: fileName.slice(0, 32), width: 0, contentType: IMAGE_CONTENT_TYPES[match[1] as ImageExtension] };
}

/** A stored picture by its served name, or null: names we never make are not looked up. */
export function readPicture(db: Queryable, fileName: string): StoredPicture | null {
  const key = pictureKeyOf(fileName);
  if (!key) return null;
  const row = db
    .select({ bytes: dealPictures.bytes, contentType: dealPictures.contentType })
    .from(dealPictures)
    .where(and(eq(dealPictures.hash, key.hash), eq(dealPictures.width, key.width)))
    .get();
  // `<hash>.png` for a picture kept as JPEG is no name we gave out.
  if (!row || row.contentType !== key.contentType) return null;
  return { body: row.bytes, contentType: row.contentType, etag: `"${key.hash}-${key.width}"` };
}
