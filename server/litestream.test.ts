import { describe, expect, it } from "vitest";
import { isLocalReplica, litestreamConfig, replicaUrlOf } from "./litestream";

describe("Litestream's configuration", () => {
  it("names a folder replica by its path and a URL replica by its URL, every value quoted as it is", () => {
    expect(litestreamConfig("/data/shuk.db", "/mnt/backup/shuk")).toBe(
      ["# Written by the server at each start (server/litestream.ts); edits are lost.", "dbs:", '  - path: "/data/shuk.db"', "    replicas:", '      - path: "/mnt/backup/shuk"', ""].join("\n"),
    );
    expect(litestreamConfig("/data/shuk.db", "s3://market-bucket/shuk")).toContain('      - url: "s3://market-bucket/shuk"');
    // A password with YAML's and the shell's special characters stays one literal string.
    expect(litestreamConfig("/data/shuk.db", 'sftp://me:p$a"ss: #1@host/backups')).toContain('      - url: "sftp://me:p$a\\"ss: #1@host/backups"');
  });

  it("reads REPLICA_URL, and tells a local replica from a remote one", () => {
    expect(replicaUrlOf({})).toBeNull();
    expect(replicaUrlOf({ REPLICA_URL: "  " })).toBeNull();
    expect(replicaUrlOf({ REPLICA_URL: " s3://b/p " })).toBe("s3://b/p");
    expect(isLocalReplica("/mnt/backup")).toBe(true);
    expect(isLocalReplica("file:///mnt/backup")).toBe(true);
    expect(isLocalReplica("s3://b/p")).toBe(false);
  });
});
