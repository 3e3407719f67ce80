// The production build's server module as tests read it: its route table, its entry.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

/** build/server/index.js (or BUILD_DIR's), imported once per test file. */
export async function loadServerBuild(): Promise<ServerBuild> {
  return (await import(pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "server", "index.js")).href)) as ServerBuild;
}

interface RouteInTable {
  parentId?: string;
  path?: string;
}

/** A route's whole path pattern, its ancestors' paths joined ("admin/cycles/:cycleId"; "" for the root and index routes at the top). */
export function routeFullPath(all: Record<string, RouteInTable | undefined>, id: string): string {
  const parts: string[] = [];
  for (let current = all[id]; current; current = current.parentId ? all[current.parentId] : undefined) if (current.path) parts.unshift(current.path);
  return parts.join("/");
}
