// node:http <-> Fetch API, written for a hostile client. @mjackson/node-fetch-server built the
// Request outside its try (a `TRACE /` threw inside `new Request()` and stopped the process)
// and kept enqueueing into a body stream its reader had cancelled (ERR_INVALID_STATE, uncaught,
// after a 413). Here every request is checked before a Request exists, the body is counted as
// it streams and cut off at its limit, and a reader that stops reading stops the socket too.
import type http from "node:http";

/** What the app answers. Anything else is refused before it reaches React Router. */
const SUPPORTED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** RFC 9110's methods we know and refuse (405); any other name is one we do not implement (501). */
const KNOWN_METHODS = new Set([...SUPPORTED_METHODS, "TRACE", "CONNECT"]);

/** 405 or 501 for a method the app does not serve; null when it is one we serve. */
export function methodRefusal(method: string | undefined): 405 | 501 | null {
  if (method && SUPPORTED_METHODS.has(method)) return null;
  return method && KNOWN_METHODS.has(method) ? 405 : 501;
}

export const ALLOWED_METHODS_HEADER = [...SUPPORTED_METHODS].join(", ");

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
  }
}

/** The declared length when it is over the limit (refused before a byte is read), else null. */
export function declaredLengthOverLimit(req: http.IncomingMessage, limit: number): number | null {
  const declared = req.headers["content-length"];
  if (declared === undefined) return null;
  const length = Number(declared);
  return Number.isFinite(length) && length > limit ? length : null;
}

export interface IncomingBody {
  stream: ReadableStream<Uint8Array>;
  /** Set once the body passed its limit: whatever the handler answered, the answer is 413. */
  readonly overLimit: boolean;
}

/**
 * The request body as a stream that holds at most a few chunks (the socket is paused while the
 * reader is behind), errors with BodyTooLargeError past `limit`, and stops reading for good when
 * the reader cancels or the limit trips.
 */
export function streamBody(req: http.IncomingMessage, limit: number): IncomingBody {
  let received = 0;
  let settled = false;
  let overLimit = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const settle = (finish: () => void) => {
          if (settled) return;
          settled = true;
          try {
            finish();
          } catch {
            // the stream was already closed or errored by its reader
          }
        };
        req.on("data", (chunk: Buffer) => {
          if (settled) return;
          received += chunk.byteLength;
          if (received > limit) {
            overLimit = true;
            req.pause();
            settle(() => controller.error(new BodyTooLargeError(limit)));
            return;
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 1) <= 0) req.pause();
        });
        req.on("end", () => settle(() => controller.close()));
        req.on("error", (error) => settle(() => controller.error(error)));
        req.on("close", () => settle(() => controller.error(new Error("the client went away before sending the whole body"))));
      },
      pull() {
        if (!settled) req.resume();
      },
      cancel() {
        // The reader gave up (for example an upload refused half way): read no more of it.
        settled = true;
        req.pause();
      },
    },
    new CountQueuingStrategy({ highWaterMark: 8 }),
  );
  return {
    stream,
    get overLimit() {
      return overLimit;
    },
  };
}

/** The request's headers as Fetch Headers, repeated ones kept. */
export function headersOf(req: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    try {
      headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
    } catch {
      // A header value Fetch refuses (Node's parser is more lenient): drop it, never throw.
    }
  }
  return headers;
}

/** The longest path we answer, in bytes as sent (percent-encoded) and in segments. */
export const PATH_MAX_BYTES = 2_048;
export const PATH_MAX_SEGMENTS = 32;

/**
 * True when the target's path (before any query) is longer than any route of ours could want.
 * Checked in one pass over the bytes, before anything parses the path: its cost is bounded by
 * the caps, whatever the client sends.
 */
export function pathTooLong(target: string): boolean {
  let segments = 0;
  for (let i = 0; i < target.length; i++) {
    if (i >= PATH_MAX_BYTES) return true;
    const code = target.charCodeAt(i);
    if (code === 63 /* ? */ || code === 35 /* # */) return false;
    if (code === 47 /* / */ && ++segments > PATH_MAX_SEGMENTS) return true;
  }
  return false;
}

/**
 * The request's URL on `origin`. Only origin-form targets ("/path?query") are served: an
 * absolute-form target would let the client choose the host the app sees.
 */
export function urlOf(req: http.IncomingMessage, origin: string): URL | null {
  const target = req.url ?? "";
  if (!target.startsWith("/") || target.startsWith("//")) return null;
  try {
    return new URL(target, origin);
  } catch {
    return null;
  }
}

/**
 * Writes a Fetch Response to the socket, respecting back-pressure; stops quietly when the
 * client goes away. Never throws.
 */
export async function writeResponse(req: http.IncomingMessage, res: http.ServerResponse, response: Response): Promise<void> {
  try {
    if (!response.body && Number(response.headers.get("Content-Length")) > 0) {
      throw new Error(`an answer of ${response.headers.get("Content-Length")} bytes came without them`);
    }
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") headers[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) headers["set-cookie"] = cookies;
    res.writeHead(response.status, headers);
    if (!response.body || req.method === "HEAD") {
      await response.body?.cancel().catch(() => undefined);
      res.end();
      return;
    }
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) {
        await reader.cancel().catch(() => undefined);
        break;
      }
      if (!res.write(value)) await new Promise<void>((resolve) => {
        const done = () => {
          res.off("drain", done);
          res.off("close", done);
          resolve();
        };
        res.on("drain", done);
        res.on("close", done);
      });
    }
    res.end();
  } catch (error) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    console.error("could not write an answer", error);
    res.writeHead(500, { "Content-Length": "0", "Cache-Control": "no-store" });
    res.end();
  }
}
