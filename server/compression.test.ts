import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { compress, isCompressible, pickEncoding } from "./compression";

describe("compression", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip, deflate")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("*")).toBe("gzip");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });

  it("compresses text, scripts, JSON and SVG, not photos", () => {
    expect(isCompressible("text/html; charset=utf-8")).toBe(true);
    expect(isCompressible("text/x-script")).toBe(true);
    expect(isCompressible("application/json; charset=utf-8")).toBe(true);
    expect(isCompressible("image/svg+xml")).toBe(true);
    expect(isCompressible("image/webp")).toBe(false);
    expect(isCompressible(null)).toBe(false);
  });

  it("gives back the same bytes after decompression, smaller", () => {
    const page = Buffer.from("<p>עגבניות שרי מהחווה</p>".repeat(500));
    const br = compress(page, "br", "fast");
    const gz = compress(page, "gzip", "best");
    expect(zlib.brotliDecompressSync(br).equals(page)).toBe(true);
    expect(zlib.gunzipSync(gz).equals(page)).toBe(true);
    expect(br.length).toBeLessThan(page.length / 10);
  });

  it("compresses at every level to the same bytes, the fastest level less tightly than the kept one", () => {
    // A page-like text that does not repeat exactly, so the levels differ.
    const page = Buffer.from(Array.from({ length: 2_000 }, (_, i) => `<li data-id="${(i * 7919) % 10007}">עגבניות ${i % 97} ₪</li>`).join(""));
    const sizes: Record<string, number> = {};
    for (const level of ["best", "fast", "fastest"] as const) {
      const br = compress(page, "br", level);
      const gz = compress(page, "gzip", level);
      expect(zlib.brotliDecompressSync(br).equals(page)).toBe(true);
      expect(zlib.gunzipSync(gz).equals(page)).toBe(true);
      sizes[`br ${level}`] = br.length;
      sizes[`gzip ${level}`] = gz.length;
    }
    expect(sizes["br fastest"]).toBeGreaterThan(sizes["br best"]!);
    expect(sizes["gzip fastest"]).toBeGreaterThan(sizes["gzip best"]!);
    expect(sizes["br fastest"]).toBeLessThan(page.length / 4);
  });
});
