// Where deal pictures live: <data dir>/uploads/deals/<random>.<ext>, the data dir being the
// database's folder (as the mail outbox is). Checking every file before anything is written,
// writing and removing files. (Reading the upload body is HTTP: app/web/upload.server.ts.)
import fs from "node:fs";
import path from "node:path";
import { defaultDatabasePath } from "~/db/client.server";
import { ServiceError } from "~/domain/errors";
import {
  checkImage,
  imageSizeProblem,
  contentTypeOfUpload,
  newUploadFileName,
  SNIFF_BYTES,
  uploadFileNameOf,
  uploadUrlOf,
  type ImageExtension,
} from "~/domain/image-upload";

export function dealUploadsDir(): string {
  return path.join(path.dirname(path.resolve(defaultDatabasePath())), "uploads", "deals");
}

export interface CheckedImage {
  bytes: Buffer;
  extension: ImageExtension;
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
    checked.push({ bytes, extension: result.extension });
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
    return uploadUrlOf(name);
  });
}

export function removeFiles(files: string[]) {
  for (const file of files) fs.rmSync(file, { force: true });
}

/** The stored file behind one of our image URLs (null for seed pictures and anything else). */
export function uploadPathOf(url: string): string | null {
  const name = uploadFileNameOf(url);
  return name ? path.join(dealUploadsDir(), name) : null;
}

/** A stored picture and its type, or null: unknown names never touch the disk. */
export function readUpload(fileName: string): { body: Buffer; contentType: string } | null {
  const contentType = contentTypeOfUpload(fileName);
  if (!contentType) return null;
  try {
    return { body: fs.readFileSync(path.join(dealUploadsDir(), fileName)), contentType };
  } catch {
    return null;
  }
}
