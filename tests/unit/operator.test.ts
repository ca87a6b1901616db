import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { restoreEmbedded } from "../../lib/db/backup";
import { hashPassword, UNMATCHABLE_HASH, verifyPassword } from "../../lib/auth/password";
import { ImportFileError, importVendors, parseVendorCsv, type ImportResult } from "../../lib/listings/import";
import { importText } from "../../lib/listings/import-texts";
import { asAnon, asService, freshDb, embeddedCaller } from "./helpers/db";

let db: PGlite;
beforeAll(async () => {
  db = await freshDb(true);
});

/** Calls the console's functions as the server does, with the service role. */
const one = async <T>(sql: string, params: unknown[] = []) => (await asService<T>(db, sql, params))[0];
/** Reads what the functions wrote, as the database owner. */
const inspect = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;

describe("operator passwords", () => {
  it("are scrypt hashes with their own salt, and only the right password matches", async () => {
    const [a, b] = [await hashPassword("correct horse battery staple"), await hashPassword("correct horse battery staple")];
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse battery staple", a)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", a)).toBe(false);
    expect(await verifyPassword("anything", UNMATCHABLE_HASH)).toBe(false);
    expect(await verifyPassword("anything", "plain-text")).toBe(false);
  });
});

describe("sessions and sign-in throttling", () => {
  const hash = (n: number) => n.toString(16).padStart(64, "0");
  const subject = (role: string, n: number) =>
    one<{ s: string | null }>("select public.session_subject($1, $2) as s", [role, hash(n)]).then((r) => r.s);

  it("a session belongs to one role; ending it, or removing the operator, ends it", async () => {
    await one("select public.operator_add('Ops@SkidSteer.example', $1)", [await hashPassword("correct horse battery staple")]);
    await one("select public.session_start('operator', 'ops@skidsteer.example', $1, 3600)", [hash(1)]);
    await one("select public.session_start('operator', 'ops@skidsteer.example', $1, 3600)", [hash(2)]);
    expect(await subject("operator", 1)).toBe("ops@skidsteer.example");
    expect(await subject("business", 1)).toBeNull();
    expect((await one<{ s: string | null }>("select public.session_end('operator', $1) as s", [hash(1)])).s).toBe("ops@skidsteer.example");
    expect(await subject("operator", 1)).toBeNull();
    await one("select public.operator_remove('ops@skidsteer.example')");
    expect(await subject("operator", 2)).toBeNull();
    await one("select public.session_start('business', '7', $1, 999999999)", [hash(3)]);
    const [expiry] = await inspect<{ days: number }>(
      "select round(extract(epoch from expires_at - now()) / 86400)::int as days from public.sessions where token_hash = $1",
      [hash(3)],
    );
    expect(expiry.days).toBe(30);
  });

  it("failures beyond a key's allowance block it with a doubling delay; a success clears only the pair", async () => {
    const keys = (pairFree: number) =>
      JSON.stringify([
        { key: "t:pair", free: pairFree, clear: true },
        { key: "t:address", free: 20 },
      ]);
    const fail = () => one<{ s: number }>("select public.auth_throttle_record($1, false) as s", [keys(5)]).then((r) => r.s);
    const wait = (key: string) => one<{ s: number }>("select public.auth_throttle_wait($1) as s", [[key]]).then((r) => r.s);
    for (let i = 0; i < 4; i++) expect(await fail()).toBe(0);
    expect(await wait("t:pair")).toBe(0);
    expect(await fail()).toBe(60);
    expect(await wait("t:pair")).toBeGreaterThan(55);
    expect(await wait("t:address")).toBe(0);
    expect(await fail()).toBe(120);
    expect(await fail()).toBe(240);
    await one("select public.auth_throttle_record($1, true)", [keys(5)]);
    expect(await wait("t:pair")).toBe(0);
    const [address] = await inspect<{ failures: number }>("select failures from public.auth_throttle where key = 't:address'");
    expect(address.failures).toBe(7);
  });

  it("a password is never stored in clear", async () => {
    const rows = await inspect<{ password_hash: string }>("select password_hash from public.operators");
    expect(rows.every((row) => row.password_hash.startsWith("scrypt$") && !row.password_hash.includes("correct horse"))).toBe(true);
  });
});

