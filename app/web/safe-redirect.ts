/**
 * Only same-site paths may be redirected to: "/orders" yes; "//evil.example", "https://…",
 * "/\\evil" and anything else no (then `fallback`).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) {
    return fallback;
  }
  if (/[\u0000-\u001f]/.test(to)) return fallback;
  return to;
}
