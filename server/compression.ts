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
 * How hard to compress:
 * - "best": bytes compressed once and kept (the build's files): brotli 11, gzip 9.
 * - "fast": an answer made for one request while the worker has nothing else to do: brotli 4
 *   (about as quick as gzip 6, and smaller).
 * - "fastest": an answer made for one request while other requests are in the worker too
 *   (server.ts counts them): brotli 1, gzip 1. Under a crowd every millisecond a worker spends on one
 *   answer delays all the answers behind it, and brotli 4 was a quarter of what a signed-in page
 *   cost; brotli 1 is a quarter of brotli 4's time, and its answer a little larger (/deals
 *   13.3 kB against 11.6, decision record 016, session 25).
 */
export type CompressionLevel = "best" | "fast" | "fastest";

const BROTLI_QUALITY: Record<CompressionLevel, number> = { best: 11, fast: 4, fastest: 1 };
const GZIP_LEVEL: Record<CompressionLevel, number> = { best: 9, fast: 6, fastest: 1 };

/** Compresses a whole answer. */
export function compress(body: Uint8Array, encoding: Encoding, level: CompressionLevel): Buffer {
  if (encoding === "br") {
    return zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[level],
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  }
  return zlib.gzipSync(body, { level: GZIP_LEVEL[level] });
}
