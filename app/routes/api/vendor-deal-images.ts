import { methodNotAllowed, parseJsonBody } from "~/auth/api.server";
import { withApiVendor } from "~/auth/vendor-guard.server";
import { addDealImages, editorDealJson, removeDealImage } from "~/services/deal-editor.server";
import { filesOf, readUploadForm } from "~/web/upload.server";
import { RemoveImageSchema } from "~/domain/deal-schema";
import type { Route } from "./+types/vendor-deal-images";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * POST /api/vendor/deals/{id}/images: multipart, field "images" (one or more files).
 * DELETE /api/vendor/deals/{id}/images: JSON {url}, one picture off the deal.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed();
  return withApiVendor(context, request, async ({ db, i18n, user, vendor }) => {
    const editor = { role: "VENDOR", userId: user.id, vendorId: vendor.id } as const;
    if (request.method === "DELETE") {
      const parsed = await parseJsonBody(request, i18n, RemoveImageSchema);
      if ("response" in parsed) return parsed.response;
      return Response.json(editorDealJson(removeDealImage(db, editor, params.id, parsed.data.url)), { headers: NO_STORE });
    }
    const form = await readUploadForm(request);
    return Response.json(editorDealJson(await addDealImages(db, editor, params.id, filesOf(form))), { status: 201, headers: NO_STORE });
  });
}

export function loader() {
  return methodNotAllowed();
}
