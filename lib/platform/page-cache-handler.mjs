// Next's own file-system cache for rendered pages and routes (a private module of Next:
// tests/unit/platform-contract.test.ts fails when it moves or changes), except that a response
// other than a 200 (a 404, or a redirect away from an unknown or hidden listing) is
// never stored: any URL can be asked for, so storing those would let junk URLs fill
// the disk. A response that used to be a 200 is forgotten, so no stale copy is served.
import { rm } from "node:fs/promises";
import fileSystemCache from "next/dist/server/lib/incremental-cache/file-system-cache.js";

const FileSystemCache = fileSystemCache.default ?? fileSystemCache;
const FILES_OF_KIND = { APP_PAGE: [".html", ".rsc", ".meta", ".segments"], APP_ROUTE: [".body", ".meta"] };

export default class PageCacheHandler extends FileSystemCache {
  async set(key, data, ctx) {
    const files = FILES_OF_KIND[data?.kind];
    if (!files || data.status === undefined || data.status === 200) return super.set(key, data, ctx);
    FileSystemCache.memoryCache?.remove(key);
    if (key.includes("\0")) return; // no file can have been written under such a name
    await Promise.all(files.map((suffix) => rm(this.getFilePath(`${key}${suffix}`, data.kind), { recursive: true, force: true })));
  }
}
