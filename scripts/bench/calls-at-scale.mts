/**
 * npm run bench:scale — prints figures; never part of pass/fail tests.
 *
 * Each SQL function the pages call, timed as they call it (median of 3 after eight warm-up calls), on
 * the seed (with 5,000 requests, so that every page and report is full) and again after the database has grown to years of use: on PostgreSQL 15 set up as hosted
 * Supabase (called as service_role) 100,000 vendors and 1,000,000 completed rental requests; on the
 * embedded PGlite 100,000 vendors and 100,000 requests. Prints seed, grown and their ratio.
 *
 * The calls are timed as the site makes them after a start: on PostgreSQL 15 in a new connection, on
 * PGlite in a new process that opens the folder (this script again, with SCALE_TIME_FOLDER set),
 * rather than in the process that ran the growth's bulk statements, where the same grown folder's
 * smallest calls took ten times as long. On PGlite the seed's calls run on a copy of its folder,
 * so that what its timed writes leave (a few reviews, claims, requests) is not read again among the
 * grown database's rows; on PostgreSQL 15 it is.
 *
 * SCALE_REQUESTS_PG15, SCALE_REQUESTS_PGLITE and SCALE_VENDORS change the sizes; SCALE_CALLS="a,b" times only
 * the lines whose name holds one of those words; SCALE_ENGINES=pglite
 * or pg15 measures one engine.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { openFileDb } from "../../lib/db/embedded";
import { vacuumMostDue } from "../../lib/db/vacuum";
import { migrateAndSeed, startPostgres15 } from "../../lib/db/postgres15";
import { growthSql } from "./scale.mts";
import { CALLS, type Engine, READS, type Subjects } from "./scale-calls/index";
import { BUSY_VENDOR_SLUG, median, PAGE, TIMED_RUNS, WARM_UP_RUNS } from "./scale-calls/types";

const VENDORS = Number(process.env.SCALE_VENDORS ?? 100_000);
const REQUESTS = {
  pg15: Number(process.env.SCALE_REQUESTS_PG15 ?? 1_000_000),
  pglite: Number(process.env.SCALE_REQUESTS_PGLITE ?? 100_000),
};
const ENGINES = (process.env.SCALE_ENGINES ?? "pg15,pglite").split(",");
/** The baseline is the seed with this many requests: enough that every page of requests is full. */
const BASELINE_REQUESTS = 5_000;

const ONLY = process.env.SCALE_CALLS?.split(",").map((word) => word.trim().toLowerCase());
const selected = (call: { name: string }) => !ONLY || ONLY.some((word) => call.name.toLowerCase().includes(word));

async function subjects(engine: Engine): Promise<Subjects> {
  const [row] = await engine.query(`select
      coalesce((select id from public.vendors where slug = '${BUSY_VENDOR_SLUG}'), (select min(id) from public.vendors)) as busy_vendor,
      (select state_slug from public.states_with_vendors order by vendor_count desc limit 1) as biggest_state,
      (select id from public.leads where completed and not spam order by completed_at desc, id desc offset ${400 * PAGE - 1} limit 1) as page401_after,
      (select id from public.leads where not spam order by id desc offset 3999 limit 1) as report5_after`);
  const [last] = await engine.query(
    `select kind, key from public.sitemap_entries order by kind, key offset greatest((select count(*) from public.sitemap_entries) - 1001, 0) limit 1`,
  );
  return {
    busyVendor: Number(row.busy_vendor),
    biggestState: String(row.biggest_state),
    page401After: row.page401_after === null ? null : Number(row.page401_after),
    report5After: row.report5_after === null ? null : Number(row.report5_after),
    sitemapLastAfter: last ? { kind: Number(last.kind), key: Number(last.key) } : null,
  };
}

async function timeCalls(engine: Engine): Promise<Map<string, number>> {
  const about = await subjects(engine);
  const times = new Map<string, number>();
  for (const call of CALLS.filter(selected)) {
    if (call.measure) {
      times.set(call.name, await call.measure(about, engine));
      continue;
    }
    const runs: number[] = [];
    for (let run = 0; run < WARM_UP_RUNS + TIMED_RUNS; run++) {
      const params = await call.params(about, engine, run);
      const started = performance.now();
      await engine.query(call.sql, params);
      if (run >= WARM_UP_RUNS) runs.push(performance.now() - started);
    }
    times.set(call.name, median(runs));
  }
  return times;
}

/** An engine that the growth runs on, and that times the calls as the site would after a start. */
interface Measured extends Engine {
  /** With `apart`, on PGlite, the calls run on a copy, so that the timed writes leave nothing in the database that grows. */
  timed(apart?: boolean): Promise<Map<string, number>>;
}

