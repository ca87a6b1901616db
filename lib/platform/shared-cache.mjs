// The page cache that several instances share, on Redis (or Valkey): rendered pages,
// route responses and cached reads under the build's ID, and when each cache tag was last
// invalidated. page-cache-handler.mjs reads it first and falls back to the instance's own
// cache while it cannot be reached.
import { createClient } from "redis";

/** How long an entry is kept: a day, well past the pages' 5-minute revalidation. */
const ENTRY_SECONDS = 24 * 60 * 60;
/** A cache call slower than this is given up, and the page served from the instance's own cache. */
const CALL_TIMEOUT_MS = 300;
/**
 * How many slow answers in a row, from a connection that is up, count as an outage. One is a
 * busy moment (this process's own event loop can hold the answer back); a run of them is a
 * Redis that no longer answers.
 */
const SLOW_ANSWERS_FOR_OUTAGE = 3;

class SlowAnswer extends Error {}

// Entries hold Buffers (RSC payloads, route bodies) and Maps (segment payloads), which
// JSON does not keep: they are written as {"$buffer": base64} and {"$map": entries}.
function serializeEntry(entry) {
  return JSON.stringify(entry, function replace(key, value) {
    const original = this[key];
    if (Buffer.isBuffer(original)) return { $buffer: original.toString("base64") };
    if (original instanceof Map) return { $map: [...original] };
    return value;
  });
}

function deserializeEntry(text) {
  return JSON.parse(text, (_key, value) => {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      if (typeof value.$buffer === "string") return Buffer.from(value.$buffer, "base64");
      if (Array.isArray(value.$map)) return new Map(value.$map);
    }
    return value;
  });
}

const withTimeout = (promise) =>
  Promise.race([
    promise,
    new Promise((_, reject) => setTimeout(() => reject(new SlowAnswer(`no answer within ${CALL_TIMEOUT_MS} ms`)), CALL_TIMEOUT_MS).unref()),
  ]);

/**
 * One connection per process. Calls fail at once while it is down (no offline queue), so a
 * request never waits for Redis; the outage is logged once when it starts and once when
 * it ends, not per request.
 */
export class SharedCacheStore {
  constructor(url, buildId, log = console) {
    this.prefix = `skidsteer:${buildId}:`;
    this.url = url;
    this.log = log;
    this.down = false;
    this.slowAnswers = 0;
    this.client = createClient({
      url,
      disableOfflineQueue: true,
      socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(250 * 2 ** retries, 5000) },
    });
    this.client.on("error", (error) => this.unavailable(error));
    this.client.on("ready", () => {
      if (this.down) this.log.info(`Shared page cache: Redis is back at ${url}.`);
      this.down = false;
      this.slowAnswers = 0;
    });
    this.client.connect().catch((error) => this.unavailable(error));
  }

  unavailable(error) {
    if (this.down) return;
    this.down = true;
    this.log.error(
      `Shared page cache: Redis at ${this.url} cannot be reached (${error.message}); ` +
        "pages are served from this instance's own cache until it is back.",
    );
  }

  /** Runs a call; undefined when Redis cannot answer now. */
  async attempt(call) {
    if (!this.client.isReady) return undefined;
    try {
      const answer = await withTimeout(call(this.client));
      this.slowAnswers = 0;
      return answer;
    } catch (error) {
      if (!(error instanceof SlowAnswer) || ++this.slowAnswers >= SLOW_ANSWERS_FOR_OUTAGE) this.unavailable(error);
      return undefined;
    }
  }

  /** The entry under `key`: null when there is none, undefined when Redis cannot tell. */
  async get(key) {
    const text = await this.attempt((client) => client.get(`${this.prefix}entry:${key}`));
    if (text === undefined) return undefined;
    return text === null ? null : deserializeEntry(text);
  }

  async set(key, entry) {
    await this.attempt((client) => client.set(`${this.prefix}entry:${key}`, serializeEntry(entry), { EX: ENTRY_SECONDS }));
  }

  async forget(key) {
    await this.attempt((client) => client.del(`${this.prefix}entry:${key}`));
  }

  /**
   * Records that `tags` expire at `at` (ms). A tag's record lives as long as an entry can,
   * so no entry outlives the record that expires it.
   */
  async expireTags(tags, at) {
    if (tags.length === 0) return;
    await this.attempt((client) => {
      const batch = client.multi();
      for (const tag of tags) batch.set(`${this.prefix}tag:${tag}`, String(at), { EX: ENTRY_SECONDS });
      return batch.exec();
    });
  }

  /**
   * Whether one of `tags` expired after `lastModified` (and by now), on any instance; undefined
   * when Redis cannot tell.
   */
  async expiredSince(tags, lastModified) {
    if (tags.length === 0) return false;
    const times = await this.attempt((client) => client.mGet(tags.map((tag) => `${this.prefix}tag:${tag}`)));
    if (times === undefined) return undefined;
    const now = Date.now();
    return times.some((time) => time !== null && Number(time) > lastModified && Number(time) <= now);
  }

  async close() {
    if (this.client.isOpen) await this.client.close();
  }
}
