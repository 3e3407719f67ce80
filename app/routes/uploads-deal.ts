import { readUpload } from "~/services/deal-images.server";
import type { Route } from "./+types/uploads-deal";

/**
 * GET /uploads/deals/{file}: a deal picture a vendor uploaded, or one of its WebP copies
 * (`<name>-400.webp`, `<name>-800.webp`). Only names we make are looked up, so nothing else on
 * disk can be reached; the names never change, so browsers keep them for a year.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const file = await readUpload(params.file);
  if (!file) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" } });
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.body.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
