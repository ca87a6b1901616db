import { createHmac, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { embeddedDataDir } from "../db/embedded";
import { backendConfig } from "../supabase/config";

/**
 * The secret that keys the hash of a visitor's network address (the abuse limits' client key and
 * the consent's `client_hash`), decided here, from the environment, for every host:
 * - `CLIENT_KEY_SECRET` when set (the same value on every instance);
 * - otherwise, on a hosted database (Supabase, or npm run db:serve), a key derived from
 *   `SUPABASE_SERVICE_ROLE_KEY`, a server-only secret every instance of that deployment already shares;
 * - otherwise (the embedded database, one process per data folder) 32 random bytes made on first
 *   use and kept in the data folder as `client-key-secret`, so a restart keeps them and a backup
 *   of the folder carries them.
 * A plain hash of an address could be reversed by hashing all 2^32 IPv4 addresses; without the
 * secret a keyed one cannot.
 */
export type ClientKeySecret = { key: Buffer; source: "CLIENT_KEY_SECRET" | "SUPABASE_SERVICE_ROLE_KEY" | "data folder" };

/** The file in the embedded database's folder that holds its secret. */
export const CLIENT_KEY_SECRET_FILE = "client-key-secret";

const MIN_SECRET_LENGTH = 16;

export function resolveClientKeySecret(env: NodeJS.ProcessEnv = process.env, dataDir: () => string = embeddedDataDir): ClientKeySecret {
  const own = env.CLIENT_KEY_SECRET?.trim();
  if (own) return { key: Buffer.from(own, "utf8"), source: "CLIENT_KEY_SECRET" };
  const config = backendConfig(env);
  if (config.mode === "hosted") {
    // A key of its own, derived: the service role key itself never keys anything stored.
    const key = createHmac("sha256", config.serviceRoleKey).update("skidsteer client address key").digest();
    return { key, source: "SUPABASE_SERVICE_ROLE_KEY" };
  }
  return { key: dataFolderSecret(dataDir()), source: "data folder" };
}

/** Reads the data folder's secret, making it first if it is not there yet. */
function dataFolderSecret(folder: string): Buffer {
  const file = path.join(folder, CLIENT_KEY_SECRET_FILE);
  mkdirSync(folder, { recursive: true });
  try {
    // "wx": made once; a second writer (there is none: one process per folder) would find it there.
    writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as { code?: string }).code !== "EEXIST") throw error;
  }
  const hex = readFileSync(file, "utf8").trim();
  if (!/^[0-9a-f]{64}$/.test(hex)) {
    throw new Error(`${file} does not hold 64 hex characters: restore it from a backup, or delete it to make a new secret.`);
  }
  return Buffer.from(hex, "hex");
}

const holder = globalThis as typeof globalThis & { __clientKeySecret?: ClientKeySecret };

/** The process's secret, resolved once (lib/startup resolves it at start, so a problem shows there). */
export function clientKeySecret(): ClientKeySecret {
  holder.__clientKeySecret ??= resolveClientKeySecret();
  return holder.__clientKeySecret;
}

/** The stored key of a network address: HMAC-SHA256 under the secret, as 32 lowercase hex characters. */
export function keyedClientAddress(address: string, key: Buffer): string {
  return createHmac("sha256", key).update(`client:${address}`).digest("hex").slice(0, 32);
}

/** Why a production start cannot key client addresses, naming the variable, or null. */
export function clientKeySecretProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  const own = env.CLIENT_KEY_SECRET?.trim();
  if (own && own.length < MIN_SECRET_LENGTH) {
    return (
      `CLIENT_KEY_SECRET must be at least ${MIN_SECRET_LENGTH} characters (make one with: ` +
      "node -e \"console.log(crypto.randomBytes(32).toString('hex'))\")."
    );
  }
  if (!own && env.NEXT_PUBLIC_SUPABASE_URL?.trim() && !env.SUPABASE_SERVICE_ROLE_KEY?.trim()) {
    return (
      "CLIENT_KEY_SECRET is not set, nor SUPABASE_SERVICE_ROLE_KEY to derive it from: with a hosted database the " +
      "visitors' addresses are keyed with a secret every instance shares. Set CLIENT_KEY_SECRET to one random value " +
      "(node -e \"console.log(crypto.randomBytes(32).toString('hex'))\") on every instance."
    );
  }
  return null;
}
