import { useTranslation } from "~/components/use-translation";
import { Link, redirect } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { Confetti } from "~/components/confetti";
import { dbContext } from "~/context";
import { getInstance } from "~/web/i18next.server";
import { orderNumber } from "~/domain/order-status";
import { findOrderForUser } from "~/services/orders.server";
import type { Route } from "./+types/order-success";

export function loader({ request, context }: Route.LoaderArgs) {
  const orderId = new URL(request.url).searchParams.get("orderId");
  if (!orderId) throw redirect("/");
  const user = requireUser(context, request);
  const found = findOrderForUser(context.get(dbContext), user.id, orderId);
  if (!found) throw redirect("/orders");
  return { title: getInstance(context).t("shop.success.metaTitle"), orderId, number: orderNumber(orderId) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export default function OrderSuccess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-14 text-center">
      <Confetti />
      <p className="text-5xl" aria-hidden="true">🎉</p>
      <h1 className="mt-4 text-3xl font-bold">{t("shop.success.title")}</h1>
      <p className="mt-3 text-lg font-semibold" data-testid="order-number">{t("shop.success.orderNumber", { number: loaderData.number })}</p>
      <p className="mt-1 text-fg-muted">{t("shop.success.status")}</p>
      <p className="text-fg-muted">{t("shop.success.payment")}</p>
      <div className="mt-8 rounded-2xl border border-line bg-surface p-5 text-start">
        <h2 className="font-semibold">{t("shop.success.nextTitle")}</h2>
        <ol className="mt-2 grid list-decimal gap-1 ps-5 text-sm leading-6">
          <li>{t("shop.success.next1")}</li>
          <li>{t("shop.success.next2")}</li>
          <li>{t("shop.success.next3")}</li>
        </ol>
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/orders" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white">{t("shop.success.orders")}</Link>
        <Link to="/" className="rounded-lg border border-line px-5 py-2.5 font-semibold hover:bg-muted">{t("shop.success.home")}</Link>
        <Link to={`/contact?order=${loaderData.number}`} className="rounded-lg border border-line px-5 py-2.5 font-semibold hover:bg-muted">{t("shop.success.contact")}</Link>
      </div>
    </section>
  );
}
