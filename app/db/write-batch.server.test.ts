import Database from "better-sqlite3";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-db";
import { WRITES_PER_BATCH_MAX, writeInBatch } from "./write-batch.server";

const db = useTestDatabase();

beforeEach(() => {
  db().$client.exec("CREATE TABLE scratch (n INTEGER NOT NULL)");
});

const insert = (n: number) => () => db().$client.prepare("INSERT INTO scratch (n) VALUES (?)").run(n).changes;
const stored = () => db().$client.prepare("SELECT n FROM scratch ORDER BY n").pluck().all();

/** Reads the file from a second connection: what another worker would see. */
function storedElsewhere() {
  const other = new Database(db().$client.name, { readonly: true });
  try {
    return other.prepare("SELECT n FROM scratch ORDER BY n").pluck().all();
  } finally {
    other.close();
  }
}

describe("writeInBatch", () => {
  it("commits the writes of one turn together, each answered only once committed", async () => {
    const seen: boolean[] = [];
    const first = writeInBatch(db(), () => {
      seen.push(db().$client.inTransaction);
      return insert(1)();
    });
    const second = writeInBatch(db(), () => {
      // The first write's row is there, not yet committed: the same transaction.
      expect(storedElsewhere()).toEqual([]);
      expect(stored()).toEqual([1]);
      return insert(2)();
    });
    // Nothing runs before the end of the turn.
    expect(stored()).toEqual([]);
    await expect(Promise.all([first, second])).resolves.toEqual([1, 1]);
    expect(seen).toEqual([true]);
    expect(storedElsewhere()).toEqual([1, 2]);
  });

  it("undoes only the write that throws, which rejects with its own error", async () => {
    const refused = new Error("refused");
    const results = await Promise.allSettled([
      writeInBatch(db(), insert(1)),
      writeInBatch(db(), () => {
        insert(2)();
        throw refused;
      }),
      writeInBatch(db(), insert(3)),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toBe(refused);
    expect(storedElsewhere()).toEqual([1, 3]);
  });

  it("keeps a write's own transaction as a savepoint: its rollback leaves the others", async () => {
    const results = await Promise.allSettled([
      writeInBatch(db(), insert(1)),
      writeInBatch(db(), () =>
        db().transaction(
          () => {
            insert(2)();
            throw new Error("inner");
          },
          { behavior: "immediate" },
        ),
      ),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected"]);
    expect(storedElsewhere()).toEqual([1]);
  });

  it("fails every write of the batch when the batch's transaction is lost", async () => {
    const results = await Promise.allSettled([
      writeInBatch(db(), insert(1)),
      writeInBatch(db(), () => {
        // What SQLite does on a full disk or an I/O error: the whole transaction is gone.
        db().$client.exec("ROLLBACK");
        throw new Error("disk full");
      }),
      writeInBatch(db(), insert(3)),
    ]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(storedElsewhere()).toEqual([]);
    expect(db().$client.inTransaction).toBe(false);
  });

  it("commits at most WRITES_PER_BATCH_MAX writes together, the rest in the next turn", async () => {
    const count = WRITES_PER_BATCH_MAX + 6;
    // What another connection sees while each write runs: nothing yet for the first batch, the
    // first batch's rows for the second.
    const seenElsewhere: number[] = [];
    await Promise.all(
      Array.from({ length: count }, (_, n) =>
        writeInBatch(db(), () => {
          seenElsewhere.push(storedElsewhere().length);
          return insert(n)();
        }),
      ),
    );
    expect(seenElsewhere).toEqual([...Array(WRITES_PER_BATCH_MAX).fill(0), ...Array(6).fill(WRITES_PER_BATCH_MAX)]);
    expect(storedElsewhere()).toHaveLength(count);
  });

  it("starts a new batch in the next turn", async () => {
    await writeInBatch(db(), insert(1));
    expect(db().$client.inTransaction).toBe(false);
    await writeInBatch(db(), insert(2));
    expect(storedElsewhere()).toEqual([1, 2]);
  });
});
