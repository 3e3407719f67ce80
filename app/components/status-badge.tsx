import { useTranslation } from "~/components/use-translation";
import type { DeliveryType, OrderStatus } from "~/domain/enums";
import { orderStatusKey } from "~/domain/order-words";

/** An order's state in the one vocabulary (domain/order-words.ts): "to pay at pickup", "collected". */
export function StatusBadge({ status, deliveryType }: { status: OrderStatus; deliveryType: DeliveryType | null }) {
  const { t } = useTranslation();
  const tone = {
    PENDING: "bg-amber-100 text-amber-900",
    PAID: "bg-sky-100 text-sky-900",
    FULFILLED: "bg-brand-100 text-brand-800",
    CANCELED: "bg-red-100 text-red-800",
    REFUNDED: "bg-purple-100 text-purple-900",
  }[status];
  return <span className={`status-badge ${tone}`} data-testid="order-status">{t(orderStatusKey(status, deliveryType))}</span>;
}
