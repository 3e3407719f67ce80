import { useTranslation } from "~/components/use-translation";
import { Link, redirect } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { DealGrid } from "~/components/deal-card";
import { dbContext, userContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { ServiceError } from "~/domain/errors";
import { addFavorite, listFavoriteDeals, removeFavorite } from "~/services/favorites.server";
import { toDealCard } from "~/services/deals.server";
import { FavoriteSchema } from "~/domain/shop-schemas";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/favorites";
import { readForm } from "~/web/form.server";
import { backAfterCardPost, withCardFields } from "./card-forms.server";

export function loader({ url, context }: Route.LoaderArgs) {
  const user = requireUser(context, url);
  const t = getTranslate(context);
  return {
    title: t("shop.favorites.metaTitle"),
    deals: listFavoriteDeals(context.get(dbContext), { userId: user.id, communityId: user.communityId }).map(toDealCard),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

/** Every heart posts here: intent add or remove, then back to the page it was on. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = withCardFields(await readForm(request));
  const back = backAfterCardPost(context.get(dbContext), formData, "/favorites");
  const user = context.get(userContext);
  if (!user) {
    return redirectWithToast(request, `/login?redirect=${encodeURIComponent(back)}`, {
      variant: "warning",
      title: "shop.toast.registrationRequired",
      description: "shop.toast.loginForFavorites",
    });
  }
  const parsed = FavoriteSchema.safeParse({ dealId: formData.get("dealId") });
  const intent = formData.get("intent");
  if (!parsed.success || (intent !== "add" && intent !== "remove")) return redirect(back);
  try {
    const db = context.get(dbContext);
    if (intent === "add") addFavorite(db, user.id, parsed.data.dealId);
    else removeFavorite(db, user.id, parsed.data.dealId);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return redirectWithToast(request, back, { variant: "destructive", title: "errors.title", description: "shop.errors.favorite" });
  }
  return redirectWithToast(request, back, {
    variant: "success",
    title: intent === "add" ? "shop.toast.favoriteAdded" : "shop.toast.favoriteRemoved",
  });
}

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const deals = loaderData.deals;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("shop.favorites.title")}</h1>
      {deals.length === 0 ? (
        <div className="mt-10 text-center">
          <p className="text-lg font-semibold">{t("shop.favorites.emptyTitle")}</p>
          <p className="mt-2 text-fg-muted">{t("shop.favorites.emptyText")}</p>
        </div>
      ) : (
        <DealGrid deals={deals} signedIn headingLevel={2} className="mt-6" />
      )}
      <Link to="/deals" className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        {t("shop.favorites.browse")}
      </Link>
    </section>
  );
}
