// dev only: writes seed and grown PGlite copies as tarballs
import { writeFileSync } from "node:fs";
import { createMigratedMemoryDb } from "../../lib/db/pglite";
import { growthSql } from "./scale.mts";
const db = await createMigratedMemoryDb(true);
await db.exec(growthSql(0, 5000));
await db.exec("vacuum analyze");
writeFileSync("/work/dev-tools/seed.tar.gz", Buffer.from(await (await db.dumpDataDir("gzip")).arrayBuffer()));
await db.exec(growthSql(Number(process.env.V ?? 100000), 100000));
await db.exec("vacuum analyze");
writeFileSync("/work/dev-tools/grown.tar.gz", Buffer.from(await (await db.dumpDataDir("gzip")).arrayBuffer()));
console.log("done");
process.exit(0);
