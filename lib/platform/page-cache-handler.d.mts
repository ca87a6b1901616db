export default class PageCacheHandler {
  constructor(ctx: { serverDistDir: string; flushToDisk?: boolean; revalidatedTags?: string[] });
  set(key: string, data: unknown, ctx: unknown): Promise<void>;
}
