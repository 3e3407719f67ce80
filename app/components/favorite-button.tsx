import { useTranslation } from "~/components/use-translation";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { HeartIcon, HeartIconUse } from "./icons";

/** 10 particles flying out over 800 ms when a heart fills (spec: 8-12 particles, 800 ms). */
const PARTICLES = 10;
export const BURST_MS = 800;

/**
 * True from the moment an add starts until the burst has played its 800 ms, however soon the
 * server answers (it answers in ~70 ms, which used to cut the burst off). Reduced motion hides
 * the particles in CSS.
 */
function useBurst(adding: boolean): boolean {
  const [playing, setPlaying] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!adding) return;
    setPlaying(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setPlaying(false), BURST_MS);
  }, [adding]);
  return adding || playing;
}
function Burst() {
  return (
    <span aria-hidden="true" className="pointer-events-none absolute inset-0">
      {Array.from({ length: PARTICLES }, (_, i) => (
        <span key={i} className="heart-particle" style={{ "--angle": `${(360 / PARTICLES) * i}deg` } as React.CSSProperties} />
      ))}
    </span>
  );
}

/**
 * The heart: a form POST to /favorites. With JavaScript the fetcher shows the new state at
 * once; if the server refuses, the page revalidates and the heart rolls back on its own. A
 * guest's heart posts too, and the server sends her to sign in with the spec's "registration
 * required" toast (so nothing is shown as saved). A deal card's heart is a button of its grid's
 * heart form instead (components/deal-card.tsx).
 */
export function FavoriteButton({ dealId, isFavorite, signedIn, className = "" }: { dealId: string; isFavorite: boolean; signedIn: boolean; className?: string }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const pending = signedIn ? fetcher.formData?.get("intent") : undefined;
  const shown = pending ? pending === "add" : isFavorite;
  return (
    <fetcher.Form method="post" action="/favorites" preventScrollReset className={className}>
      <input type="hidden" name="dealId" value={dealId} />
      <input type="hidden" name="intent" value={shown ? "remove" : "add"} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <HeartButton shown={shown} bursting={pending === "add"} />
    </fetcher.Form>
  );
}

/**
 * The heart itself: pressed when the deal is a favorite, a burst while one is being added. A
 * card's heart names the grid's form and carries "add:<deal id>" or "remove:<deal id>".
 */
export function HeartButton({
  shown,
  bursting,
  position = "relative",
  symbolId,
  ...submits
}: {
  shown: boolean;
  bursting: boolean;
  /** a HeartSymbol's id on the page: the heart is drawn by reference (a grid's cards) */
  symbolId?: string;
  /** where it sits (the burst is placed inside it, so it must be positioned): a card's is absolute */
  position?: string;
  form?: string;
  name?: string;
  value?: string;
}) {
  const { t } = useTranslation();
  const burst = useBurst(bursting);
  return (
    <button
      type="submit"
      {...submits}
      aria-pressed={shown}
      aria-label={shown ? t("shop.card.favoriteRemove") : t("shop.card.favoriteAdd")}
      className={`${position} round-button transition hover:scale-105 ${shown ? "text-red-600" : "text-fg-muted"}`}
    >
      {symbolId ? (
        <HeartIconUse symbolId={symbolId} className="size-5" fill={shown ? "currentColor" : "none"} />
      ) : (
        <HeartIcon className={shown ? "size-5 fill-current" : "size-5"} />
      )}
      {burst ? <Burst /> : null}
    </button>
  );
}
