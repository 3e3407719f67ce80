// Saved delivery addresses: the form schema and the rules that need no database. Pure.
import { z } from "zod";

/** A member keeps at most this many addresses: home, work, parents, a neighbour or two. */
export const MAX_ADDRESSES = 10;

/** One address's fields; messages are locale keys (members.json). */
export const AddressSchema = z.object({
  city: z
    .string({ error: "addresses.validation.city" })
    .trim()
    .min(2, { error: "addresses.validation.city" })
    .max(60, { error: "addresses.validation.tooLong" }),
  street: z
    .string({ error: "addresses.validation.street" })
    .trim()
    .min(2, { error: "addresses.validation.street" })
    .max(100, { error: "addresses.validation.tooLong" }),
  houseNumber: z.string().trim().max(10, { error: "addresses.validation.houseNumber" }).optional(),
  notes: z.string().trim().max(300, { error: "addresses.validation.tooLong" }).optional(),
});
export type AddressInput = z.infer<typeof AddressSchema>;

const addressId = z.string({ error: "addresses.errors.notFound" }).trim().min(1, { error: "addresses.errors.notFound" });

/** The /profile/addresses forms: one schema, told apart by the `intent` field. */
export const AddressFormSchema = z.discriminatedUnion("intent", [
  AddressSchema.extend({ intent: z.literal("add") }),
  AddressSchema.extend({ intent: z.literal("edit"), addressId }),
  z.object({ intent: z.literal("delete"), addressId }),
  z.object({ intent: z.literal("make-default"), addressId }),
]);
export type AddressFormInput = z.infer<typeof AddressFormSchema>;

/** What the address pickers of checkout, shipping and the deal page get for each address. */
export interface SavedAddressOption {
  id: string;
  isDefault: boolean;
  /** "Herzl 12" */
  street: string;
  city: string;
  notes: string;
  /** "Herzl 12, Haifa" */
  line: string;
}

export interface AddressParts {
  city: string;
  street: string;
  houseNumber: string | null;
}

/** "Herzl 12": the street line the checkout's address field takes. */
export function streetLine(address: Omit<AddressParts, "city">): string {
  return [address.street, address.houseNumber].filter(Boolean).join(" ");
}

/** "Herzl 12, Haifa": the whole address on one line. */
export function addressLine(address: AddressParts): string {
  return `${streetLine(address)}, ${address.city}`;
}

/**
 * Exactly one default while a member has any address: after a delete, when no default is left,
 * the earliest remaining one (the list is in the order they were added) becomes the default.
 */
export function promotedDefault(remaining: readonly { id: string; isDefault: boolean }[]): string | null {
  if (remaining.length === 0 || remaining.some((a) => a.isDefault)) return null;
  return remaining[0].id;
}
