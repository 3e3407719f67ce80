import { useEffect, useState } from "react";

const COLORS = ["#22a05a", "#f08a24", "#facc15", "#ef4444", "#38bdf8"];

/** About two seconds of falling confetti; only with JavaScript, and not for reduced motion. */
export function Confetti() {
  const [pieces, setPieces] = useState<{ left: number; delay: number; color: string }[]>([]);
  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    setPieces(Array.from({ length: 40 }, (_, i) => ({ left: Math.random() * 100, delay: Math.random() * 0.6, color: COLORS[i % COLORS.length] })));
    const timer = setTimeout(() => setPieces([]), 2000);
    return () => clearTimeout(timer);
  }, []);
  if (pieces.length === 0) return null;
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 z-50 overflow-hidden">
      {pieces.map((p, i) => (
        <span
          key={i}
          className="confetti-piece absolute top-0 block h-3 w-2 rounded-sm"
          style={{ insetInlineStart: `${p.left}%`, backgroundColor: p.color, animationDelay: `${p.delay}s` }}
        />
      ))}
    </div>
  );
}
