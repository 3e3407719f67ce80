import type { ChangeEvent } from "react";
import { useTranslation } from "~/components/use-translation";
import type { SavedAddressOption } from "~/domain/addresses";
import { useHydrated } from "./use-hydrated";

/**
 * Picks one of the member's saved addresses. With JavaScript, choosing one fills the form's
 * fields (`fill` says which field gets what) and sends nothing itself. Without, the field is
 * `savedAddressId` and the server puts the chosen address in (applySavedAddress).
 */
export function SavedAddressPicker({ addresses, fill, id }: { addresses: readonly SavedAddressOption[]; fill: (address: SavedAddressOption) => Record<string, string>; id: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  if (addresses.length === 0) return null;
  function choose(event: ChangeEvent<HTMLSelectElement>) {
    const chosen = addresses.find((a) => a.id === event.currentTarget.value);
    if (!chosen) return;
    const form = event.currentTarget.form;
    for (const [name, value] of Object.entries(fill(chosen))) {
      const field = form ? form.elements.namedItem(name) : document.getElementsByName(name)[0];
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
        field.value = value;
        // Lets the form library see the change and check the field again.
        field.dispatchEvent(new Event("input", { bubbles: true }));
      }
    }
  }
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">{t("addresses.picker.label")}</label>
      <select
        id={id}
        name={hydrated ? undefined : "savedAddressId"}
        defaultValue=""
        onChange={choose}
        className="block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base"
        data-testid="saved-address-picker"
      >
        <option value="">{hydrated ? t("addresses.picker.choose") : t("addresses.picker.typed")}</option>
        {addresses.map((a) => (
          <option key={a.id} value={a.id}>
            {a.isDefault ? t("addresses.picker.defaultOption", { address: a.line }) : a.line}
          </option>
        ))}
      </select>
      {hydrated ? null : <p className="mt-1 text-xs text-fg-muted">{t("addresses.picker.noJsHint")}</p>}
    </div>
  );
}
