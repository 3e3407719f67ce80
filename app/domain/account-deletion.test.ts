import { describe, expect, it } from "vitest";
import { translations } from "../locales";
import { deletedAccountEmail, isDeleteConfirmWord, redactPersonalData } from "./account-deletion";

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

describe("an audit payload about a deleted account", () => {
  const payload = {
    actorUserId: "u1",
    entityId: "app1",
    after: { id: "app1", userId: "u1", businessName: "Noa's garden", contactName: "Noa Levi", phone: "050-1234567", email: "noa@example.com", description: "tomatoes", status: "PENDING" },
    before: { status: "PENDING", deliveryAddress: "Herzl 5", deliveryPhone: "050", items: [{ firstName: "Noa", qty: 2 }] },
    note: "called noa@example.com",
  };

  it("keeps ids, statuses and amounts, and drops names, phones, e-mails, addresses and notes", () => {
    expect(redactPersonalData(payload, ["noa@example.com"])).toEqual({
      actorUserId: "u1",
      entityId: "app1",
      after: { id: "app1", userId: "u1", status: "PENDING" },
      before: { status: "PENDING", items: [{ qty: 2 }] },
    });
  });

  it("cuts her e-mail and phone out of any other text, whatever the case", () => {
    expect(redactPersonalData({ comment2: "mail NOA@example.com or 050-1234567" }, ["noa@example.com", "050-1234567"])).toEqual({ comment2: "mail [deleted] or [deleted]" });
    expect(redactPersonalData({ text: "a.b" }, ["", "a"])).toEqual({ text: "a.b" });
  });
});
