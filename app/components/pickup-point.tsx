// One way to show where and when a member collects (issue #45): a pickup point's address, its
// day (in a given week, the date) and its hours. The deal page, sign-up, /groups, the checkout,
// the order, success and receipt pages all use these, so they cannot promise different things.
import { useTranslation } from "~/components/use-translation";
import { pickupWhenText, type ShownPickupPoint } from "~/domain/pickup-point";

type PointWhen = Pick<ShownPickupPoint, "pickupDays" | "pickupStartTime" | "pickupEndTime">;

/**
 * "Friday, 27/11 · 09:00–12:00" for a week (its order deadline given), else the point's
 * weekdays: "Thursday, Friday · 16:00–19:00" (domain/pickup-point.ts).
 */
export function usePickupWhen() {
  const { t, i18n } = useTranslation();
  return (point: PointWhen, orderDeadline?: Date | string | null) => pickupWhenText(point, orderDeadline, i18n.language, (d) => t(`days.${d}`));
}

/** "Herzl 12 · Friday, 27/11 · 09:00–12:00", with the point's instructions when asked. */
export function PickupPointText({
  point,
  orderDeadline,
  withInstructions = false,
}: {
  point: Pick<ShownPickupPoint, "address" | "instructions" | "when"> & PointWhen;
  orderDeadline?: Date | string | null;
  withInstructions?: boolean;
}) {
  const when = usePickupWhen();
  return (
    <span data-testid="pickup-point-text">
      <bdi className="font-medium">{point.address}</bdi> · {point.when ?? when(point, orderDeadline)}
      {withInstructions && point.instructions ? (
        <>
          {" · "}
          <bdi>{point.instructions}</bdi>
        </>
      ) : null}
    </span>
  );
}

/** A community's active points, one line each; or that it has none yet. */
export function PickupPointList({ points, orderDeadline, withInstructions = true }: { points: readonly ShownPickupPoint[]; orderDeadline?: Date | string | null; withInstructions?: boolean }) {
  const { t } = useTranslation();
  if (points.length === 0) return <p className="text-fg-muted">{t("pickupPoint.none")}</p>;
  return (
    <ul className="grid gap-1" aria-label={t("pickupPoint.listLabel")}>
      {points.map((p) => (
        <li key={p.id} data-testid="community-pickup-point">
          <PickupPointText point={p} orderDeadline={orderDeadline} withInstructions={withInstructions} />
        </li>
      ))}
    </ul>
  );
}
