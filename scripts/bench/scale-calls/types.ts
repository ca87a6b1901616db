/** What `npm run bench:scale` times: one or more lines for every function the server calls. */

/** One engine's way to run a query. */
export interface Engine {
  query(sql: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  exec(sql: string): Promise<void>;
  /** What the engine's vacuuming has done by the time the pages are read: autovacuum's on PostgreSQL 15, the embedded database's own round on PGlite. */
  vacuum(): Promise<void>;
  close(): Promise<void>;
}

/** What the calls are made about: looked up anew on each database (calls.mts). */
export interface Subjects {
  busyVendor: number;
  biggestState: string;
  /** The request after which page 401 of the console's requests starts (the 20,000th newest), if there are that many. */
  page401After: number | null;
  /** The request after which the reporting API's fifth call of 1,000 starts. */
  report5After: number | null;
  /** The sitemap entry after which the last 1,000 entries start. */
  sitemapLastAfter: { kind: number; key: number } | null;
}

export interface Call {
  /** The public SQL function the line times (lib/data/database.gen.ts names them all). */
  fn: string;
  name: string;
  sql: string;
  /**
   * The call's arguments for run `run` (the first WARM_UP_RUNS warm up): a write takes a fresh subject each run,
   * found or made here with untimed queries.
   */
  params: (subjects: Subjects, engine: Engine, run: number) => unknown[] | Promise<unknown[]>;
  /** Times the call another way than the median of 3 runs after the warm-up runs (a job's longest batch). */
  measure?: (subjects: Subjects, engine: Engine) => Promise<number>;
}

export const PAGE = 50;
/** The listing that receives one request in five (the first vendor while there is no such listing), and the address that manages it. */
export const BUSY_VENDOR_SLUG = "scale-test-rentals-1";
export const BUSY_MANAGER_EMAIL = "owner@busy-listing.example";

/**
 * Runs before the timed ones, so that they time what a connection that has served the call before
 * sees: the caches warm; a function's statements past the five calls for which PostgreSQL plans
 * them anew with the call's values, after which it may keep one plan for any; and on PGlite, the
 * WebAssembly code that V8 recompiles in the background once a path is hot.
 */
export const WARM_UP_RUNS = 8;
/** Timed runs of a call; its figure is their median. */
export const TIMED_RUNS = 3;

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
