import type { PGlite } from "@electric-sql/pglite";

/** How often the process holding the embedded database looks for a table to vacuum. */
const VACUUM_INTERVAL_MS = 60_000;

/**
 * PGlite runs PostgreSQL without its autovacuum, so the process holding the embedded database
 * does its work. Without it, the space of deleted and updated rows would never be reused, the
 * planner's statistics would age until the next start, and no index-only scan could skip a
 * table's rows (a state's later pages read their names that way).
 *
 * One table a call, so the database, which answers one statement at a time, is held for one
 * table's vacuum and no more: the table furthest past autovacuum's default thresholds is vacuumed
 * and analyzed (dead rows over 50 + 20% of its rows; rows inserted since its last vacuum over
 * 1,000 + 20%; its oldest unfrozen transaction past autovacuum_freeze_max_age, against
 * wraparound), or else analyzed alone (rows changed since its last analyze over 50 + 10%).
 * Temporary tables are a session's own and left alone. The counts are PostgreSQL's statistics,
 * which PGlite does not keep across a restart: they start again from zero at each start.
 * Returns what it did, or null when no table is due.
 */
export async function vacuumMostDue(db: PGlite): Promise<{ table: string; vacuumed: boolean } | null> {
  const { rows } = await db.query<{ table: string; vacuum: boolean }>(
    `with due as (
       select format('%I.%I', s.schemaname, s.relname) as "table", greatest(c.reltuples, 0) as live,
              s.n_dead_tup as dead, s.n_ins_since_vacuum as inserted, s.n_mod_since_analyze as changed,
              age(c.relfrozenxid)::float / current_setting('autovacuum_freeze_max_age')::float as frozen_age
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
       where c.relpersistence = 'p'
     ), past as (
       select d."table",
              greatest(d.dead / (50 + 0.2 * d.live), d.inserted / (1000 + 0.2 * d.live), d.frozen_age) as vacuum_past,
              d.changed / (50 + 0.1 * d.live) as analyze_past
       from due d
     )
     select p."table", p.vacuum_past > 1 as vacuum from past p
     where p.vacuum_past > 1 or p.analyze_past > 1
     order by greatest(p.vacuum_past, p.analyze_past) desc, p."table"
     limit 1`,
  );
  const due = rows[0];
  if (!due) return null;
  await db.exec(due.vacuum ? `vacuum (analyze) ${due.table}` : `analyze ${due.table}`);
  return { table: due.table, vacuumed: due.vacuum };
}

/** Runs vacuumMostDue every VACUUM_INTERVAL_MS until the database is closed (a failure is logged, not thrown). */
export function startVacuuming(db: PGlite): void {
  let running = false;
  const timer = setInterval(() => {
    if (db.closed) return clearInterval(timer);
    if (running) return;
    running = true;
    vacuumMostDue(db)
      .catch((error: Error) => console.error("Vacuuming the embedded database failed:", error.message))
      .finally(() => {
        running = false;
      });
  }, VACUUM_INTERVAL_MS);
  timer.unref();
}
