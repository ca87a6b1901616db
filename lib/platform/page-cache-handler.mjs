// The page cache: Next's own file-system cache for rendered pages, routes and cached reads
// (a private module of Next: tests/unit/platform-contract.test.ts fails when it moves or
// changes), with two changes.
// - A response other than a 200 (a 404, or a redirect away from an unknown or hidden
//   listing) is never stored: any URL can be asked for, so storing those would let junk
//   URLs fill the disk. A response that used to be a 200 is forgotten, so no stale copy is served.
// - With REDIS_URL set, instances share one cache (shared-cache.mjs): entries are read
//   from and written to Redis, and an invalidation on one instance expires the entry for
//   all of them. Each instance keeps a copy in memory only (not on the shared build's
//   disk), which serves while Redis cannot be reached.
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import fileSystemCache from "next/dist/server/lib/incremental-cache/file-system-cache.js";
import { SharedCacheStore } from "./shared-cache.mjs";

const FileSystemCache = fileSystemCache.default ?? fileSystemCache;
const FILES_OF_KIND = { APP_PAGE: [".html", ".rsc", ".meta", ".segments"], APP_ROUTE: [".body", ".meta"] };
const TAGS_HEADER = "x-next-cache-tags";
const STORE = Symbol.for("skidsteer.sharedCacheStore");

/** The process's one connection to the shared cache, or null without REDIS_URL. */
function sharedStore(serverDistDir) {
  const url = process.env.REDIS_URL?.trim();
  if (!url) return null;
  globalThis[STORE] ??= new SharedCacheStore(url, readFileSync(path.join(serverDistDir, "..", "BUILD_ID"), "utf8").trim());
  return globalThis[STORE];
}

/** The tags an entry depends on: a response's from its header, a cached read's from the call. */
function entryTags(entry, ctx) {
  const header = entry?.value?.headers?.[TAGS_HEADER];
  if (typeof header === "string") return header.split(",");
  return [...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])];
}

export default class PageCacheHandler extends FileSystemCache {
  constructor(ctx) {
    const shared = sharedStore(ctx.serverDistDir);
    super(shared ? { ...ctx, flushToDisk: false } : ctx);
    this.shared = shared;
  }

  async get(key, ctx) {
    if (this.shared) {
      const entry = await this.shared.get(key);
      if (entry === null) return null;
      if (entry !== undefined) {
        const expired = await this.shared.expiredSince(entryTags(entry, ctx), entry.lastModified);
        if (expired === false) return entry;
        if (expired === true) return null;
      }
    }
    return super.get(key, ctx);
  }

  async set(key, data, ctx) {
    const files = FILES_OF_KIND[data?.kind];
    if (!files || data.status === undefined || data.status === 200) {
      await super.set(key, data, ctx);
      if (this.shared && data) await this.shared.set(key, { lastModified: Date.now(), value: data, cacheControl: ctx?.cacheControl });
      return;
    }
    FileSystemCache.memoryCache?.remove(key);
    if (this.shared) await this.shared.forget(key);
    if (key.includes("\0")) return; // no file can have been written under such a name
    await Promise.all(
      files.map((suffix) =>
        rm(this.getFilePath(`${key}${suffix}`, data.kind), { recursive: true, force: true }).catch((error) => {
          // Nor under a name longer than the file system allows (a 5,000-character ZIP code's page).
          if (error?.code !== "ENAMETOOLONG") throw error;
        }),
      ),
    );
  }

  async revalidateTag(tags, durations) {
    await super.revalidateTag(tags, durations);
    const list = typeof tags === "string" ? [tags] : tags;
    if (this.shared) await this.shared.expireTags(list, Date.now() + (durations?.expire ?? 0) * 1000);
  }
}
