import { describe, expect, it } from "vitest";
import { translations } from "../locales";
import { deletedAccountEmail, isDeleteConfirmWord } from "./account-deletion";

const WORDS = [translations.he.account.deletion.word, translations.en.account.deletion.word];

describe("confirming an account deletion", () => {
  it("takes the word in either language, whatever the case and the spaces around it", () => {
    expect(isDeleteConfirmWord(translations.he.account.deletion.word, WORDS)).toBe(true);
    expect(isDeleteConfirmWord("  DELETE ", WORDS)).toBe(true);
    expect(isDeleteConfirmWord("delet", WORDS)).toBe(false);
    expect(isDeleteConfirmWord("", WORDS)).toBe(false);
    expect(isDeleteConfirmWord(translations.he.account.deletion.word.slice(0, -1), WORDS)).toBe(false);
  });

  it("gives a deleted account an e-mail nobody can receive and no one else has", () => {
    expect(deletedAccountEmail("abc")).toBe("deleted-abc@deleted.invalid");
    expect(deletedAccountEmail("abc")).not.toBe(deletedAccountEmail("abd"));
  });
});
