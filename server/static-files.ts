// The files of build/client, listed once when the worker starts. The build never changes under
// a running server, and looking each page's path up on disk cost a stat() per request (two more
// for the .br and .gz siblings of a file): 2.2 % of a signed-in /deals in a CPU profile, and a
// system call per page (docs/decisions/016, session 19). Only a path that names a listed file is
// served; anything else (a directory, a dot segment, a name outside the build) goes to the app.
import fs from "node:fs";
import path from "node:path";
import type { Encoding } from "./compression";

export interface StaticFile {
  file: string;
  size: number;
  /** Vite fingerprints /assets: they never change, so browsers keep them a year. */
  immutable: boolean;
  /** Copies the build compressed at its best settings (scripts/build-server.mjs). */
  encoded: Partial<Record<Encoding, { file: string; size: number }>>;
}

const ENCODED_SUFFIXES: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/** Every file under `root` by its URL path ("/assets/app-1a2b.js"); .br and .gz copies ride on their file. */
export function listStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const sizes = new Map<string, number>();
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) sizes.set(full, fs.statSync(full).size);
    }
  };
  walk(root);
  const isEncodedCopy = (file: string) => Object.values(ENCODED_SUFFIXES).some((suffix) => file.endsWith(suffix) && sizes.has(file.slice(0, -suffix.length)));
  for (const [file, size] of sizes) {
    if (isEncodedCopy(file)) continue;
    const urlPath = "/" + path.relative(root, file).split(path.sep).join("/");
    const encoded: StaticFile["encoded"] = {};
    for (const [encoding, suffix] of Object.entries(ENCODED_SUFFIXES) as [Encoding, string][]) {
      const copySize = sizes.get(file + suffix);
      if (copySize !== undefined) encoded[encoding] = { file: file + suffix, size: copySize };
    }
    files.set(urlPath, { file, size, immutable: urlPath.startsWith("/assets/"), encoded });
  }
  return files;
}

/** The listed file a URL path names, decoded as a browser would encode it ("%20" for a space); null otherwise. */
export function staticFileFor(files: ReadonlyMap<string, StaticFile>, pathname: string): StaticFile | null {
  const listed = files.get(pathname);
  if (listed) return listed;
  if (!pathname.includes("%")) return null;
  try {
    return files.get(decodeURIComponent(pathname)) ?? null;
  } catch {
    return null;
  }
}
