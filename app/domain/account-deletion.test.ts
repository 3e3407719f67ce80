import { describe, expect, it } from "vitest";
import { deletedAccountEmail, isDeleteConfirmWord } from "./account-deletion";

describe("confirming an account deletion", () => {
  it("takes the word in either language, whatever the case and the spaces around it", () => {
    expect(isDeleteConfirmWord("מחיקה")).toBe(true);
    expect(isDeleteConfirmWord("  DELETE ")).toBe(true);
    expect(isDeleteConfirmWord("delet")).toBe(false);
    expect(isDeleteConfirmWord("")).toBe(false);
    expect(isDeleteConfirmWord("מחק")).toBe(false);
  });

  it("gives a deleted account an e-mail nobody can receive and no one else has", () => {
    expect(deletedAccountEmail("abc")).toBe("deleted-abc@deleted.invalid");
    expect(deletedAccountEmail("abc")).not.toBe(deletedAccountEmail("abd"));
  });
});