describe("console lists read by keyset", () => {
  type Page = { total: number; total_capped: boolean; previous: boolean; next: boolean; rows: Array<{ id: number; name: string }> };
  const requestPage = (filters: object, older?: number, newer?: number) =>
    one<{ p: Page }>("select public.operator_lead_page($1, 7, $2, $3) as p", [filters, older ?? null, newer ?? null]).then((r) => r.p);

  it("requests: older and newer pages walk every match once, newest first, in either direction", async () => {
    const zip = "59101";
    await db.query(
      `insert into public.leads (step, location, name, phone, skid_steer_type, rental_days, completed, completed_at, owner_token_hash)
       select 3, $1, 'Keyset Renter ' || g, '5125550100', 'wheeled', 1, true, now() - g * interval '1 hour', 'keyset-' || g
       from generate_series(1, 20) g`,
      [zip],
    );
    const expected = (
      await inspect<{ id: number }>("select id from public.leads where location = $1 and completed order by completed_at desc, id desc", [
        zip,
      ])
    ).map((row) => Number(row.id));
    const pages: Page[] = [await requestPage({ zip })];
    while (pages.at(-1)!.next) pages.push(await requestPage({ zip }, pages.at(-1)!.rows.at(-1)!.id));
    expect(pages.flatMap((page) => page.rows.map((row) => Number(row.id)))).toEqual(expected);
    expect(pages.map((page) => [page.previous, page.next])).toEqual([
      [false, true],
      [true, true],
      [true, false],
    ]);
    expect(pages[0].total).toBe(20);
    // Back from the last page: the newer page is the middle one.
    const back = await requestPage({ zip }, undefined, pages[2].rows[0].id);
    expect(back.rows.map((row) => row.id)).toEqual(pages[1].rows.map((row) => row.id));
    expect([back.previous, back.next]).toEqual([true, true]);
  });

  it("requests: each filter holds whichever index serves the page (a listing's failed or unsent requests are its own)", async () => {
    const [a, b] = await inspect<{ id: number }>(
      `select v.id from public.vendors v where v.postcode_id is not null
       and not exists (select 1 from public.lead_recipients r where r.vendor_id = v.id) order by v.id limit 2`,
    );
    const leads = await inspect<{ id: number }>(
      `insert into public.leads (step, location, name, phone, skid_steer_type, rental_days, completed, completed_at, owner_token_hash)
       select 3, '59101', 'Delivery Renter ' || g, '5125550100', 'wheeled', 1, true, now() - g * interval '1 minute', 'delivery-' || g
       from generate_series(1, 4) g returning id`,
    );
    const ids = leads.map((lead) => Number(lead.id));
    // Two requests to each listing; one of each listing's emails failed, the other is still to send.
    await db.query(
      `insert into public.lead_recipients (lead_id, vendor_id, reason, rank)
       select l, case when n <= 2 then $2::bigint else $3::bigint end, 'nearby', 1 from unnest($1::bigint[]) with ordinality u(l, n)`,
      [ids, a.id, b.id],
    );
    await db.query(
      `insert into public.outbox_messages (lead_id, vendor_id, channel, status)
       select l, case when n <= 2 then $2::bigint else $3::bigint end, 'email', case when n % 2 = 1 then 'failed' else 'pending' end
       from unnest($1::bigint[]) with ordinality u(l, n)`,
      [ids, a.id, b.id],
    );
    const found = async (filters: object) => (await requestPage(filters)).rows.map((row) => Number(row.id)).sort((x, y) => x - y);
    expect(await found({ vendor: String(a.id), delivery: "failed" })).toEqual([ids[0]]);
    expect(await found({ vendor: String(b.id), delivery: "failed" })).toEqual([ids[2]]);
    expect(await found({ vendor: String(a.id), delivery: "pending" })).toEqual([ids[1]]);
    expect(await found({ vendor: String(b.id), delivery: "pending", zip: "59101" })).toEqual([ids[3]]);
    expect(await found({ vendor: String(a.id), delivery: "sent" })).toEqual([]);
  });

  it("requests with a failed message: a failure lists the request, a resend or a deleted message takes it off once none is failed", async () => {
    const leads = await inspect<{ id: number }>(
      `insert into public.leads (step, location, name, phone, skid_steer_type, rental_days, completed, completed_at, owner_token_hash)
       select 3, '59102', 'Failed Delivery Renter ' || g, '5125550100', 'wheeled', 1, true, now() - g * interval '1 minute', 'failed-delivery-' || g
       from generate_series(1, 3) g returning id`,
    );
    const ids = leads.map((lead) => Number(lead.id));
    const messages = await inspect<{ id: number; lead_id: number }>(
      `insert into public.outbox_messages (lead_id, vendor_id, channel, status)
       select l, v.id, 'email', 'sent' from unnest($1::bigint[]) l, (select id from public.vendors order by id limit 2) v
       returning id, lead_id`,
      [ids],
    );
    const [first, second] = messages.filter((m) => Number(m.lead_id) === ids[0]).map((m) => Number(m.id));
    const failed = async () => {
      const page = await requestPage({ zip: "59102", delivery: "failed" });
      return { total: page.total, ids: page.rows.map((row) => Number(row.id)) };
    };
    const setStatus = (id: number, status: string) => db.query("update public.outbox_messages set status = $2 where id = $1", [id, status]);
    expect(await failed()).toEqual({ total: 0, ids: [] });

    await setStatus(first, "failed");
    await db.query("update public.outbox_messages set status = 'failed' where lead_id = $1", [ids[2]]);
    expect(await failed()).toEqual({ total: 2, ids: [ids[0], ids[2]] });
    await setStatus(second, "failed");
    // One of its messages resent: the other still failed, so it stays.
    await setStatus(first, "pending");
    expect(await failed()).toEqual({ total: 2, ids: [ids[0], ids[2]] });
    await setStatus(second, "sent");
    expect(await failed()).toEqual({ total: 1, ids: [ids[2]] });
    await db.query("delete from public.outbox_messages where lead_id = $1", [ids[2]]);
    expect(await failed()).toEqual({ total: 0, ids: [] });
    // The filter reads the same requests as the messages themselves say.
    const kept = await inspect<{ lead_id: number }>("select lead_id from private.failed_deliveries order by lead_id");
    const fromMessages = await inspect<{ lead_id: number }>(
      `select distinct m.lead_id from public.outbox_messages m join public.leads l on l.id = m.lead_id
       where m.status = 'failed' and l.completed order by m.lead_id`,
    );
    expect(kept.map((row) => Number(row.lead_id))).toEqual(fromMessages.map((row) => Number(row.lead_id)));
  });

  it("audit log: older and newer pages walk every entry once, newest first", async () => {
    await db.query(
      `insert into public.operator_audit (at, operator_email, action, subject)
       select now() - g * interval '1 minute', 'keyset@example.com', 'check', 'entry ' || g from generate_series(1, 16) g`,
    );
    const auditPage = (older?: number, newer?: number) =>
      one<{ p: Page }>("select public.operator_audit_page(7, $1, $2) as p", [older ?? null, newer ?? null]).then((r) => r.p);
    const expected = (await inspect<{ id: number }>("select id from public.operator_audit order by at desc, id desc")).map((row) =>
      Number(row.id),
    );
    const pages: Page[] = [await auditPage()];
    while (pages.at(-1)!.next) pages.push(await auditPage(pages.at(-1)!.rows.at(-1)!.id));
    expect(pages.flatMap((page) => page.rows.map((row) => Number(row.id)))).toEqual(expected);
    expect(pages[0]).toMatchObject({ total: expected.length, total_capped: false, previous: false });
    expect(pages.at(-1)!.previous).toBe(true);
    const back = await auditPage(undefined, pages[2].rows[0].id);
    expect(back.rows.map((row) => row.id)).toEqual(pages[1].rows.map((row) => row.id));
    expect([back.previous, back.next]).toEqual([true, true]);
  });

  it("a listing's requests: one marked spam leaves its list and its count, and returns when unmarked", async () => {
    const [vendor] = await inspect<{ id: number; name: string }>(
      `select v.id, v.name from public.vendors v where v.postcode_id is not null
       and not exists (select 1 from public.lead_recipients r where r.vendor_id = v.id) order by v.id limit 1`,
    );
    const leads = await inspect<{ id: number }>(
      `insert into public.leads (step, location, name, phone, skid_steer_type, rental_days, completed, completed_at, owner_token_hash)
       select 3, '78701', 'Spam Check Renter ' || g, '5125550100', 'wheeled', 1, true, now() - g * interval '1 minute', 'spam-check-' || g
       from generate_series(1, 3) g returning id`,
    );
    await db.query("insert into public.lead_recipients (lead_id, vendor_id, reason, rank) select unnest($1::bigint[]), $2, 'nearby', 1", [
      leads.map((lead) => lead.id),
      vendor.id,
    ]);
    const [marked] = leads;
    const listed = async (spam?: string) => {
      const page = await requestPage({ vendor: String(vendor.id), ...(spam ? { spam } : {}) });
      return { total: page.total, ids: page.rows.map((row) => Number(row.id)) };
    };
    const counted = async () => {
      const page = await one<{ p: { rows: Array<{ id: number; leads: number }> } }>("select public.operator_vendor_page($1, 50) as p", [
        vendor.name,
      ]);
      return page.p.rows.find((row) => Number(row.id) === Number(vendor.id))!.leads;
    };
    expect((await listed()).total).toBe(3);
    expect(await counted()).toBe(3);

    await one("select public.operator_mark_spam($1, true, 'ops')", [marked.id]);
    expect(await listed()).toEqual({ total: 2, ids: leads.slice(1).map((lead) => Number(lead.id)) });
    expect(await listed("only")).toEqual({ total: 1, ids: [Number(marked.id)] });
    // Without other filters, spam is read from its own index: every row is spam, the marked one first.
    const spamOnly = await requestPage({ spam: "only" });
    const spamIds = spamOnly.rows.map((row) => Number(row.id));
    expect(spamIds[0]).toBe(Number(marked.id));
    const [{ marks }] = await inspect<{ marks: boolean[] }>(
      "select array(select spam from public.leads where id = any ($1::bigint[])) as marks",
      [spamIds],
    );
    expect(marks.every(Boolean)).toBe(true);
    expect(await counted()).toBe(2);

    await one("select public.operator_mark_spam($1, false, 'ops')", [marked.id]);
    expect((await listed()).total).toBe(3);
    expect(await counted()).toBe(3);
  });

  it("listings: next and previous pages by name, the search read from name, city and website", async () => {
    const page = (query: string, after?: number, before?: number) =>
      one<{ p: Page }>("select public.operator_vendor_page($1, 5, $2, $3) as p", [query, after ?? null, before ?? null]).then((r) => r.p);
    const all = await inspect<{ id: number; name: string }>(
      "select v.id, v.name from public.vendors v where v.postcode_id is not null order by v.name, v.id limit 15",
    );
    const first = await page("");
    const second = await page("", first.rows.at(-1)!.id);
    const third = await page("", second.rows.at(-1)!.id);
    expect([...first.rows, ...second.rows, ...third.rows].map((row) => Number(row.id))).toEqual(all.map((row) => Number(row.id)));
    expect((await page("", undefined, third.rows[0].id)).rows).toEqual(second.rows);
    expect(first.total_capped).toBe(true);
    expect(first.total).toBe(1000);
    const [{ name, city, site }] = await inspect<{ name: string; city: string; site: string }>(
      `select v.name, c.name as city, v.site from public.vendors v join public.postcodes p on p.id = v.postcode_id
       join public.cities c on c.id = p.city_id where v.site is not null order by v.id limit 1`,
    );
    for (const query of [name.slice(2, 12), city, `${site.replace("https://", "HTTP://")}/`]) {
      const found = await page(query);
      expect(found.rows.some((row) => row.name === name) || found.next, query).toBe(true);
      expect(found.total, query).toBeGreaterThan(0);
    }
  });

  it("listings: a search of several words finds the listings holding the words together, in that order", async () => {
    const [{ name }] = await inspect<{ name: string }>(
      "select v.name from public.vendors v where v.postcode_id is not null and v.name ~ '^\\S{3,} \\S{3,} \\S{3,}' order by v.id limit 1",
    );
    const [first, second] = name.split(" ");
    const search = async (query: string) => {
      const found = await one<{ p: Page }>("select public.operator_vendor_page($1, 1000) as p", [query]);
      return found.p.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    };
    const expected = async (query: string) =>
      (
        await inspect<{ id: number }>(
          "select v.id from public.vendors v where v.postcode_id is not null and v.search_text ilike '%' || $1 || '%' order by v.id",
          [query],
        )
      ).map((row) => Number(row.id));
    for (const query of [`${first} ${second}`, `${second.toUpperCase()} ${first}`, `${first} zzq`]) {
      expect(await search(query), query).toEqual(await expected(query));
    }
    expect(await search(`${first} ${second}`)).not.toEqual([]);
  });
});

