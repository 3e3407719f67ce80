// Where deal pictures live: <data dir>/uploads/deals/<random>.<ext>, the data dir being the
// database's folder (as the mail outbox is). Checking every file before anything is written,
// writing and removing files. Each picture also gets smaller WebP copies beside it,
// <random>-400.webp and <random>-800.webp (image-variants.server.ts, docs/decisions/017).
// (Reading the upload body is HTTP: app/web/upload.server.ts.)
import fs from "node:fs";
import path from "node:path";
import { defaultDatabasePath } from "~/db/client.server";
import { ServiceError } from "~/domain/errors";
import {
  checkImage,
  imageSizeProblem,
  contentTypeOfUpload,
  newUploadFileName,
  parseVariantFileName,
  SNIFF_BYTES,
  uploadFileNameOf,
  uploadUrlOf,
  variantFileName,
  IMAGE_VARIANT_WIDTHS,
  IMAGE_CONTENT_TYPES,
  MAX_IMAGE_PIXELS,
  type ImageExtension,
  type VariantWidth,
} from "~/domain/image-upload";
import { declaredPixels, makeStoredOriginal, makeVariant, makeVariants } from "./image-variants.server";

export function dealUploadsDir(): string {
  return path.join(path.dirname(path.resolve(defaultDatabasePath())), "uploads", "deals");
}

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

/** Writes checked pictures; `written` collects the paths so a failed transaction can remove them. */
export function storeImages(images: CheckedImage[], written: string[]): string[] {
  if (images.length === 0) return [];
  const dir = dealUploadsDir();
  fs.mkdirSync(dir, { recursive: true });
  return images.map((image) => {
    const name = newUploadFileName(image.extension);
    const file = path.join(dir, name);
    fs.writeFileSync(file, image.bytes, { flag: "wx" });
    written.push(file);
    for (const variant of image.variants) {
      const copy = path.join(dir, variantFileName(name, variant.width));
      fs.writeFileSync(copy, variant.bytes, { flag: "wx" });
      written.push(copy);
    }
    return uploadUrlOf(name);
  });
}

/** Removes the files, and an uploaded picture's WebP copies with it. */
export function removeFiles(files: string[]) {
  for (const file of files) {
    fs.rmSync(file, { force: true });
    const name = path.basename(file);
    if (uploadFileNameOf(uploadUrlOf(name))) {
      for (const width of IMAGE_VARIANT_WIDTHS) fs.rmSync(path.join(path.dirname(file), variantFileName(name, width)), { force: true });
    }
  }
}

/** The stored file behind one of our image URLs (null for seed pictures and anything else). */
export function uploadPathOf(url: string): string | null {
  const name = uploadFileNameOf(url);
  return name ? path.join(dealUploadsDir(), name) : null;
}

/**
 * A stored picture and its type, or null: unknown names never touch the disk. A WebP copy that
 * is missing (a picture stored before there were copies) is made from its original now and kept.
 */
export async function readUpload(fileName: string): Promise<{ body: Buffer; contentType: string } | null> {
  const contentType = contentTypeOfUpload(fileName);
  if (!contentType) return null;
  const file = path.join(dealUploadsDir(), fileName);
  try {
    return { body: fs.readFileSync(file), contentType };
  } catch {
    // not there: perhaps a copy still to make
  }
  const variant = parseVariantFileName(fileName);
  if (!variant) return null;
  for (const extension of Object.keys(IMAGE_CONTENT_TYPES) as ImageExtension[]) {
    let original: Buffer;
    try {
      original = fs.readFileSync(path.join(dealUploadsDir(), `${variant.base}.${extension}`));
    } catch {
      continue;
    }
    try {
      const body = await makeVariant(original, variant.width);
      // Another request may have made it meanwhile: same bytes, keep theirs.
      fs.writeFileSync(file, body, { flag: "wx" });
      return { body, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return { body: fs.readFileSync(file), contentType };
      return null;
    }
  }
  return null;
}
