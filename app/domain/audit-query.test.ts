import { describe, expect, it } from "vitest";
import { parseAuditQuery } from "./audit-query";

const TYPES = ["tiers.updated", "community.created"];

describe("parseAuditQuery", () => {
  it("keeps a known type and a valid time", () => {
    expect(parseAuditQuery(new URLSearchParams("type=tiers.updated&before=2026-05-01T10:00:00.000Z"), TYPES)).toEqual({
      type: "tiers.updated",
      before: new Date("2026-05-01T10:00:00.000Z"),
    });
  });

  it("ignores an unknown type and a broken time", () => {
    expect(parseAuditQuery(new URLSearchParams("type=drop-table&before=yesterday"), TYPES)).toEqual({ type: undefined, before: undefined });
  });
});