describe("moderation", () => {
  const submit = (name: string, site: string, key: string) =>
    one<{ id: number }>("select public.submit_vendor($1, $2, '(555) 010-1111', '7 Test Street', 'texas', 'houston', '77002', $3) as id", [
      name,
      site,
      key,
    ]);

  it("approving publishes a listing with a unique slug, its ZIP and its city's ZIPs as service area", async () => {
    const { id } = await submit("Moderated Rentals", "https://moderated.example", "moderation-1");
    const vendor = await one<{ v: { id: number; slug: string; city_slug: string; state_slug: string } }>(
      "select public.operator_approve_submission($1, 'ops') as v",
      [id],
    );
    expect(vendor.v).toMatchObject({ slug: "moderated-rentals-houston", city_slug: "houston", state_slug: "texas" });
    const [zips] = await inspect<{ served: string[]; city: string[]; own: string }>(
      `
      select array(select p.code from public.vendors_serviced s join public.postcodes p on p.id = s.postcode_id where s.vendor_id = $1 order by 1) as served,
             array(select p.code from public.postcodes p join public.cities c on c.id = p.city_id join public.states st on st.id = c.state_id
                   where c.slug = 'houston' and st.slug = 'texas' order by 1) as city,
             (select p.code from public.vendors v join public.postcodes p on p.id = v.postcode_id where v.id = $1) as own`,
      [vendor.v.id],
    );
    expect(zips.served).toEqual(zips.city);
    expect(zips.own).toBe("77002");
    const listed = await asAnon<{ page: { vendors: Array<{ slug: string }> } }>(
      db,
      "select public.city_page('us', 'texas', 'houston', 0, 1000) as page",
    );
    expect(listed[0].page.vendors.map((v) => v.slug)).toContain("moderated-rentals-houston");
    await expect(one("select public.operator_approve_submission($1, 'ops')", [id])).rejects.toThrow("This submission is already approved");
  });

  it("a website that differs only in case, scheme, www. or a trailing slash is a duplicate and is not approved", async () => {
    const { id } = await submit("Moderated Again", "HTTP://WWW.Moderated.example/", "moderation-2");
    const page = await one<{ p: { rows: Array<{ id: number; duplicate_vendors: Array<{ name: string }> }> } }>(
      "select public.operator_submission_page('new', 50, 0) as p",
    );
    expect(page.p.rows.find((row) => row.id === id)?.duplicate_vendors).toEqual([expect.objectContaining({ name: "Moderated Rentals" })]);
    await expect(one("select public.operator_approve_submission($1, 'ops')", [id])).rejects.toThrow(
      "A listing with this website already exists: Moderated Rentals",
    );
    await expect(one("select public.operator_review_submission($1, 'rejected', '', 'ops')", [id])).rejects.toThrow(
      "Please give a reason for the rejection",
    );
    await one("select public.operator_review_submission($1, 'duplicate', '', 'ops')", [id]);
    expect((await inspect<{ status: string }>("select status from public.vendors_submissions where id = $1", [id]))[0].status).toBe(
      "duplicate",
    );
  });
});

