// Types for weight.mjs, which the test suite also uses (tests/integration/production-server.test.ts).
export interface Weight {
  raw: number;
  gzip: number;
}
export interface PageWeight {
  path: string;
  html: Weight;
  js: Weight & { files: number; unlisted: number };
  css: Weight & { files: number };
}
export function referencedAssets(html: string): { scripts: string[]; styles: string[] };
export function weighPage(origin: string, path: string, options?: { headers?: Record<string, string>; cache?: Map<string, Buffer> }): Promise<PageWeight>;
export function weighPages(origin: string, paths: string[], options?: { headers?: Record<string, string> }): Promise<Record<string, PageWeight>>;