/** In a folder of its own, opened as the site opens it: an in-memory copy keeps every data file in the JS heap. */
async function pglite(): Promise<Measured> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "skidsteer-scale-"));
  const timesFile = `${folder}-times.json`;
  const copy = `${folder}-copy`;
  let timing: ChildProcess | undefined;
  const remove = () => {
    // With the lock the folder's opener keeps beside it, which a killed child leaves behind.
    for (const file of [folder, `${folder}.lock`, copy, `${copy}.lock`, timesFile]) rmSync(file, { recursive: true, force: true });
  };
  const interrupted = () => {
    timing?.kill("SIGKILL");
    remove();
    process.exit(130);
  };
  process.once("SIGINT", interrupted);
  let { db, release } = await openFileDb(folder).catch((error) => {
    remove();
    throw error;
  });
  return {
    query: async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows,
    exec: async (sql) => void (await db.exec(sql)),
    timed: async (apart) => {
      await db.close();
      release();
      if (apart) cpSync(folder, copy, { recursive: true });
      timing = spawn(process.execPath, [...process.execArgv, process.argv[1]], {
        env: { ...process.env, SCALE_TIME_FOLDER: apart ? copy : folder, SCALE_TIMES_FILE: timesFile },
        stdio: "inherit",
      });
      const [status, signal] = await once(timing, "exit");
      timing = undefined;
      rmSync(copy, { recursive: true, force: true });
      ({ db, release } = await openFileDb(folder));
      if (status !== 0) throw new Error(`timing the calls on ${apart ? copy : folder} exited with ${status ?? signal}`);
      const times = new Map<string, number>(JSON.parse(readFileSync(timesFile, "utf8")));
      rmSync(timesFile);
      return times;
    },
    // The embedded database's vacuuming (lib/db/vacuum.ts), called until no table is due: how long
    // each call held the database, the longest being a grown table's first vacuum.
    vacuum: async () => {
      const calls: Array<{ table: string; ms: number }> = [];
      for (;;) {
        // The statements' statistics, which PostgreSQL sends at most once a second.
        await db.query("select pg_stat_force_next_flush()");
        await db.query("select 1");
        const started = performance.now();
        const done = await vacuumMostDue(db);
        if (!done) break;
        calls.push({ table: done.table, ms: performance.now() - started });
      }
      const longest = calls.reduce((a, b) => (b.ms > a.ms ? b : a), { table: "none", ms: 0 });
      const all = calls.reduce((sum, call) => sum + call.ms, 0);
      console.log(
        `embedded vacuum: ${calls.length} tables until none was due, longest ${longest.ms.toFixed(0)} ms (${longest.table}), ${all.toFixed(0)} ms in all`,
      );
    },
    close: async () => {
      try {
        await db.close();
      } finally {
        process.off("SIGINT", interrupted);
        release();
        remove();
      }
    },
  };
}

/** Becomes service_role with the settings PostgREST applies to its requests (the role's own, such as jit). */
async function asServiceRole(client: pg.Client) {
  await client.query("set role service_role");
  const { rows } = await client.query<{ setting: string }>(
    `select unnest(s.setconfig) as setting from pg_db_role_setting s
     where s.setrole = 'service_role'::regrole and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))`,
  );
  for (const { setting } of rows) {
    const at = setting.indexOf("=");
    await client.query("select set_config($1, $2, false)", [setting.slice(0, at), setting.slice(at + 1)]);
  }
}

async function postgres15(): Promise<Measured> {
  const server = await startPostgres15();
  let owner = await server.connect("postgres");
  await migrateAndSeed(owner);
  await asServiceRole(owner);
  // As the owner with its own settings: the growth is years of use, not one of the API's calls.
  const exec = async (sql: string) => {
    await owner.query("reset role");
    await owner.query("reset all");
    await owner.query(sql);
    await asServiceRole(owner);
  };
  const engine: Measured = {
    query: async (sql, params) => (await owner.query(sql, params)).rows,
    exec,
    // What autovacuum would have done by then.
    vacuum: () => exec("vacuum analyze"),
    timed: async () => {
      await owner.end();
      owner = await server.connect("postgres");
      await asServiceRole(owner);
      return timeCalls(engine);
    },
    close: async () => {
      await owner.end();
      await server.stop();
    },
  };
  return engine;
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(11);

async function measure(name: "pg15" | "pglite") {
  const requests = REQUESTS[name];
  const engine = name === "pg15" ? await postgres15() : await pglite();
  try {
    await engine.exec(growthSql(0, BASELINE_REQUESTS));
    await engine.vacuum();
    const seed = await engine.timed(true);
    const started = performance.now();
    await engine.exec(growthSql(VENDORS, requests));
    // As the engine's vacuuming would have by then: the growth's updated rows leave dead versions behind.
    await engine.vacuum();
    const grownIn = (performance.now() - started) / 1000;
    const grown = await engine.timed();
    const label = name === "pg15" ? "PostgreSQL 15" : "PGlite (embedded)";
    console.log(
      `\n# ${label}: seed, then ${VENDORS.toLocaleString("en-US")} vendors and ${requests.toLocaleString("en-US")} requests (grown in ${grownIn.toFixed(0)} s)`,
    );
    console.log(`${"call".padEnd(52)} ${"seed+5k".padStart(11)} ${"grown".padStart(11)}  ratio`);
    for (const call of CALLS.filter(selected)) {
      const before = seed.get(call.name)!;
      const after = grown.get(call.name)!;
      console.log(`${call.name.padEnd(52)} ${ms(before)} ${ms(after)}  ${(after / before).toFixed(1)}×`);
    }
  } finally {
    await engine.close();
  }
}

/**
 * The child's part: times the calls on the folder as the site opens it, and writes them to
 * SCALE_TIMES_FILE. A site has served its pages before: each read line is called once untimed
 * first, so that the first lines are not timed while V8 compiles the database's paths.
 */
async function timeFolder(folder: string, file: string) {
  const { db, release } = await openFileDb(folder);
  try {
    const engine: Engine = {
      query: async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows,
      exec: async (sql) => void (await db.exec(sql)),
      vacuum: async () => {},
      close: () => db.close(),
    };
    const about = await subjects(engine);
    for (const call of READS.filter((read) => selected(read) && !read.measure)) {
      await engine.query(call.sql, await call.params(about, engine, 0));
    }
    writeFileSync(file, JSON.stringify([...(await timeCalls(engine))]));
  } finally {
    await db.close();
    release();
  }
}

if (process.env.SCALE_TIME_FOLDER) await timeFolder(process.env.SCALE_TIME_FOLDER, process.env.SCALE_TIMES_FILE!);
else for (const engine of ENGINES) await measure(engine as "pg15" | "pglite");
process.exit(0);
