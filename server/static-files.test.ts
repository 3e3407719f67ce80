import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listStaticFiles, staticFileFor } from "./static-files";

describe("static files", () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-static-"));
    fs.mkdirSync(path.join(root, "assets"));
    fs.mkdirSync(path.join(root, "images"));
    fs.writeFileSync(path.join(root, "assets", "app-1a2b.js"), "x".repeat(2000));
    fs.writeFileSync(path.join(root, "assets", "app-1a2b.js.br"), "b".repeat(10));
    fs.writeFileSync(path.join(root, "assets", "app-1a2b.js.gz"), "g".repeat(20));
    fs.writeFileSync(path.join(root, "favicon.svg"), "<svg/>");
    fs.writeFileSync(path.join(root, "images", "red pepper.webp"), "webp");
    // A file whose name only looks like a copy: its "original" does not exist.
    fs.writeFileSync(path.join(root, "notes.txt.gz"), "gz");
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("lists each file once by its URL path, with its compressed copies and sizes", () => {
    const files = listStaticFiles(root);
    expect([...files.keys()].sort()).toEqual(["/assets/app-1a2b.js", "/favicon.svg", "/images/red pepper.webp", "/notes.txt.gz"]);
    const script = files.get("/assets/app-1a2b.js")!;
    expect(script).toMatchObject({ size: 2000, immutable: true });
    expect(script.encoded.br).toEqual({ file: path.join(root, "assets", "app-1a2b.js.br"), size: 10 });
    expect(script.encoded.gzip).toEqual({ file: path.join(root, "assets", "app-1a2b.js.gz"), size: 20 });
    expect(files.get("/favicon.svg")).toMatchObject({ immutable: false, encoded: {} });
  });

  it("serves only paths that name a listed file", () => {
    const files = listStaticFiles(root);
    expect(staticFileFor(files, "/favicon.svg")?.file).toBe(path.join(root, "favicon.svg"));
    expect(staticFileFor(files, "/images/red%20pepper.webp")?.file).toBe(path.join(root, "images", "red pepper.webp"));
    for (const other of ["/", "/assets", "/assets/", "/deals", "/assets/app-1a2b.js.br", "/assets/../favicon.svg", "/%E0%A4%A", "/..%2Fetc%2Fpasswd"]) {
      expect(staticFileFor(files, other)).toBeNull();
    }
  });

  it("lists nothing for a folder that is not there", () => {
    expect(listStaticFiles(path.join(root, "missing")).size).toBe(0);
  });
});
