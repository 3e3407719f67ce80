import { dbContext } from "~/context";
import { readPicture } from "~/services/deal-images.server";
import type { Route } from "./+types/uploads-deal";

const NOT_FOUND_HEADERS = { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" };

/**
 * GET /uploads/deals/{file}: a deal picture a vendor uploaded, or one of its WebP copies
 * (`<hash>-400.webp`, `<hash>-800.webp`), from the database. Only names we make are looked up.
 * A name is its picture's content hash and its row never changes, so browsers keep it for a
 * year, and the ETag is strong: a browser that asks again gets 304 without the bytes.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const picture = readPicture(context.get(dbContext), params.file);
  if (!picture) return new Response("Not found", { status: 404, headers: NOT_FOUND_HEADERS });
  const headers = {
    ETag: picture.etag,
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  if (ifNoneMatch(request.headers.get("If-None-Match"), picture.etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(picture.body), {
    headers: { ...headers, "Content-Type": picture.contentType, "Content-Length": String(picture.body.byteLength) },
  });
}

/** If-None-Match names this ETag (or is `*`); a weak form of it matches too (RFC 9110 8.8.3.2). */
function ifNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value === etag || value === `W/${etag}`;
  });
}
