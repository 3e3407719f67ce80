import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** Under 6 hours left is "urgent" (spec). */
export const URGENT_MS = 6 * 60 * 60 * 1000;

function remaining(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hh = String(Math.floor((total % 86_400) / 3600)).padStart(2, "0");
  const mm = String(Math.floor((total % 3600) / 60)).padStart(2, "0");
  const ss = String(total % 60).padStart(2, "0");
  return days > 0 ? `${days}d ${hh}:${mm}:${ss}` : `${hh}:${mm}:${ss}`;
}

/**
 * Time left to the deadline: the server renders the value, JavaScript makes it tick each second.
 * `now` is the server's clock at render time, so server and browser agree on first paint.
 */
export function Countdown({ deadline, now }: { deadline: string; now: string }) {
  const { t } = useTranslation();
  const end = new Date(deadline).getTime();
  const [current, setCurrent] = useState(() => new Date(now).getTime());
  useEffect(() => {
    setCurrent(Date.now());
    const timer = setInterval(() => setCurrent(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = end - current;
  if (left <= 0) return <span className="font-semibold">{t("shop.cycle.closed")}</span>;
  const urgent = left < URGENT_MS;
  return (
    <span className={urgent ? "font-bold text-red-700 dark:text-red-300" : "font-semibold"} data-urgent={urgent} data-testid="countdown">
      {t("shop.cycle.countdown", { time: remaining(left) })}
      {urgent ? ` · ${t("shop.cycle.urgent")}` : null}
    </span>
  );
}
