// One look for every mail the product sends: right-to-left or left-to-right by the reader's
// language, paragraphs, an optional list of lines, one button, a quiet footer. The plain-text
// part says the same in the same order, so a mail reads the same in any client.
import { escapeHtml } from "./mail.server";

export interface MailContent {
  /** "rtl" or "ltr" (the locale's mail.dir) */
  dir: string;
  paragraphs: readonly string[];
  /** item lines, shown as a list after the paragraphs */
  lines?: readonly string[];
  /** paragraphs after the list */
  after?: readonly string[];
  cta?: { text: string; link: string };
  footer?: string;
  /** who sends it: the organiser's business and how to reach it (site settings), last */
  sender?: string | null;
  /** an optional mail's own way out (mail-preferences.server.ts), under the footer */
  unsubscribe?: { text: string; link: string };
}

/** Strips the bidi isolates the pages use: a mail client shows them as boxes, in a subject most of all. */
export function plainText(text: string): string {
  return text.replace(/[\u2066-\u2069]/g, "");
}

/** A mail's first line: her first name when we have it. `t` is the reader's translator. */
export function greetingLine(t: (key: string, values?: Record<string, unknown>) => string, firstName: string | null): string {
  return firstName ? t("mail.order.greeting", { name: firstName }) : t("mail.order.greetingNoName");
}

const BUTTON = "background:#16803f;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;display:inline-block";

/** The mail's plain-text and HTML bodies. */
export function mailBodies({ dir, paragraphs, lines = [], after = [], cta, footer, sender, unsubscribe }: MailContent): { text: string; html: string } {
  const text = [
    ...paragraphs,
    ...(lines.length ? [lines.map((line) => `- ${line}`).join("\n")] : []),
    ...after,
    ...(cta ? [`${cta.text}: ${cta.link}`] : []),
    ...(footer ? [footer] : []),
    ...(sender ? [sender] : []),
    ...(unsubscribe ? [`${unsubscribe.text}: ${unsubscribe.link}`] : []),
  ].join("\n\n");
  const html = [
    `<div dir="${dir === "ltr" ? "ltr" : "rtl"}" style="font-family:sans-serif;line-height:1.6">`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    lines.length ? `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>` : "",
    ...after.map((p) => `<p>${escapeHtml(p)}</p>`),
    cta ? `<p><a href="${escapeHtml(cta.link)}" style="${BUTTON}">${escapeHtml(cta.text)}</a></p>` : "",
    footer ? `<p style="color:#555;font-size:13px">${escapeHtml(footer)}</p>` : "",
    sender ? `<p style="color:#555;font-size:13px">${escapeHtml(sender)}</p>` : "",
    unsubscribe ? `<p style="color:#555;font-size:13px"><a href="${escapeHtml(unsubscribe.link)}" style="color:#555">${escapeHtml(unsubscribe.text)}</a></p>` : "",
    "</div>",
  ].join("");
  return { text, html };
}
