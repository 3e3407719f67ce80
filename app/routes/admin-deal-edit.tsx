import { requireAdmin } from "~/auth/admin-guard.server";
import { DealEditPage } from "~/components/deal-edit-page";
import { DealPageErrorBoundary, errorTitle } from "~/components/deal-editor";
import { getTranslate } from "~/web/language.server";
import type { DealEditor } from "~/services/deal-editor.server";
import { editDealAction, loadDealForEditing } from "./deal-editor.server";
import { dbContext } from "~/context";
import { dealChanges } from "~/services/deal-changes.server";
import type { Route } from "./+types/admin-deal-edit";

function editorOf(context: Route.LoaderArgs["context"], url: URL): DealEditor {
  return { role: "ADMIN", userId: requireAdmin(context, url).id };
}

export function loader({ url, params, context }: Route.LoaderArgs) {
  const editor = editorOf(context, url);
  const t = getTranslate(context);
  const found = loadDealForEditing(context, editor, params.id);
  return { ...found, changes: dealChanges(context.get(dbContext), params.id), title: `${found.deal.title} | ${t("adminDeals.editMetaTitle")}` };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [{ title: loaderData?.title ?? errorTitle(error) }];

export async function action({ request, url, params, context }: Route.ActionArgs) {
  return editDealAction(request, context, editorOf(context, url), params.id, `/admin/deals/${params.id}/edit`);
}

export default function AdminDealEdit({ loaderData, actionData }: Route.ComponentProps) {
  return <DealEditPage area="admin" {...loaderData} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <DealPageErrorBoundary area="admin" />;
}
