/**
 * npm run db:reset: deletes the embedded database folder and creates it again from
 * the migrations and seed. Refuses while a server holds the folder.
 */
import { rmSync } from "node:fs";
import { embeddedDataDir, lockDataDir, openFileDb } from "../lib/db/embedded";

const folder = embeddedDataDir();
const release = lockDataDir(folder);
release();
rmSync(folder, { recursive: true, force: true });
const { db, release: unlock } = await openFileDb(folder);
const { rows } = await db.query<{ n: number }>("select count(*)::int as n from public.vendors");
await db.close();
unlock();
console.log(`Recreated ${folder}: migrated and seeded with ${rows[0].n} vendors.`);
