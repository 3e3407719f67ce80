/**
 * Only same-site paths may be redirected to: "/orders" yes; "//evil.example", "https://…",
 * "/\\evil" and anything else no (then `fallback`).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) {
    return fallback;
  }
  if (/[\u0000-\u001f]/.test(to)) return fallback;
  // The target goes into a Location header, which carries bytes: a Hebrew slug, search term or
  // card anchor goes percent-encoded, as a browser writes it (it decodes the anchor to find it).
  try {
    return to.replace(/[^\u0000-\u007e]+/g, (run) => encodeURIComponent(run));
  } catch {
    // a lone surrogate: no URL can carry it
    return fallback;
  }
}
