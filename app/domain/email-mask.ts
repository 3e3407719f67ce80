// An e-mail address as a page may show it to whoever holds a link: enough for its owner to
// know it, not enough to learn it. Pure.

/** "noa.cohen@example.com" -> "n***@example.com"; the domain stays, the name keeps its first letter. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