describe("listing edits", () => {
  it("the operator's and the business's edits go through one check: hours included, too long refused, each in the audit log", async () => {
    const [v] = await inspect<{ id: number; email: string; hours: string | null }>(
      "select id, email, hours from public.vendors where email is not null order by id desc limit 1",
    );
    await one("select public.operator_update_vendor($1, $2, 'op@example.com')", [
      v.id,
      { hours: "  Mon-Sat 6-6  ", phone: "(555) 010-8080" },
    ]);
    expect((await inspect<{ hours: string; phone: string }>("select hours, phone from public.vendors where id = $1", [v.id]))[0]).toEqual({
      hours: "Mon-Sat 6-6",
      phone: "(555) 010-8080",
    });
    await expect(one("select public.operator_update_vendor($1, $2, 'op@example.com')", [v.id, { hours: "x".repeat(301) }])).rejects.toThrow(
      "A field is too long",
    );
    await db.query(
      "insert into public.vendor_managers (vendor_id, email, role, added_by) values ($1, $2, 'owner', 'test') on conflict do nothing",
      [v.id, v.email],
    );
    await one("select public.business_update_vendor($1, $2, $3)", [v.email, v.id, { hours: "Mon-Fri 7-5" }]);
    const audit = await inspect<{ operator_email: string; details: { hours?: { from: string | null; to: string } } }>(
      "select operator_email, details from public.operator_audit where subject = $1 and details ? 'hours' order by id",
      [`vendor ${v.id}`],
    );
    expect(audit.map((entry) => [entry.operator_email, entry.details.hours?.to])).toEqual([
      ["op@example.com", "Mon-Sat 6-6"],
      [`business ${v.email}`, "Mon-Fri 7-5"],
    ]);
  });
});

