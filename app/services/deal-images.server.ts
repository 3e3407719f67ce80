// Where deal pictures live: <data dir>/uploads/deals/<random>.<ext>, the data dir being the
// database's folder (as the mail outbox is). Reading an upload body with a size cap, checking
// every file before anything is written, writing and removing files.
import fs from "node:fs";
import path from "node:path";
import { defaultDatabasePath } from "~/db/client.server";
import { ServiceError } from "./errors";
import {
  checkImage,
  imageSizeProblem,
  contentTypeOfUpload,
  MAX_UPLOAD_BODY_BYTES,
  newUploadFileName,
  SNIFF_BYTES,
  uploadFileNameOf,
  uploadUrlOf,
  type ImageExtension,
} from "./image-upload";

export function dealUploadsDir(): string {
  return path.join(path.dirname(path.resolve(defaultDatabasePath())), "uploads", "deals");
}

/**
 * The form data of a multipart (or urlencoded) request, refused with 413 before reading when
 * the declared length is too big, or while reading when a body without a length grows too big.
 */
export async function readUploadForm(request: Request): Promise<FormData> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > MAX_UPLOAD_BODY_BYTES) throw new ServiceError(413, "dealEditor.images.bodyTooBig", "images");
  let source = request;
  if (declared === null && request.body) {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = request.body.getReader();
    for (;;) {
      // The server stops a body at its own cap by failing the stream: that is too big too.
      const { done, value } = await reader.read().catch(() => {
        throw new ServiceError(413, "dealEditor.images.bodyTooBig", "images");
      });
      if (done) break;
      size += value.byteLength;
      if (size > MAX_UPLOAD_BODY_BYTES) {
        await reader.cancel();
        throw new ServiceError(413, "dealEditor.images.bodyTooBig", "images");
      }
      chunks.push(value);
    }
    source = new Request(request.url, { method: request.method, headers: request.headers, body: Buffer.concat(chunks) });
  }
  try {
    return await source.formData();
  } catch {
    throw new ServiceError(400, "dealEditor.errors.badForm");
  }
}

/** The chosen files of a form field; an empty file input sends one nameless empty part. */
export function filesOf(form: FormData, field = "images"): File[] {
  return form.getAll(field).filter((value): value is File => typeof value !== "string" && !(value.name === "" && value.size === 0));
}

/** The form without its files: conform's reply goes back to the page, files cannot. */
export function withoutFiles(form: FormData): FormData {
  const copy = new FormData();
  for (const [key, value] of form) if (typeof value === "string") copy.append(key, value);
  return copy;
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
