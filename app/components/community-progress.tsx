import { useTranslation } from "~/components/use-translation";
import { useFormatShekel } from "./price";
import { NAME_SLOT, withName } from "./with-name";
import { hasMinimum } from "~/domain/week-minimum";
import { reachedLevel, tierLevel } from "~/domain/tier-names";
import { useTierName } from "./use-tier-name";

export interface ProgressData {
  communityName: string;
  revenue: number;
  discountPercent: number;
  appliedTierName: string | null;
  next: { tierName: string; minRevenue: number; discountPercent: number } | null;
  progressPercent: number;
  tiers: { minRevenue: number; discountPercent: number; tierName: string }[];
  /** agorot; the week's minimum, 0 for none: only a week with one is told what missing it does */
  minimum?: number;
}

/**
 * The community's week: revenue, the tier reached, the bar toward the next tier, the tiers.
 */
export function CommunityProgress({ data, compact = false }: { data: ProgressData; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <section
      className="rounded-2xl border border-line bg-surface p-4"
      aria-label={t("shop.community.progressTitle", { name: data.communityName })}
      data-testid="community-progress"
    >
      <ProgressContent data={data} compact={compact} />
    </section>
  );
}

function ProgressContent({ data, compact }: { data: ProgressData; compact: boolean }) {
  const { t } = useTranslation();
  const shekel = useFormatShekel();
  const tierName = useTierName();
  return (
    <>
      <p className="font-semibold">{withName(t("shop.community.progressTitle", { name: NAME_SLOT }), data.communityName)}</p>
      <p className="mt-1 text-sm text-fg-muted">{t("shop.community.revenue", { amount: shekel(data.revenue) })}</p>
      <div
        className="mt-3 h-3 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={t("shop.community.progressTitle", { name: data.communityName })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={data.progressPercent}
      >
        <div className="h-full rounded-full bg-brand-500" style={{ inlineSize: `${data.progressPercent}%` }} />
      </div>
      <p className="mt-2 text-sm">
        {/* Tier names are the admins' words, in either language: isolated in the sentence. */}
        {data.appliedTierName
          ? withName(t("shop.community.currentTier", { tier: NAME_SLOT, percent: data.discountPercent }), tierName(data.appliedTierName, reachedLevel(data.tiers, data.revenue)))
          : t("shop.community.noTierYet")}
        {" · "}
        {data.next
          ? withName(t("shop.community.nextTier", { amount: shekel(data.next.minRevenue - data.revenue), tier: NAME_SLOT, percent: data.next.discountPercent }), tierName(data.next.tierName, tierLevel(data.tiers, data.next.minRevenue)))
          : t("shop.community.allTiers")}
      </p>
      {data.minimum && hasMinimum(data.minimum) ? (
        <p className="mt-2 text-sm text-fg-muted" data-testid="week-minimum-note">{t("shop.community.weekMinimum.note", { amount: shekel(data.minimum) })}</p>
      ) : null}
      {compact ? null : (
        <ol className="mt-3 grid grid-cols-2 gap-2 text-xs sm:grid-cols-4" aria-label={t("shop.community.tiersLabel")}>
          {data.tiers.map((tier) => {
            const reached = data.revenue >= tier.minRevenue;
            return (
              <li key={tier.minRevenue} className={`rounded-lg border px-2 py-1.5 ${reached ? "border-brand-500 bg-brand-50 dark:bg-brand-800" : "border-line"}`}>
                {t("shop.community.tierRow", { name: tierName(tier.tierName, tierLevel(data.tiers, tier.minRevenue)), amount: shekel(tier.minRevenue), percent: tier.discountPercent })}
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}
