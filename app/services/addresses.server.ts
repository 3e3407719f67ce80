// A member's saved delivery addresses: /profile/addresses, /api/user/addresses and the address
// pickers of checkout, shipping and the deal page. Every query names the owner, so another
// member's id is simply not found (404) and nothing changes.
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { addresses } from "~/db/schema";
import { addressLine, MAX_ADDRESSES, promotedDefault, streetLine, type AddressInput, type SavedAddressOption } from "~/domain/addresses";
import { ServiceError } from "~/domain/errors";

type Address = typeof addresses.$inferSelect;

// Addresses have no creation time: SQLite's rowid keeps the order they were added in.
const addedOrder = asc(sql`${addresses}.rowid`);

function ownAddress(db: Queryable, userId: string, addressId: string): Address {
  const found = db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .get();
  if (!found) throw new ServiceError(404, "addresses.errors.notFound");
  return found;
}

function fields(input: AddressInput) {
  return {
    city: input.city,
    street: input.street,
    houseNumber: input.houseNumber || null,
    notes: input.notes || null,
  };
}

// The deal page and every checkout step read a member's addresses: prepared once (building the
// query's SQL each time was most of its 3.8 % of a signed-in deal page; decision record 016).
const addressesOfUser = preparedQuery((db) => db.select().from(addresses).where(eq(addresses.userId, sql.placeholder("userId"))).orderBy(addedOrder).prepare());

/** The member's addresses, in the order they were added. */
export function listAddresses(db: Queryable, userId: string): Address[] {
  return addressesOfUser(db).all({ userId });
}

/** The first address becomes the default; past MAX_ADDRESSES the member is asked to tidy up. */
export function addAddress(db: Db, userId: string, input: AddressInput): Address {
  return db.transaction(
    (tx) => {
      const { n } = tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId)).get()!;
      if (n >= MAX_ADDRESSES) throw new ServiceError(409, "addresses.errors.tooMany");
      return tx
        .insert(addresses)
        .values({ userId, ...fields(input), isDefault: n === 0 })
        .returning()
        .get();
    },
    { behavior: "immediate" },
  );
}

export function updateAddress(db: Db, userId: string, addressId: string, input: AddressInput): Address {
  const updated = db
    .update(addresses)
    .set(fields(input))
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .returning()
    .get();
  if (!updated) throw new ServiceError(404, "addresses.errors.notFound");
  return updated;
}

/** Deleting the default hands the role to the earliest remaining address. */
export function deleteAddress(db: Db, userId: string, addressId: string): void {
  db.transaction(
    (tx) => {
      ownAddress(tx, userId, addressId);
      tx.delete(addresses).where(and(eq(addresses.id, addressId), eq(addresses.userId, userId))).run();
      const promote = promotedDefault(listAddresses(tx, userId));
      if (promote) {
        tx.update(addresses).set({ isDefault: true }).where(and(eq(addresses.id, promote), eq(addresses.userId, userId))).run();
      }
    },
    { behavior: "immediate" },
  );
}

export function makeDefaultAddress(db: Db, userId: string, addressId: string): Address {
  return db.transaction(
    (tx) => {
      ownAddress(tx, userId, addressId);
      tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId)).run();
      return tx
        .update(addresses)
        .set({ isDefault: true })
        .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
        .returning()
        .get()!;
    },
    { behavior: "immediate" },
  );
}

/** An address as the API shows it. */
export function addressJson(address: Address) {
  return {
    id: address.id,
    city: address.city,
    street: address.street,
    houseNumber: address.houseNumber,
    notes: address.notes,
    isDefault: address.isDefault,
  };
}

/** What the address pickers need: each address ready to drop into a form, default first. */
export function savedAddressOptions(db: Queryable, userId: string): readonly SavedAddressOption[] {
  return listAddresses(db, userId)
    .map((a) => ({ id: a.id, isDefault: a.isDefault, street: streetLine(a), city: a.city, notes: a.notes ?? "", line: addressLine(a) }))
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

/**
 * Without JavaScript a checkout form sends `savedAddressId` from its picker: the chosen address
 * (the member's own only) replaces the typed fields before the form is checked. With
 * JavaScript the picker fills the fields in the browser and sends no id.
 */
export function applySavedAddress(
  db: Queryable,
  userId: string,
  formData: FormData,
  names: { street: string; city: string; notes?: string },
): FormData {
  const id = formData.get("savedAddressId");
  if (typeof id !== "string" || !id) return formData;
  const chosen = db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .get();
  if (!chosen) return formData;
  formData.set(names.street, streetLine(chosen));
  formData.set(names.city, chosen.city);
  if (names.notes && chosen.notes) formData.set(names.notes, chosen.notes);
  return formData;
}
