// The deal pages' actions (vendor new and edit, admin edit and list): read the form, call the
// one service function for the intent, and go back with a toast. A refused picture or a field
// error comes back to the form with everything typed still in it.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { DealFormResult } from "~/components/deal-editor";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { filesOf, readUploadForm, withoutFiles } from "~/web/upload.server";
import { undoDealChange } from "~/services/deal-changes.server";
import { dealForEditor, removeDealImage, takeDealAction, updateDeal, type DealEditor, type EditorDeal } from "~/services/deal-editor.server";
import { dealFormDefaults, DealFormSchema, type DealInput } from "~/domain/deal-schema";
import { DEAL_ACTIONS, type DealAction } from "~/domain/deal-status";
import { ServiceError } from "~/domain/errors";
import { dealActionNeedsConfirmation, isConfirmed } from "~/domain/confirm";
import { withUnitFromChoice } from "~/locales/units";
import { safeRedirect } from "~/web/safe-redirect";
import { redirectWithToast } from "~/web/toast.server";

type Ctx = Readonly<RouterContextProvider>;

/** The form's picture error, worded now since it names the file. */
function imageError(context: Ctx, error: ServiceError): string {
  const t = getTranslate(context);
  return `${t(error.messageKey, error.values)} ${t("dealEditor.images.nothingSaved")}`;
}

/** Reads the request's form; a body too big answers at once, before it is read. */
export async function readDealForm(request: Request, context: Ctx): Promise<FormData | ReturnType<typeof data<DealFormResult>>> {
  try {
    return await readUploadForm(request);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return data<DealFormResult>({ imageError: imageError(context, error) }, { status: error.status });
  }
}

/** The form's "save": parse, run the create or update, and land on `successUrl(deal)`. */
export async function saveDealForm(
  request: Request,
  context: Ctx,
  form: FormData,
  save: (input: DealInput, files: File[]) => Promise<EditorDeal>,
  success: (deal: EditorDeal) => { url: string; title: string; description?: string },
) {
  // The page sends the unit as a choice from the list (or "other" and its text).
  const submission = parseWithZod(withUnitFromChoice(withoutFiles(form)), { schema: DealFormSchema });
  if (submission.status !== "success") return data<DealFormResult>({ result: submission.reply() }, { status: 400 });
  try {
    const saved = await save(submission.value, filesOf(form));
    const { url, title, description } = success(saved);
    return redirectWithToast(request, url, { variant: "success", title, description });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.field === "images") return data<DealFormResult>({ result: submission.reply(), imageError: imageError(context, error) }, { status: error.status });
    return data<DealFormResult>(
      { result: submission.reply({ fieldErrors: error.field ? { [error.field]: [error.messageKey] } : {}, formErrors: error.field ? [] : [error.messageKey] }) },
      { status: error.status },
    );
  }
}

/** The buttons beside the form: remove a picture, or take a status action. */
export async function dealButtonAction(request: Request, context: Ctx, form: FormData, editor: DealEditor, fallbackDealId: string | null, back: string) {
  const intent = form.get("intent");
  const dealId = typeof form.get("dealId") === "string" ? String(form.get("dealId")) : fallbackDealId;
  const to = safeRedirect(form.get("redirectTo"), back);
  const db = context.get(dbContext);
  try {
    if (!dealId) throw new ServiceError(404, "dealEditor.errors.notFound");
    if (intent === "undoChange") {
      // Only an admin undoes a change (issue #49); to a vendor it is an unknown button.
      if (editor.role !== "ADMIN") throw new ServiceError(400, "dealEditor.errors.unknownAction");
      undoDealChange(db, editor, dealId, String(form.get("changeId") ?? ""));
      return redirectWithToast(request, to, { variant: "success", title: "dealEditor.undo.undone" });
    }
    if (intent === "removeImage") {
      removeDealImage(db, editor, dealId, String(form.get("url") ?? ""));
      return redirectWithToast(request, to, { variant: "success", title: "dealEditor.edit.imageRemoved" });
    }
    const action = String(form.get("action") ?? "");
    if (intent !== "action" || !(DEAL_ACTIONS as readonly string[]).includes(action)) throw new ServiceError(400, "dealEditor.errors.unknownAction");
    // Ending or archiving asks first: without the confirmation nothing changes and the page
    // comes back with the question open.
    if (dealActionNeedsConfirmation(action as DealAction) && !isConfirmed(form)) {
      return data<DealFormResult>({ confirm: { dealId, action: action as DealAction } }, { status: 400 });
    }
    const note = typeof form.get("note") === "string" ? String(form.get("note")) : undefined;
    takeDealAction(db, editor, dealId, action as DealAction, note);
    return redirectWithToast(request, to, { variant: "success", title: `dealEditor.done.${action}` });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return redirectWithToast(request, to, { variant: "destructive", title: "dealEditor.errors.title", description: error.messageKey, values: error.values });
  }
}

/** A loader's deal: a ServiceError becomes the page's 404 (or 403) for the error boundary. */
export function loadOrThrow<T>(context: Ctx, load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const t = getTranslate(context);
    throw data({ title: `${t(error.messageKey)} | ${t("app.name")}` }, { status: error.status });
  }
}

/** What both edit pages (vendor and admin) load: the deal, its form defaults and its buttons. */
export function loadDealForEditing(context: Ctx, editor: DealEditor, dealId: string) {
  const found = loadOrThrow(context, () => dealForEditor(context.get(dbContext), editor, dealId));
  return {
    deal: { ...found.deal, tiers: found.tiers },
    vendorName: found.vendorName,
    canEdit: found.canEdit,
    actions: found.actions,
    defaults: dealFormDefaults({ ...found.deal, tiers: found.tiers }),
  };
}

/** Both edit pages' action: save the form, or one of the buttons beside it; `here` is the page. */
export async function editDealAction(request: Request, context: Ctx, editor: DealEditor, dealId: string, here: string) {
  const form = await readDealForm(request, context);
  if (!(form instanceof FormData)) return form;
  if (form.get("intent") === "save") {
    return saveDealForm(
      request,
      context,
      form,
      (input, files) => updateDeal(context.get(dbContext), editor, dealId, input, files),
      () => ({ url: here, title: "dealEditor.edit.saved" }),
    );
  }
  return dealButtonAction(request, context, form, editor, dealId, here);
}
