// The rules for deal pictures: what we accept, how big, how many, and the names we store them
// under. A file is recognised by its first bytes, never by its name or the browser's content
// type, both of which the sender chooses. Pure.

export const IMAGE_CONTENT_TYPES = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;
export type ImageExtension = keyof typeof IMAGE_CONTENT_TYPES;

/**
 * A phone camera's photo as it comes (issue #45): a 12-megapixel JPEG is 3-5 MB, a 50-megapixel
 * one up to about 10 MB. It is never kept at this size: the server stores it shrunk
 * (STORED_IMAGE_MAX_WIDTH) with its metadata dropped.
 */
export const MAX_IMAGE_BYTES = 12 * 1024 * 1024;
/** The same limit in whole megabytes, for the messages. */
export const MAX_IMAGE_MB = MAX_IMAGE_BYTES / (1024 * 1024);
/**
 * Width times height a picture may have: a phone camera's 50 megapixels. A 12 MB file can
 * declare far more (a plain PNG of 20,000 x 20,000 px packs into kilobytes) and would take
 * gigabytes to decode, so a larger one is refused from its header, before any decoding.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_IMAGES_PER_DEAL = 6;
/** A multipart body bigger than this is refused before it is read: six full pictures and the form's fields. */
export const MAX_UPLOAD_BODY_BYTES = MAX_IMAGES_PER_DEAL * MAX_IMAGE_BYTES + 256 * 1024;
/** How many leading bytes sniffing needs. */
export const SNIFF_BYTES = 12;

/** Stored names are random hex plus the sniffed extension; the resource route accepts nothing else. */
export const UPLOAD_FILE_PATTERN = /^[a-f0-9]{32}\.(jpg|png|webp)$/;
export const UPLOAD_URL_PREFIX = "/uploads/deals/";

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

/** The picture type the bytes are, or null. */
export function sniffImageType(bytes: Uint8Array): ImageExtension | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

/**
 * An iPhone's HEIC/HEIF photo: an ISO-BMFF "ftyp" box naming a HEIF brand. The libvips that
 * sharp ships prebuilt reads only AVIF from the HEIF family (sharp.format.heif lists ".avif"
 * alone), so such a file gets its own message: how to send it as JPEG.
 */
const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);
export function isHeif(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4) || bytes.length < 12) return false;
  return HEIF_BRANDS.has(String.fromCharCode(...bytes.subarray(8, 12)));
}

/** A file the picker chose that is HEIC by its name or type: refused before it is sent. */
export function looksLikeHeif(file: { name: string; type: string }): boolean {
  return /\.(heic|heif)$/i.test(file.name) || /^image\/hei[cf]/i.test(file.type);
}

export type ImageProblem = "empty" | "tooBig" | "wrongType" | "heic";

export type ImageCheck = { ok: true; extension: ImageExtension } | { ok: false; problem: ImageProblem };

/** The size rule alone, so a file too big is refused before it is read. */
export function imageSizeProblem(size: number): ImageProblem | null {
  if (size === 0) return "empty";
  return size > MAX_IMAGE_BYTES ? "tooBig" : null;
}

/** One file: not empty, at most 12 MB, and a JPEG, PNG or WebP by its bytes (HEIC named apart). */
export function checkImage(file: { size: number; head: Uint8Array }): ImageCheck {
  const sizeProblem = imageSizeProblem(file.size);
  if (sizeProblem) return { ok: false, problem: sizeProblem };
  const extension = sniffImageType(file.head);
  if (extension) return { ok: true, extension };
  return { ok: false, problem: isHeif(file.head) ? "heic" : "wrongType" };
}

/** Whether `adding` more pictures still fits the deal's limit. */
export function fitsImageLimit(current: number, adding: number): boolean {
  return current + adding <= MAX_IMAGES_PER_DEAL;
}

/** A random stored name for a picture of this type. */
export function newUploadFileName(extension: ImageExtension, random: () => string = () => crypto.randomUUID()): string {
  return `${random().replace(/-/g, "").toLowerCase().slice(0, 32)}.${extension}`;
}

export function uploadUrlOf(fileName: string): string {
  return UPLOAD_URL_PREFIX + fileName;
}

/**
 * Smaller WebP copies of every uploaded picture, by width (issue #14): a card on a phone needs the
 * 400 px one, a deal page the 800 px one, never the camera's original. `<name>-<width>.webp` beside it.
 */
export const IMAGE_VARIANT_WIDTHS = [400, 800] as const;
export type VariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];
/**
 * The picture kept under the upload's own name (the `src` beside the srcset) is no wider than
 * the largest copy served: the camera's 4000 px file is never stored (issue #45).
 */
export const STORED_IMAGE_MAX_WIDTH: VariantWidth = IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1]!;
const VARIANT_FILE_PATTERN = /^([a-f0-9]{32})-(\d+)\.webp$/;

/** `<hex>-<width>.webp` for an original stored name. */
export function variantFileName(fileName: string, width: VariantWidth): string {
  return `${fileName.slice(0, fileName.lastIndexOf("."))}-${width}.webp`;
}

/** For a variant's name: its width and the original's base name (without extension); else null. */
export function parseVariantFileName(fileName: string): { base: string; width: VariantWidth } | null {
  const match = VARIANT_FILE_PATTERN.exec(fileName);
  if (!match) return null;
  const width = Number(match[2]) as VariantWidth;
  return IMAGE_VARIANT_WIDTHS.includes(width) ? { base: match[1]!, width } : null;
}

/**
 * `srcset` for a deal picture: its WebP copies for our uploads, nothing for other pictures (the
 * seeded ones are SVG, sharp at any size).
 */
export function imageSrcSet(url: string): string | undefined {
  const name = uploadFileNameOf(url);
  if (!name) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((width) => `${UPLOAD_URL_PREFIX}${variantFileName(name, width)} ${width}w`).join(", ");
}

/** The stored file a deal image URL points at, or null when it is not one of our uploads. */
export function uploadFileNameOf(url: string): string | null {
  if (!url.startsWith(UPLOAD_URL_PREFIX)) return null;
  const name = url.slice(UPLOAD_URL_PREFIX.length);
  return UPLOAD_FILE_PATTERN.test(name) ? name : null;
}

/** The Content-Type to serve a stored name with, or null for a name we never make. */
export function contentTypeOfUpload(fileName: string): string | null {
  if (parseVariantFileName(fileName)) return IMAGE_CONTENT_TYPES.webp;
  const match = UPLOAD_FILE_PATTERN.exec(fileName);
  return match ? IMAGE_CONTENT_TYPES[match[1] as ImageExtension] : null;
}
