// Deal pictures kept as files by older versions (<data dir>/uploads/deals/<random>.<ext>, with
// <random>-400.webp and -800.webp beside them) move into the database at start-up (issue #48),
// after the migrations, in the leader before any other worker serves: each becomes rows of
// deal_pictures under its content hash, every deal showing it points at the new URL, and the
// files go. Run at every start, it does nothing once the folder is gone; stopped half-way (a
// crash), the next start finishes: a file is deleted only after its rows and deals committed,
// and a file no deal shows any more is deleted without being kept.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { eq, sql } from "drizzle-orm";
import { defaultDatabasePath, type Db, type Queryable } from "~/db/client.server";
import { deals } from "~/db/schema";
import {
  IMAGE_VARIANT_WIDTHS,
  STORED_IMAGE_MAX_WIDTH,
  UPLOAD_FILE_PATTERN,
  sniffImageType,
  uploadUrlOf,
  variantFileName,
  type VariantWidth,
} from "~/domain/image-upload";
import { storeImages, type CheckedImage } from "./deal-images.server";
import { makeStoredOriginal, makeVariant } from "./image-variants.server";

/** Where older versions kept the pictures: uploads/deals/ beside the database. */
export function legacyUploadsDir(databasePath = defaultDatabasePath()): string {
  return path.join(path.dirname(path.resolve(databasePath)), "uploads", "deals");
}

export interface MovedPictures {
  /** pictures now in the database */
  moved: number;
  /** files deleted because no deal showed them */
  dropped: number;
  /** files left where they are (not ours, or not a picture that decodes), named in the log */
  kept: string[];
}

/** Moves every picture file into the database; see the top of this file. */
export async function movePictureFilesIntoDatabase(db: Db, dir = legacyUploadsDir()): Promise<MovedPictures> {
  const result: MovedPictures = { moved: 0, dropped: 0, kept: [] };
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return result; // no folder: nothing was ever uploaded, or it is done
  }
  const originals = names.filter((name) => UPLOAD_FILE_PATTERN.test(name));
  const copies = new Set(originals.flatMap((name) => IMAGE_VARIANT_WIDTHS.map((width) => variantFileName(name, width))));
  for (const name of originals) {
    const url = uploadUrlOf(name);
    const showing = dealsShowing(db, url);
    const files = [name, ...IMAGE_VARIANT_WIDTHS.map((width) => variantFileName(name, width))].map((file) => path.join(dir, file));
    if (showing.length === 0) {
      removeAll(files);
      result.dropped += 1;
      continue;
    }
    let image: CheckedImage;
    try {
      image = await pictureOf(dir, name);
    } catch (error) {
      console.warn(`deal picture ${path.join(dir, name)} stays on disk: it could not be read as a picture (${error instanceof Error ? error.message : String(error)})`);
      result.kept.push(name);
      continue;
    }
    // Rows and deals in one transaction; the files only once it has committed.
    db.transaction(
      (tx) => {
        const [newUrl] = storeImages(tx, [image]);
        for (const deal of dealsShowing(tx, url)) {
          tx.update(deals)
            .set({ images: [...new Set(deal.images.map((image) => (image === url ? newUrl! : image)))] })
            .where(eq(deals.id, deal.id))
            .run();
        }
      },
      { behavior: "immediate" },
    );
    removeAll(files);
    result.moved += 1;
  }
  // What is left: the copies of a picture kept on disk stay with it; a copy whose original is
  // gone serves nothing; anything else is not ours to delete.
  const keptBases = new Set(result.kept.map((name) => name.slice(0, 32)));
  for (const name of names) {
    if (UPLOAD_FILE_PATTERN.test(name) || !fs.existsSync(path.join(dir, name))) continue;
    if (copies.has(name) && keptBases.has(name.slice(0, 32))) result.kept.push(name);
    else if (/^[a-f0-9]{32}-\d+\.webp$/.test(name)) fs.rmSync(path.join(dir, name), { force: true });
    else result.kept.push(name);
  }
  if (result.kept.length === 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    // uploads/ itself, when deals/ was all it held.
    try {
      fs.rmdirSync(path.dirname(dir));
    } catch {
      // not empty, or gone
    }
  } else {
    console.warn(`${dir} still holds ${result.kept.length} file(s) that are not deal pictures this version made: ${result.kept.join(", ")}`);
  }
  return result;
}

function dealsShowing(db: Queryable, url: string) {
  return db
    .select({ id: deals.id, images: deals.images })
    .from(deals)
    .where(sql`exists (select 1 from json_each(${deals.images}) where json_each.value = ${url})`)
    .all();
}

function removeAll(files: string[]) {
  for (const file of files) fs.rmSync(file, { force: true });
}

/**
 * The stored original and its copies, as an upload makes them now. An original kept before
 * pictures were shrunk (issue #45) is shrunk now; copies already made are kept as they are.
 */
async function pictureOf(dir: string, name: string): Promise<CheckedImage> {
  const bytes = fs.readFileSync(path.join(dir, name));
  const extension = sniffImageType(bytes);
  if (!extension || extension !== name.slice(name.lastIndexOf(".") + 1)) throw new Error("its bytes are not of its type");
  const meta = await sharp(bytes).metadata();
  const stored = (meta.width ?? 0) > STORED_IMAGE_MAX_WIDTH || meta.exif || meta.orientation ? await makeStoredOriginal(bytes, extension) : bytes;
  const variants: CheckedImage["variants"] = [];
  for (const width of IMAGE_VARIANT_WIDTHS as readonly VariantWidth[]) {
    let copy: Buffer;
    try {
      copy = fs.readFileSync(path.join(dir, variantFileName(name, width)));
    } catch {
      copy = await makeVariant(stored, width);
    }
    variants.push({ width, bytes: copy });
  }
  return { bytes: stored, extension, variants };
}
