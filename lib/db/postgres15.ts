import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { migrationFiles, migrationsDir, seedFile } from "./migrations";

/**
 * A throwaway PostgreSQL 15 server set up the way hosted Supabase is: the superuser is
 * supabase_admin, `postgres` is an ordinary role that owns the schema, the API roles
 * anon, authenticated and service_role get Supabase's default privileges on everything
 * created in public, and extensions have their own schema.
 */

const BIN = process.env.PG15_BIN ?? "/usr/lib/postgresql/15/bin";

/** Supabase's role and privilege set-up (from supabase/postgres's init scripts). */
const SUPABASE_ROLES_SQL = `
create role postgres login nosuperuser createdb createrole replication bypassrls;
create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;
create role authenticator login noinherit;
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
grant all on database postgres to postgres;
create schema extensions;
grant all on schema extensions to postgres;
grant usage on schema extensions to anon, authenticated, service_role;
grant usage on schema public to postgres, anon, authenticated, service_role;
grant create on schema public to postgres;
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter role postgres set search_path to "$user", public, extensions;
`;

export interface Postgres15 {
  port: number;
  /** The folder of PostgreSQL 15's programs (pg_dump). */
  bin: string;
  /** A connection as the given login role (`authenticator` is how PostgREST connects). */
  connect(user: "supabase_admin" | "postgres" | "authenticator"): Promise<pg.Client>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** initdb and postgres refuse to run as root: run them as the system's postgres user. */
function asDatabaseUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

async function waitUntilReady(port: number, server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (server.exitCode !== null) throw new Error(`PostgreSQL 15 exited with code ${server.exitCode}`);
    const client = new pg.Client({ host: "127.0.0.1", port, user: "supabase_admin", database: "postgres" });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error("PostgreSQL 15 did not start");
}

export async function startPostgres15(): Promise<Postgres15> {
  if (!existsSync(path.join(BIN, "postgres"))) {
    throw new Error(`PostgreSQL 15 not found in ${BIN}: apt-get install -y postgresql-15 (or set PG15_BIN)`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "skidsteer-pg15-"));
  if (process.getuid?.() === 0) {
    const { uid, gid } = userIds("postgres");
    chownSync(dataDir, uid, gid);
  }
  const [initCommand, initArgs] = asDatabaseUser(path.join(BIN, "initdb"), [
    "-D",
    dataDir,
    "-U",
    "supabase_admin",
    "--auth=trust",
    "--encoding=UTF8",
    "--locale=C.UTF-8",
  ]);
  const init = spawnSync(initCommand, initArgs, { encoding: "utf8" });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);

  const port = await freePort();
  const [command, args] = asDatabaseUser(path.join(BIN, "postgres"), [
    "-D",
    dataDir,
    "-p",
    String(port),
    "-k",
    dataDir,
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    "max_connections=120",
    "-c",
    "fsync=off",
  ]);
  const server = spawn(command, args, { stdio: "ignore" });
  await waitUntilReady(port, server);

  const connect = async (user: string) => {
    const client = new pg.Client({ host: "127.0.0.1", port, user, database: "postgres" });
    await client.connect();
    return client;
  };
  const admin = await connect("supabase_admin");
  await admin.query(SUPABASE_ROLES_SQL);
  await admin.end();

  return {
    port,
    bin: BIN,
    connect,
    async stop() {
      const exited = new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once("exit", resolve)));
      const [stopCommand, stopArgs] = asDatabaseUser(path.join(BIN, "pg_ctl"), ["stop", "-D", dataDir, "-m", "immediate"]);
      spawnSync(stopCommand, stopArgs);
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function userIds(name: string): { uid: number; gid: number } {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) throw new Error(`No system user ${name}`);
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

/** Applies every migration, each in its own transaction, as `postgres`. */
export async function applyMigrations(client: pg.Client): Promise<void> {
  for (const name of migrationFiles()) {
    const sql = readFileSync(path.join(migrationsDir, name), "utf8");
    try {
      await client.query(`begin;\n${sql}\ncommit;`);
    } catch (error) {
      await client.query("rollback");
      throw new Error(`Migration ${name} failed on PostgreSQL 15: ${(error as Error).message}`);
    }
  }
}

/** Applies every migration, then the seed, as `postgres`. */
export async function migrateAndSeed(client: pg.Client): Promise<void> {
  await applyMigrations(client);
  await client.query(readFileSync(seedFile, "utf8"));
}
