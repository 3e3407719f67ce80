import { describe, expect, it } from "vitest";
import {
  checkImage,
  contentTypeOfUpload,
  imageSrcSet,
  parseVariantFileName,
  variantFileName,
  fitsImageLimit,
  MAX_IMAGE_BYTES,
  isHeif,
  looksLikeHeif,
  STORED_IMAGE_MAX_WIDTH,
  newUploadFileName,
  sniffImageType,
  uploadFileNameOf,
  uploadUrlOf,
} from "./image-upload";

const bytes = (...values: number[]) => new Uint8Array(values);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1);
const WEBP = new Uint8Array([...new TextEncoder().encode("RIFF"), 0x24, 0, 0, 0, ...new TextEncoder().encode("WEBP")]);
const TEXT = new TextEncoder().encode("hello, I am not a picture");

describe("sniffImageType", () => {
  it("knows JPEG, PNG and WebP by their first bytes", () => {
    expect(sniffImageType(JPEG)).toBe("jpg");
    expect(sniffImageType(PNG)).toBe("png");
    expect(sniffImageType(WEBP)).toBe("webp");
  });

  it("refuses text, a RIFF that is not WebP, GIF, SVG and too few bytes", () => {
    expect(sniffImageType(TEXT)).toBeNull();
    expect(sniffImageType(new Uint8Array([...new TextEncoder().encode("RIFF"), 0, 0, 0, 0, ...new TextEncoder().encode("WAVE")]))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("GIF89a......"))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("<svg xmlns="))).toBeNull();
    expect(sniffImageType(bytes(0x89, 0x50))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe("checkImage", () => {
  it("accepts a phone camera's picture up to exactly 12 MB", () => {
    expect(MAX_IMAGE_BYTES).toBe(12 * 1024 * 1024);
    expect(checkImage({ size: 100, head: PNG })).toEqual({ ok: true, extension: "png" });
    expect(checkImage({ size: MAX_IMAGE_BYTES, head: JPEG })).toEqual({ ok: true, extension: "jpg" });
  });

  it("names an iPhone's HEIC file apart, by its bytes and, in the picker, by its name or type", () => {
    const ftyp = (brand: string) => new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode("ftyp" + brand)]);
    expect(isHeif(ftyp("heic"))).toBe(true);
    expect(isHeif(ftyp("mif1"))).toBe(true);
    expect(isHeif(ftyp("avif"))).toBe(false);
    expect(isHeif(ftyp("isom"))).toBe(false);
    expect(checkImage({ size: 3_000_000, head: ftyp("heic") })).toEqual({ ok: false, problem: "heic" });
    expect(looksLikeHeif({ name: "IMG_0001.HEIC", type: "" })).toBe(true);
    expect(looksLikeHeif({ name: "photo", type: "image/heif" })).toBe(true);
    expect(looksLikeHeif({ name: "carrots.jpg", type: "image/jpeg" })).toBe(false);
  });

  it("keeps a stored picture no wider than the largest copy served", () => {
    expect(STORED_IMAGE_MAX_WIDTH).toBe(800);
  });

  it("refuses a file over 12 MB, an empty file, and a file whose bytes are no picture", () => {
    expect(checkImage({ size: MAX_IMAGE_BYTES + 1, head: PNG })).toEqual({ ok: false, problem: "tooBig" });
    expect(checkImage({ size: 0, head: new Uint8Array() })).toEqual({ ok: false, problem: "empty" });
    expect(checkImage({ size: TEXT.length, head: TEXT })).toEqual({ ok: false, problem: "wrongType" });
  });

  it("allows at most six pictures per deal", () => {
    expect(fitsImageLimit(5, 1)).toBe(true);
    expect(fitsImageLimit(6, 0)).toBe(true);
    expect(fitsImageLimit(6, 1)).toBe(false);
    expect(fitsImageLimit(0, 7)).toBe(false);
  });
});

describe("stored names", () => {
  it("are random hex with the sniffed extension, served with its content type", () => {
    const name = newUploadFileName("webp");
    expect(name).toMatch(/^[a-f0-9]{32}\.webp$/);
    expect(newUploadFileName("png")).not.toBe(newUploadFileName("png"));
    expect(contentTypeOfUpload(name)).toBe("image/webp");
    expect(contentTypeOfUpload(newUploadFileName("jpg"))).toBe("image/jpeg");
  });

  it("have WebP copies 400 and 800 px wide, listed in a srcset for our uploads only", () => {
    const name = `${"ab".repeat(16)}.jpg`;
    expect(variantFileName(name, 400)).toBe(`${"ab".repeat(16)}-400.webp`);
    expect(parseVariantFileName(`${"ab".repeat(16)}-800.webp`)).toEqual({ base: "ab".repeat(16), width: 800 });
    expect(contentTypeOfUpload(`${"ab".repeat(16)}-800.webp`)).toBe("image/webp");
    expect(imageSrcSet(`/uploads/deals/${name}`)).toBe(`/uploads/deals/${"ab".repeat(16)}-400.webp 400w, /uploads/deals/${"ab".repeat(16)}-800.webp 800w`);
    expect(imageSrcSet("/images/produce/basil.svg")).toBeUndefined();
    // Only the widths we make, and never a variant of a variant.
    for (const bad of [`${"ab".repeat(16)}-300.webp`, `${"ab".repeat(16)}-400.jpg`, `${"ab".repeat(16)}-400-400.webp`, `-400.webp`]) {
      expect(parseVariantFileName(bad), bad).toBeNull();
      expect(contentTypeOfUpload(bad), bad).toBeNull();
    }
  });

  it("refuse anything that is not a name we make", () => {
    for (const bad of ["../../etc/passwd", "abc.png", `${"a".repeat(32)}.svg`, `${"a".repeat(32)}.png/x`, `${"A".repeat(32)}.png`, `..%2f${"a".repeat(28)}.png`]) {
      expect(contentTypeOfUpload(bad), bad).toBeNull();
    }
  });

  it("map a deal image URL back to its file, and only our uploads", () => {
    const name = newUploadFileName("png");
    expect(uploadFileNameOf(uploadUrlOf(name))).toBe(name);
    expect(uploadFileNameOf("/images/produce/tomato.webp")).toBeNull();
    expect(uploadFileNameOf("/uploads/deals/../secret.png")).toBeNull();
  });
});
