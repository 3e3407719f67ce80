// Inline SVG icons (no icon font, no library): 24x24 strokes that follow the text colour.
import type { SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement>;

/** The stroke and fill come from the `icon` class (app.css), not five attributes on each icon. */
function Icon({ children, className, ...props }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" className={className ? `icon ${className}` : "icon"} {...props}>
      {children}
    </svg>
  );
}

export const CartIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="9" cy="20" r="1.5" />
    <circle cx="18" cy="20" r="1.5" />
    <path d="M2 3h3l2.7 12.2a2 2 0 0 0 2 1.6h8.1a2 2 0 0 0 2-1.5L22 7H6.2" />
  </Icon>
);
const HEART_PATH = "M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z";
export const HeartIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d={HEART_PATH} />
  </Icon>
);

/**
 * The heart drawn once for a grid of cards, for each card's heart to show by reference
 * (HeartIconUse): 24 inline hearts were 6 kB of a /deals document. Its fill comes from the
 * <svg> that uses it (empty or filled), its stroke from the text colour.
 */
export const HeartSymbol = ({ id }: { id: string }) => (
  <svg className="hidden" aria-hidden="true">
    <symbol id={id} viewBox="0 0 24 24" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={HEART_PATH} />
    </symbol>
  </svg>
);
export const HeartIconUse = ({ symbolId, ...p }: IconProps & { symbolId: string }) => (
  <svg width="24" height="24" aria-hidden="true" {...p}>
    <use href={`#${symbolId}`} />
  </svg>
);
export const BellIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
    <path d="M13.7 21a2 2 0 0 1-3.4 0" />
  </Icon>
);
export const SearchIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Icon>
);
export const MenuIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 6h18M3 12h18M3 18h18" />
  </Icon>
);
export const SunIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </Icon>
);
export const MoonIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
  </Icon>
);
export const MonitorIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="2" y="3" width="20" height="14" rx="2" />
    <path d="M8 21h8M12 17v4" />
  </Icon>
);
export const LeafIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M11 20A7 7 0 0 1 4 13c0-6 6-9 16-10-1 10-4 16-10 16" />
    <path d="M4 21c3-5 6-8 10-10" />
  </Icon>
);

/** A clock: how long until the week's orders close (the countdowns). */
export const ClockIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="13" r="8" />
    <path d="M12 9v4l2.5 2.5M10 2h4" />
  </Icon>
);
/** An arrow down: the price that falls at the community's next tier. */
export const ArrowDownIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 4v16M18 14l-6 6-6-6" />
  </Icon>
);
/** A party popper with confetti: a tier reached, an order placed. */
export const PartyIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 21l4.5-12 7.5 7.5z" />
    <path d="M14 3v2M19 8h2M17 6l2-2M11.5 7.5c1-1.2 1-3-.2-4.2M16.5 12.5c1.2-1 3-1 4.2.2" />
  </Icon>
);
/** Sliders: the deal list's filters. */
export const SlidersIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
    <circle cx="15" cy="6" r="2" />
    <circle cx="9" cy="12" r="2" />
    <circle cx="17" cy="18" r="2" />
  </Icon>
);
/**
 * "Back": drawn pointing left, and mirrored on a right-to-left page, where back is to the right.
 * The head is a path of its own (data-arrow-head) so a test can tell where it points.
 */
export const BackArrowIcon = ({ className, ...p }: IconProps) => (
  <Icon className={className ? `rtl:-scale-x-100 ${className}` : "rtl:-scale-x-100"} {...p}>
    <path d="M20 12H5" />
    <path d="M11 6l-6 6 6 6" data-arrow-head="" />
  </Icon>
);
/** A tick: done, reached. */
export const CheckIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12.5l4.5 4.5L19 7" />
  </Icon>
);
