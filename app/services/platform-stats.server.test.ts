import { describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { useTestDatabase } from "../../tests/support/test-db";
import { PLATFORM_STATS_TTL_MS, platformStats } from "./platform-stats.server";

const db = useTestDatabase();
const addUser = (n: number) => db().insert(users).values({ email: `neighbour-${n}@shuk.example`, name: `שכן ${n}` }).run();

describe("platformStats", () => {
  it("counts once and answers from that count for a minute, then counts again", () => {
    const start = 1_800_000_000_000;
    const before = platformStats(db(), start).totalUsers;
    addUser(1);
    expect(platformStats(db(), start + PLATFORM_STATS_TTL_MS - 1).totalUsers).toBe(before);
    expect(platformStats(db(), start + PLATFORM_STATS_TTL_MS).totalUsers).toBe(before + 1);
  });

  it("counts again when the clock went back", () => {
    const start = 1_800_000_000_000;
    const before = platformStats(db(), start).totalUsers;
    addUser(2);
    expect(platformStats(db(), start - 1).totalUsers).toBe(before + 1);
  });
});
