import { readUpload } from "~/services/deal-images.server";
import type { Route } from "./+types/uploads-deal";

/**
 * GET /uploads/deals/{file}: a deal picture a vendor uploaded. Only names we make (random hex
 * plus .jpg/.png/.webp) are looked up, so nothing else on disk can be reached; the names never
 * change, so browsers keep them for a year.
 */
export function loader({ params }: Route.LoaderArgs) {
  const file = readUpload(params.file);
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
