// The smaller copies of an uploaded deal picture (issue #14, docs/decisions/017): WebP, 400 and
// 800 px wide (IMAGE_VARIANT_WIDTHS), never wider than the original, made with sharp (libvips).
// Made when a picture is uploaded (deal-images.server.ts) and, for a picture an older version
// kept as a file without copies, when it moves into the database (picture-files.server.ts).
import sharp from "sharp";
import { IMAGE_VARIANT_WIDTHS, MAX_IMAGE_PIXELS, STORED_IMAGE_MAX_WIDTH, type ImageExtension, type VariantWidth } from "~/domain/image-upload";

/** WebP quality: the default of most image CDNs; pictures of produce show no loss at it. */
const WEBP_QUALITY = 75;

/** Width times height from the picture's header alone (nothing decoded); 0 when it has none. */
export async function declaredPixels(original: Buffer): Promise<number> {
  // No pixel limit for reading the header: refusing past the limit is the caller's to say.
  const { width = 0, height = 0 } = await sharp(original, { limitInputPixels: false }).metadata();
  return width * height;
}

export async function makeVariant(original: Buffer, width: VariantWidth): Promise<Buffer> {
  // rotate() applies the EXIF orientation a phone camera writes; metadata is dropped. The pixel
  // limit is checked on upload (deal-images.server.ts); libvips refuses past it here too.
  return sharp(original, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS }).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer();
}

export async function makeVariants(original: Buffer): Promise<{ width: VariantWidth; bytes: Buffer }[]> {
  const variants = [];
  for (const width of IMAGE_VARIANT_WIDTHS) variants.push({ width, bytes: await makeVariant(original, width) });
  return variants;
}

/**
 * What is kept under the upload's own name (issue #45): the camera's file turned upright, no
 * wider than the largest copy served, in its own format, and with no metadata at all (sharp
 * writes none unless asked: a farmer's photo carries the farm's GPS position in EXIF).
 */
export async function makeStoredOriginal(original: Buffer, extension: ImageExtension): Promise<Buffer> {
  const image = sharp(original, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS }).rotate().resize({ width: STORED_IMAGE_MAX_WIDTH, withoutEnlargement: true });
  if (extension === "jpg") return image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  if (extension === "png") return image.png({ compressionLevel: 9 }).toBuffer();
  return image.webp({ quality: 85 }).toBuffer();
}
