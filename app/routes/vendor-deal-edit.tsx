import { requireVendor } from "~/auth/vendor-guard.server";
import { DealEditPage } from "~/components/deal-edit-page";
import { DealPageErrorBoundary, errorTitle } from "~/components/deal-editor";
import { getTranslate } from "~/web/language.server";
import type { DealEditor } from "~/services/deal-editor.server";
import { editDealAction, loadDealForEditing } from "./deal-editor.server";
import type { Route } from "./+types/vendor-deal-edit";

function editorOf(context: Route.LoaderArgs["context"], url: URL): DealEditor {
  const { user, vendor } = requireVendor(context, url);
  return { role: "VENDOR", userId: user.id, vendorId: vendor.id };
}

export function loader({ url, params, context }: Route.LoaderArgs) {
  const editor = editorOf(context, url);
  const t = getTranslate(context);
  const found = loadDealForEditing(context, editor, params.id);
  return { ...found, title: `${t("dealEditor.edit.metaTitle")}: ${found.deal.title} | ${t("app.name")}` };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [{ title: loaderData?.title ?? errorTitle(error) }];

export async function action({ request, url, params, context }: Route.ActionArgs) {
  return editDealAction(request, context, editorOf(context, url), params.id, `/vendor/deals/${params.id}/edit`);
}

export default function VendorDealEdit({ loaderData, actionData }: Route.ComponentProps) {
  return <DealEditPage area="vendor" {...loaderData} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <DealPageErrorBoundary area="vendor" />;
}
