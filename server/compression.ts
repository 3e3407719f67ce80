// Compressed answers for phones on slow networks (issue #6): the server sent every page and
// script uncompressed, so a phone on slow 4G downloaded ~3x the bytes the budgets count.
import zlib from "node:zlib";

export type Encoding = "br" | "gzip";

/** Types worth compressing; images other than SVG are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg\+xml)/;

/** Below this, compression costs more than it saves. */
export const MIN_COMPRESS_BYTES = 1024;

export function isCompressible(contentType: string | null | undefined): boolean {
  return Boolean(contentType && COMPRESSIBLE.test(contentType));
}

/** The encoding to answer with for an Accept-Encoding header: brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return null;
}

/**
 * Compresses a whole answer. `level` "fast" is for pages rendered per request (brotli 4 is
 * about as quick as gzip 6 and smaller); "best" is for bytes compressed once and kept.
 */
export function compress(body: Uint8Array, encoding: Encoding, level: "fast" | "best"): Buffer {
  if (encoding === "br") {
    return zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: level === "best" ? 11 : 4,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  }
  return zlib.gzipSync(body, { level: level === "best" ? 9 : 6 });
}