describe("vendor import", () => {
  const reasonText = (result: ImportResult) => result.reason && importText(result.reason);
  const csv = (rows: string[]) =>
    parseVendorCsv(["name,website,phone,email,street,city,state,zip,description,rating,service zips", ...rows].join("\n"));
  const run = (rows: ReturnType<typeof csv>, dryRun: boolean) =>
    importVendors(embeddedCaller(db), rows, { dryRun, operator: "ops" }).then((x) => x.results);
  const rows = csv([
    'Csv Loader Co,https://csv-loader.example,(555) 010-2222,,1 Csv Road,Houston,TX,77002,"Loaders, by the day",4.5,77002 77003',
    "Csv Bad Zip,https://csv-bad.example,(555) 010-2223,,2 Csv Road,Houston,TX,99999,,,",
  ]);

  it("a dry run reports what a run does and writes nothing; a second run changes nothing; an edit is an update", async () => {
    const count = async () => (await inspect<{ n: number }>("select count(*)::int as n from public.vendors"))[0].n;
    const before = await count();
    expect((await run(rows, true)).map((r) => r.action)).toEqual(["created", "rejected"]);
    expect(await count()).toBe(before);
    const first = await run(rows, false);
    expect(first.map((r) => r.action)).toEqual(["created", "rejected"]);
    expect(first[1].reason).toEqual({ code: "import-zip", values: ["99999", "Houston", "TX"] });
    expect(reasonText(first[1])).toBe("ZIP 99999 is not in Houston, TX");
    expect(await count()).toBe(before + 1);
    expect((await run(rows, false)).map((r) => r.action)).toEqual(["unchanged", "rejected"]);
    const edited = csv([
      'Csv Loader Co,csv-loader.example/,(555) 010-9999,,1 Csv Road,Houston,TX,77002,"Loaders, by the day",4.5,77002 77003',
    ]);
    expect((await run(edited, false)).map((r) => r.action)).toEqual(["updated"]);
    expect((await inspect<{ phone: string }>("select phone from public.vendors where website_key = 'csv-loader.example'"))[0].phone).toBe(
      "(555) 010-9999",
    );
  });

  it("a website repeated in the file is rejected with the row it repeats, in a dry run and a real run alike", async () => {
    const repeated = csv([
      "Csv Twice Co,https://csv-twice.example,(555) 010-2224,,4 Csv Road,Houston,TX,77002,,,",
      "Csv Twice Again,WWW.csv-twice.example/about,(555) 010-2225,,5 Csv Road,Houston,TX,77002,,,",
    ]);
    for (const dryRun of [true, false]) {
      expect((await run(repeated, dryRun)).map((r) => [r.action, reasonText(r)])).toEqual([
        ["created", undefined],
        ["rejected", "website repeats row 1"],
      ]);
    }
  });

  it("stores each website as https://host with nothing else, and links nothing that is not one", async () => {
    const odd = csv(["Csv Path Co,Relative.Example/../../operator/leads?error=x,(555) 010-2226,,6 Csv Road,Houston,TX,77002,,,"]);
    expect((await run(odd, false)).map((r) => r.action)).toEqual(["created"]);
    expect((await inspect<{ site: string }>("select site from public.vendors where website_key = 'relative.example'"))[0].site).toBe(
      "https://relative.example",
    );
    expect(reasonText((await run(csv(["Csv No Host,not a website,(555) 010-2227,,7 Csv Road,Houston,TX,77002,,,"]), false))[0])).toBe(
      "website is missing or not a URL",
    );
  });

  it("names a missing column", () => {
    const problem = (() => {
      try {
        parseVendorCsv("name,website\nA,b.example");
      } catch (error) {
        return error instanceof ImportFileError ? error.problem : null;
      }
    })();
    expect(problem).toEqual({ code: "import-columns", values: ["phone", "email", "street", "city", "state", "zip"] });
    expect(problem && importText(problem)).toBe("Missing columns: phone, email, street, city, state, zip");
  });
});

