import { useEffect, useState } from "react";
import { useTranslation } from "~/components/use-translation";
import { andKey, countdownState, REFETCH_AFTER_EXPIRY_MS, REFETCH_EVERY_MS, roughRemaining, splitRemaining, type DeadlineAnswer } from "~/domain/countdown";

/**
 * The order-deadline countdown. The server renders the right state (so it reads right without
 * JavaScript); in the browser it ticks every second, asks /api/order-deadline again every
 * minute, and once more 5 seconds after the deadline passes. `short` reads "closes in 2 days
 * 4 h" (beside a price) instead of the ticking "2 days 03:04:05 left".
 */
export function Countdown({
  initial,
  now,
  communityId,
  short = false,
}: {
  initial: DeadlineAnswer | "error";
  now: string;
  communityId?: string;
  short?: boolean;
}) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<DeadlineAnswer | "error">(initial);
  const [clock, setClock] = useState(() => new Date(now).getTime());

  useEffect(() => {
    setClock(Date.now());
    const tick = setInterval(() => setClock(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);

  useEffect(() => {
    let cancelled = false;
    const url = `/api/order-deadline${communityId ? `?communityId=${encodeURIComponent(communityId)}` : ""}`;
    const refetch = async () => {
      try {
        const response = await fetch(url, { headers: { "Cache-Control": "no-cache" } });
        if (!response.ok) throw new Error(`Failed to fetch deadline: ${response.status}`);
        const body = (await response.json()) as DeadlineAnswer;
        if (!cancelled) setAnswer({ orderDeadline: body.orderDeadline, isOrderingOpen: body.isOrderingOpen });
      } catch {
        if (!cancelled) setAnswer("error");
      }
    };
    const every = setInterval(refetch, REFETCH_EVERY_MS);
    const deadline = answer !== "error" && answer.orderDeadline ? new Date(answer.orderDeadline).getTime() : null;
    const afterExpiry = deadline && deadline > Date.now() ? setTimeout(refetch, deadline - Date.now() + REFETCH_AFTER_EXPIRY_MS) : undefined;
    return () => {
      cancelled = true;
      clearInterval(every);
      if (afterExpiry) clearTimeout(afterExpiry);
    };
  }, [communityId, answer]);

  const state = countdownState(answer, clock);
  switch (state.kind) {
    case "loading":
      return <span className="text-fg-muted">…</span>;
    case "error":
      return <span data-testid="countdown">{t("shop.cycle.noCycle")}</span>;
    case "no-deadline":
      return <span data-testid="countdown">{t("shop.cycle.waiting")}</span>;
    case "closed":
      return <span className="font-semibold" data-testid="countdown">{t("shop.cycle.closed")}</span>;
    case "counting": {
      if (short) {
        const { days, hours, minutes } = roughRemaining(state.remainingMs);
        const parts = [
          days ? t("browse.time.days", { count: days }) : null,
          hours ? t("browse.time.hours", { count: hours }) : null,
          minutes ? t("browse.time.minutes", { count: minutes }) : null,
        ].filter((part) => part !== null);
        const time = parts.length === 2 ? t(andKey(parts[1]!), { first: parts[0], second: parts[1] }) : parts[0];
        return (
          <span className={state.urgent ? "font-bold text-red-700 dark:text-red-300" : "font-semibold"} data-urgent={state.urgent} data-testid="closes-in">
            {t("browse.closesIn", { time })}
          </span>
        );
      }
      const { days, clock: hms } = splitRemaining(state.remainingMs);
      const time = days > 0 ? `${t("shop.cycle.days", { count: days })} ${hms}` : hms;
      return (
        <span className={state.urgent ? "font-bold text-red-700 dark:text-red-300" : "font-semibold"} data-urgent={state.urgent} data-testid="countdown">
          {t("shop.cycle.countdown", { time })}
          {state.urgent ? ` · ${t("shop.cycle.urgent")}` : null}
        </span>
      );
    }
  }
}
