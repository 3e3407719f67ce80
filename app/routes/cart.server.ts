// The /cart page's action: every cart form on every page posts here, then goes back where it
// came from with a toast. The work is in services/cart.server.ts, as for /api/cart.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { dbContext, userContext } from "~/context";
import { addLinesToCart, addToCart, clearCart, removeFromCart, setCartQty } from "~/services/cart.server";
import { ServiceError } from "~/domain/errors";
import { AddToCartSchema, CartQtySchema } from "~/domain/shop-schemas";
import { redirectWithToast } from "~/web/toast.server";
import { readForm } from "~/web/form.server";
import { backAfterCardPost, withCardFields } from "./card-forms.server";

type Ctx = Readonly<RouterContextProvider>;

function parseQty(formData: FormData) {
  const submission = parseWithZod(formData, { schema: CartQtySchema });
  return submission.status === "success" ? submission.value.qty : null;
}

export async function cartAction(request: Request, context: Ctx) {
  const formData = withCardFields(await readForm(request));
  const back = backAfterCardPost(context.get(dbContext), formData, "/cart");
  const user = context.get(userContext);
  if (!user) {
    return redirectWithToast(request, `/login?redirect=${encodeURIComponent(back)}`, {
      variant: "warning",
      title: "shop.toast.registrationRequired",
      description: "shop.toast.loginForCart",
    });
  }
  const db = context.get(dbContext);
  const intent = formData.get("intent");
  const fail = (title: string, description?: string) => redirectWithToast(request, back, { variant: "destructive", title, description });

  try {
    switch (intent) {
      case "add": {
        const submission = parseWithZod(formData, { schema: AddToCartSchema });
        if (submission.status !== "success") {
          const noGroup = !formData.get("groupId");
          return noGroup ? fail("shop.errors.noGroupCard") : fail("shop.errors.addToCartCard");
        }
        await addToCart(db, user.id, submission.value);
        return redirectWithToast(request, back, { variant: "success", title: "shop.toast.added" });
      }
      case "bulk-add": {
        // Each checkbox is "dealId:groupId"; a card's quantity in bulk mode is 1.
        const lines = formData
          .getAll("line")
          .map(String)
          .map((value) => value.split(":"))
          .filter(([dealId]) => dealId);
        if (lines.length === 0) return redirectWithToast(request, back, { variant: "warning", title: "shop.errors.noSelection" });
        // A line without its community's group (a form from before the week closed, a tampered
        // one) cannot join the cart: nothing is added, rather than the rest counted as all of it.
        if (lines.some(([, groupId]) => !groupId)) return fail("shop.errors.bulkAdd", "shop.errors.noGroup");
        await addLinesToCart(db, user.id, lines.map(([dealId, groupId]) => ({ dealId: dealId!, groupId: groupId!, qty: 1 })));
        return redirectWithToast(request, "/cart", { variant: "success", title: "shop.toast.addedMany", values: { count: lines.length } });
      }
      case "update": {
        // The cart's stepper sends this by itself with JavaScript (a fetcher, `via=fetcher`): it
        // gets an answer in place, and the page's data revalidates; no toast per tap.
        const quiet = formData.get("via") === "fetcher";
        const qty = parseQty(formData);
        const dealId = String(formData.get("dealId") ?? "");
        if (qty === null || !dealId) return quiet ? data({ error: "shop.errors.updateQty" }, { status: 400 }) : fail("shop.errors.updateQty");
        try {
          await setCartQty(db, user.id, dealId, qty);
        } catch (error) {
          if (quiet && error instanceof ServiceError) return data({ error: error.messageKey }, { status: error.status });
          throw error;
        }
        return quiet ? { ok: true as const } : redirectWithToast(request, back, { variant: "success", title: "shop.toast.qtyUpdated" });
      }
      case "remove": {
        await removeFromCart(db, user.id, String(formData.get("dealId") ?? ""));
        return redirectWithToast(request, back, { variant: "success", title: "shop.toast.removed" });
      }
      case "clear": {
        clearCart(db, user.id);
        return redirectWithToast(request, "/cart", { variant: "success", title: "shop.toast.cleared" });
      }
      default:
        return redirect(back);
    }
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const title = {
      add: error.messageKey === "shop.errors.noGroup" ? "shop.errors.noGroupCard" : "shop.errors.addToCartCard",
      "bulk-add": "shop.errors.bulkAdd",
      update: "shop.errors.updateQty",
      remove: "shop.errors.remove",
      clear: "shop.errors.clear",
    }[String(intent)] ?? "errors.title";
    return redirectWithToast(request, back, { variant: "destructive", title, description: error.messageKey });
  }
}