describe("npm run operator and npm run vendors:import", () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "skidsteer-cli-"));
  const cli = (script: string, args: string[], input = "") =>
    spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", script, ...args], {
      input,
      encoding: "utf8",
      env: { ...process.env, PGLITE_DATA_DIR: folder },
      timeout: 120_000,
    });
  // The site's database folder, as a copy of the run's migrated and seeded snapshot: the commands
  // open it as they would an operator's.
  beforeAll(() => restoreEmbedded(inject("databaseSnapshots").seeded, folder));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("adds, lists and removes an operator, reading the password from standard input", () => {
    const added = cli("scripts/operator.ts", ["add", "first@skidsteer.example"], "correct horse battery staple\n");
    expect(added.stdout).toContain("Operator first@skidsteer.example can now log in at /operator.");
    expect(added.stdout).not.toContain("correct horse");
    expect(cli("scripts/operator.ts", ["add", "short@skidsteer.example"], "short\n").stderr).toContain(
      "The password must be at least 12 characters",
    );
    expect(cli("scripts/operator.ts", ["list"]).stdout).toContain("first@skidsteer.example");
    expect(cli("scripts/operator.ts", ["remove", "first@skidsteer.example"]).stdout).toContain("Removed first@skidsteer.example.");
    expect(cli("scripts/operator.ts", ["list"]).stdout).toContain("No operators yet");
  }, 240_000);

  it("imports a file, prints each row, and a dry run says what it would do", () => {
    const file = path.join(folder, "vendors.csv");
    writeFileSync(
      file,
      "name,website,phone,email,street,city,state,zip\nShell Import Rentals,https://shell-import.example,(555) 010-3333,,3 Shell Road,Houston,TX,77002\n",
    );
    const dry = cli("scripts/vendors-import.ts", [file, "--dry-run"]);
    expect(dry.stdout).toContain("row 1: would create Shell Import Rentals");
    expect(dry.stdout).toContain("Dry run: 1 created, 0 updated, 0 unchanged, 0 rejected");
    expect(cli("scripts/vendors-import.ts", [file]).stdout).toContain("1 created, 0 updated, 0 unchanged, 0 rejected");
    expect(cli("scripts/vendors-import.ts", [file]).stdout).toContain("0 created, 0 updated, 1 unchanged, 0 rejected");
  }, 240_000);
});
