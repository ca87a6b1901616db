export default class PageCacheHandler {
  set(key: string, data: unknown, ctx: unknown): Promise<void>;
}
