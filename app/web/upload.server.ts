// Reading a picture upload's form from a request, and splitting its files from its fields.
import { ServiceError } from "~/domain/errors";
import { MAX_UPLOAD_BODY_BYTES } from "~/domain/image-upload";

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
