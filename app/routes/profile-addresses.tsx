import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/components/use-translation";
import { data, Form, Link, useNavigation } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { ErrorList, Field, SubmitButton } from "~/components/ui/field";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { AddressFormSchema, AddressSchema, addressLine, MAX_ADDRESSES, streetLine, type AddressFormInput, type AddressInput } from "~/domain/addresses";
import { addAddress, addressJson, deleteAddress, listAddresses, makeDefaultAddress, updateAddress } from "~/services/addresses.server";
import { ServiceError } from "~/domain/errors";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/profile-addresses";
import { readForm } from "~/web/form.server";

export function loader({ url, context }: Route.LoaderArgs) {
  const user = requireUser(context, url);
  const t = getTranslate(context);
  return {
    title: `${t("addresses.title")} | ${t("app.name")}`,
    addresses: listAddresses(context.get(dbContext), user.id).map(addressJson),
    max: MAX_ADDRESSES,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

const TOASTS = {
  add: "addresses.toast.added",
  edit: "addresses.toast.saved",
  delete: "addresses.toast.deleted",
  "make-default": "addresses.toast.madeDefault",
} as const;

/** Which form on the page an answer belongs to: the add form, or one address's edit form. */
function formKeyOf(formData: FormData) {
  return formData.get("intent") === "edit" ? `edit-${String(formData.get("addressId") ?? "")}` : "add";
}

/** Every form on the page posts here with an `intent`: add, edit, delete, make-default. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const user = requireUser(context, url);
  const formData = await readForm(request);
  const formKey = formKeyOf(formData);
  const submission = parseWithZod(formData, { schema: AddressFormSchema });
  if (submission.status !== "success") return data({ formKey, result: submission.reply() }, { status: 400 });
  const db = context.get(dbContext);
  const input = submission.value;
  try {
    if (input.intent === "add") addAddress(db, user.id, input);
    else if (input.intent === "edit") updateAddress(db, user.id, input.addressId, input);
    else if (input.intent === "delete") deleteAddress(db, user.id, input.addressId);
    else makeDefaultAddress(db, user.id, input.addressId);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (input.intent === "add" || input.intent === "edit") {
      return data({ formKey, result: submission.reply({ formErrors: [error.messageKey] }) }, { status: error.status });
    }
    return redirectWithToast(request, "/profile/addresses", { variant: "destructive", title: error.messageKey });
  }
  return redirectWithToast(request, "/profile/addresses", { variant: "success", title: TOASTS[input.intent] });
}

type Address = Route.ComponentProps["loaderData"]["addresses"][number];

function AddressFields({ id, lastResult, defaults, intent, addressId, submitLabel }: {
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  defaults?: Partial<AddressInput>;
  intent: "add" | "edit";
  addressId?: string;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm<AddressFormInput>({
    id,
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(AddressSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddressFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === intent && navigation.formData?.get("addressId") === (addressId ?? null);
  return (
    <Form method="post" className="grid gap-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {addressId ? <input type="hidden" name="addressId" value={addressId} /> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t("addresses.city")} errorId={fields.city.errorId} errors={fields.city.errors} {...getInputProps(fields.city, { type: "text" })} autoComplete="address-level2" />
        <Field label={t("addresses.street")} errorId={fields.street.errorId} errors={fields.street.errors} {...getInputProps(fields.street, { type: "text" })} autoComplete="address-line1" />
      </div>
      <Field label={t("addresses.houseNumber")} hint={t("addresses.optional")} errorId={fields.houseNumber.errorId} errors={fields.houseNumber.errors} {...getInputProps(fields.houseNumber, { type: "text" })} />
      <div>
        <label htmlFor={fields.notes.id} className="mb-1 block text-sm font-medium">{t("addresses.notes")}</label>
        <textarea {...getTextareaProps(fields.notes)} rows={2} placeholder={t("addresses.notesPlaceholder")} className="block w-full rounded-lg border border-line bg-surface px-3 py-2 aria-[invalid=true]:border-red-500" />
        <ErrorList id={fields.notes.errorId} errors={fields.notes.errors} />
      </div>
      <div role="alert"><ErrorList id={form.errorId} errors={form.errors} /></div>
      <SubmitButton pending={pending} pendingLabel={t("addresses.pending")}>{submitLabel}</SubmitButton>
    </Form>
  );
}

function AddressCard({ address, lastResult, open }: { address: Address; lastResult: SubmissionResult<string[]> | undefined; open: boolean }) {
  const { t } = useTranslation();
  const small = "rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-muted";
  return (
    <li className="rounded-2xl border border-line bg-surface p-4" data-testid="address-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold">
            {addressLine(address)}
            {address.isDefault ? (
              <span className="ms-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800" data-testid="default-badge">{t("addresses.default")}</span>
            ) : null}
          </p>
          {address.notes ? <p className="mt-1 text-sm text-fg-muted">{address.notes}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {address.isDefault ? null : (
            <Form method="post">
              <input type="hidden" name="intent" value="make-default" />
              <input type="hidden" name="addressId" value={address.id} />
              <button type="submit" className={small}>{t("addresses.makeDefault")}</button>
            </Form>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="addressId" value={address.id} />
            <button type="submit" className={`${small} text-red-700 dark:text-red-300`} aria-label={t("addresses.deleteLabel", { address: streetLine(address) })}>
              {t("addresses.delete")}
            </button>
          </Form>
        </div>
      </div>
      <details className="mt-3" open={open}>
        <summary className="cursor-pointer text-sm font-semibold text-brand-700 dark:text-brand-200">{t("addresses.edit")}</summary>
        <div className="mt-3">
          <AddressFields
            id={`address-${address.id}`}
            intent="edit"
            addressId={address.id}
            lastResult={lastResult}
            defaults={{ city: address.city, street: address.street, houseNumber: address.houseNumber ?? "", notes: address.notes ?? "" }}
            submitLabel={t("addresses.save")}
          />
        </div>
      </details>
    </li>
  );
}

export default function ProfileAddresses({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { addresses, max } = loaderData;
  const resultFor = (key: string) => (actionData?.formKey === key ? actionData.result : undefined);
  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <div>
        <Link to="/profile" className="text-sm text-fg-muted hover:underline">{t("addresses.backToProfile")}</Link>
        <h1 className="mt-1 text-3xl font-bold">{t("addresses.title")}</h1>
        <p className="mt-1 text-fg-muted">{t("addresses.lead")}</p>
      </div>

      {addresses.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-6 text-center text-fg-muted" data-testid="addresses-empty">{t("addresses.empty")}</p>
      ) : (
        <ul className="grid gap-3" aria-label={t("addresses.listLabel")}>
          {addresses.map((address) => (
            <AddressCard key={address.id} address={address} lastResult={resultFor(`edit-${address.id}`)} open={actionData?.formKey === `edit-${address.id}`} />
          ))}
        </ul>
      )}

      <section className="rounded-2xl border border-line bg-surface p-5" aria-labelledby="add-address-title">
        <h2 id="add-address-title" className="text-lg font-bold">{t("addresses.addTitle")}</h2>
        {addresses.length >= max ? (
          <p className="mt-2 text-sm text-fg-muted">{t("addresses.full", { max })}</p>
        ) : (
          <div className="mt-3">
            {/* A new key after each save empties the form for the next address. */}
            <AddressFields key={addresses.length} id="address-add" intent="add" lastResult={resultFor("add")} submitLabel={t("addresses.add")} />
          </div>
        )}
      </section>
    </section>
  );
}
