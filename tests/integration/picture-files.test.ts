// Issue #48: deal pictures an older version kept in uploads/deals/ move into the database at
// start-up (services/picture-files.server.ts), on a real SQLite file and real files on disk.
import { eq } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dealPictures, deals } from "~/db/schema";
import { readPicture } from "~/services/deal-images.server";
import { movePictureFilesIntoDatabase } from "~/services/picture-files.server";
import { useTestDatabase } from "../support/test-db";

const db = useTestDatabase();
let dir = "";
beforeEach(() => {
  dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "shuk-uploads-")), "uploads", "deals");
  fs.mkdirSync(dir, { recursive: true });
});
afterEach(() => {
  fs.rmSync(path.dirname(path.dirname(dir)), { recursive: true, force: true });
});

const oldName = (n: number, extension = "jpg") => `${String(n).repeat(32).slice(0, 32)}.${extension}`;

function aDeal(): { id: string; images: string[] } {
  return db().select({ id: deals.id, images: deals.images }).from(deals).limit(1).get()!;
}

describe("moving picture files into the database", () => {
  it("keeps each picture and its copies under its content hash, points the deals at the new URLs and empties the folder", async () => {
    // A camera-sized original from before pictures were shrunk, without copies...
    const big = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: "#27ae60" } }).jpeg().toBuffer();
    fs.writeFileSync(path.join(dir, oldName(1)), big);
    // ...and a small PNG with its copies beside it.
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#2980b9" } }).png().toBuffer();
    const copy400 = await sharp(small).webp().toBuffer();
    fs.writeFileSync(path.join(dir, oldName(2, "png")), small);
    fs.writeFileSync(path.join(dir, `${"2".repeat(32)}-400.webp`), copy400);
    fs.writeFileSync(path.join(dir, `${"2".repeat(32)}-800.webp`), copy400);
    // A picture no deal shows any more, and a copy whose original is gone.
    fs.writeFileSync(path.join(dir, oldName(3)), big);
    fs.writeFileSync(path.join(dir, `${"4".repeat(32)}-400.webp`), copy400);

    const deal = aDeal();
    const before = ["/images/produce/tomatoes.svg", `/uploads/deals/${oldName(1)}`, `/uploads/deals/${oldName(2, "png")}`];
    db().update(deals).set({ images: before }).where(eq(deals.id, deal.id)).run();

    const moved = await movePictureFilesIntoDatabase(db(), dir);
    expect(moved).toEqual({ moved: 2, dropped: 1, kept: [] });
    // The folder, and uploads/ with it, are gone.
    expect(fs.existsSync(path.dirname(dir))).toBe(false);

    const after = db().select({ images: deals.images }).from(deals).where(eq(deals.id, deal.id)).get()!.images;
    expect(after[0]).toBe("/images/produce/tomatoes.svg");
    expect(after[1]).toMatch(/^\/uploads\/deals\/[a-f0-9]{32}\.jpg$/);
    expect(after[2]).toMatch(/^\/uploads\/deals\/[a-f0-9]{32}\.png$/);
    const bigName = after[1]!.split("/").pop()!;
    const original = readPicture(db(), bigName)!;
    // Shrunk to the largest size served, as an upload is now; its copies made.
    expect((await sharp(original.body).metadata()).width).toBe(800);
    for (const width of [400, 800]) expect((await sharp(readPicture(db(), bigName.replace(".jpg", `-${width}.webp`))!.body).metadata()).width).toBe(width);
    // The small one kept byte for byte, with the copies it had.
    const smallName = after[2]!.split("/").pop()!;
    expect(readPicture(db(), smallName)!.body.equals(small)).toBe(true);
    expect(readPicture(db(), smallName.replace(".png", "-400.webp"))!.body.equals(copy400)).toBe(true);
    expect(db().select().from(dealPictures).all()).toHaveLength(6);

    // Run again (every start does): nothing to do, nothing changes.
    expect(await movePictureFilesIntoDatabase(db(), dir)).toEqual({ moved: 0, dropped: 0, kept: [] });
    expect(db().select({ images: deals.images }).from(deals).where(eq(deals.id, deal.id)).get()!.images).toEqual(after);
  });

  it("finishes a move a crash cut short: files whose deals already point at the database are deleted, the rest moved", async () => {
    const picture = await sharp({ create: { width: 100, height: 100, channels: 3, background: "#c0392b" } }).jpeg().toBuffer();
    fs.writeFileSync(path.join(dir, oldName(5)), picture);
    const deal = aDeal();
    db().update(deals).set({ images: [`/uploads/deals/${oldName(5)}`] }).where(eq(deals.id, deal.id)).run();
    await movePictureFilesIntoDatabase(db(), dir);
    const url = db().select({ images: deals.images }).from(deals).where(eq(deals.id, deal.id)).get()!.images[0]!;
    // As if the process died after the commit, before the files went.
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, oldName(5)), picture);
    expect(await movePictureFilesIntoDatabase(db(), dir)).toEqual({ moved: 0, dropped: 1, kept: [] });
    expect(db().select({ images: deals.images }).from(deals).where(eq(deals.id, deal.id)).get()!.images).toEqual([url]);
    expect(db().select().from(dealPictures).all()).toHaveLength(3);
  });

  it("leaves a file that is not a picture, and files it did not make, where they are", async () => {
    fs.writeFileSync(path.join(dir, oldName(6)), "not a jpeg at all");
    fs.writeFileSync(path.join(dir, "notes.txt"), "the farmer's notes");
    const deal = aDeal();
    db().update(deals).set({ images: [`/uploads/deals/${oldName(6)}`] }).where(eq(deals.id, deal.id)).run();
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => void warnings.push(message);
    try {
      expect((await movePictureFilesIntoDatabase(db(), dir)).kept.sort()).toEqual([oldName(6), "notes.txt"]);
    } finally {
      console.warn = warn;
    }
    expect(warnings.join("\n")).toContain(oldName(6));
    expect(fs.readdirSync(dir).sort()).toEqual([oldName(6), "notes.txt"]);
    expect(db().select({ images: deals.images }).from(deals).where(eq(deals.id, deal.id)).get()!.images).toEqual([`/uploads/deals/${oldName(6)}`]);
  });
});
