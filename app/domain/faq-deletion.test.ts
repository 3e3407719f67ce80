// The FAQ's answer on deleting an account tells what the settings page does today (issue 50:
// it still said deletion "will be available"; it has been there since the privacy work).
import { describe, expect, it } from "vitest";
import enAccount from "~/locales/en/account.json";
import enPages from "~/locales/en/pages.json";
import heAccount from "~/locales/he/account.json";
import hePages from "~/locales/he/pages.json";

describe("the FAQ on deleting an account", () => {
  for (const [lang, pages, account] of [
    ["he", hePages, heAccount],
    ["en", enPages, enAccount],
  ] as const) {
    it(`names the settings page's own section and promises nothing to come (${lang})`, () => {
      const answer = pages.faq.items.deleteAccount.a;
      expect(answer.toLowerCase()).toContain(account.account.deletion.title.toLowerCase());
      expect(answer).not.toMatch(/will be available|until then|תהיה זמינה|עד אז/i);
    });
  }
});
