import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { act, outcome, person, prepareVendors, type Database } from "./helpers/request-life";
import { startSmtpServer } from "./helpers/smtp";
import { drainOutbox } from "@/lib/outbox/drain";
import { asService, embeddedClient, freshDb, isoDay } from "./helpers/db";

// The request's state machine as the architecture doc draws it, and the findings it was made to end, each
// as the behaviour that now holds.

let pglite: PGlite;
let db: Database;
let vendors: Array<{ id: number; name: string; manager: string }>;

beforeAll(async () => {
  pglite = await freshDb(true);
  db = {
    service: (sql, params = []) => asService(pglite, sql, params),
    owner: async (sql, params = []) => (await pglite.query(sql, params)).rows as never,
  };
  vendors = await prepareVendors(db);
});

/** The architecture doc's state diagram, drawn from private.lead_transitions: one arrow per pair of states, its actions by who makes them. */
async function stateDiagram(): Promise<string> {
  const rows = await db.owner<{ from_state: string; to_state: string; actor: string; actions: string }>(
    `select from_state, to_state, actor, string_agg(action, ', ' order by action) as actions
     from private.lead_transitions group by 1, 2, 3 order by 1, 2, 3`,
  );
  const arrows = new Map<string, string[]>();
  for (const row of rows) {
    const key = `${row.from_state} --> ${row.to_state}`;
    arrows.set(key, [...(arrows.get(key) ?? []), `${row.actor}: ${row.actions}`]);
  }
  return [
    "stateDiagram-v2",
    "  [*] --> draft: renter opens the dialog",
    "  sent --> over: the rental's last day passes",
    "  booked --> over: the last day booked passes",
    "  confirmed --> over: the last day booked passes",
    "  on_the_way --> over: the last day booked passes",
    ...[...arrows].map(([key, labels]) => `  ${key}: ${labels.join("; ")}`),
    "  erased --> [*]",
  ].join("\n");
}

const quoteOf = (lines: Array<[number, number]>, extra: Record<string, unknown> = {}) => ({
  machine_class: "track",
  available: true,
  lines: lines.map(([quantity, unit_cents]) => ({ kind: "rental", label: "Day", quantity, unit_cents })),
  total_cents: lines.reduce((sum, [q, u]) => sum + Math.round(q * u), 0),
  ...extra,
});

async function sentRequest(email = true) {
  const who = person(email);
  const id = await act.draft(db, who);
  await act.send(db, id, who, isoDay(6), isoDay(8));
  return { id, who };
}

describe("a request's state machine", () => {
  it("the architecture doc's diagram is the transition table's", async () => {
    const doc = readFileSync("docs/architecture.md", "utf8");
    const drawn = /<!-- request-states -->\n```mermaid\n([\s\S]*?)\n```/.exec(doc)?.[1];
    expect(drawn).toBe(await stateDiagram());
  });

  it("a state moves only along the table, whatever statement tries", async () => {
    const { id } = await sentRequest();
    expect(await outcome(db.owner("update public.leads set state = 'booked' where id = $1", [id]))).toBe("request-state");
    expect(await outcome(db.owner("update public.leads set state = 'draft' where id = $1", [id]))).toBe("request-state");
  });
});

describe("the findings, as the behaviour that holds now", () => {
  it("erasure, deletion and retention succeed after a vendor revised its quote", async () => {
    for (const erase of ["operator", "renter", "retention"] as const) {
      const { id, who } = await sentRequest();
      const vendor = vendors[0];
      await act.quote(db, vendor.manager, vendor.id, id, quoteOf([[2, 25000]]));
      await act.quote(db, vendor.manager, vendor.id, id, quoteOf([[2, 24000]]));
      if (erase === "operator") expect(await outcome(act.erase(db, who))).toBe("done");
      if (erase === "renter") {
        await act.withdraw(db, id, who);
        expect(await outcome(act.delete(db, id, who))).toBe("done");
      }
      if (erase === "retention") {
        await db.owner("update public.leads set completed_at = now() - interval '25 months' where id = $1", [id]);
        await db.owner("update public.outbox_messages set status = 'sent', sent_at = now() - interval '40 days' where lead_id = $1", [id]);
        expect(await outcome(db.service("select public.retention_run(30, 24, 30, 1, 5000)"))).toBe("done");
      }
      const [row] = await db.owner<{ state: string; name: string }>("select state, name from public.leads where id = $1", [id]);
      expect({ erase, ...row }).toEqual({ erase, state: "erased", name: "" });
    }
  });

  it("a booked request cannot be withdrawn from a page opened before the booking: the booking is cancelled instead, and its vendor told", async () => {
    const { id, who } = await sentRequest();
    const vendor = vendors[0];
    const quote = await act.quote(db, vendor.manager, vendor.id, id, quoteOf([[2, 25000]]));
    await act.book(db, id, who, quote.id);
    expect(await outcome(act.withdraw(db, id, who))).toBe("request-booked");
    expect(await outcome(act.delete(db, id, who))).toBe("delete-too-early");
    await act.cancel(db, id, who, "The job moved");
    const told = await db.owner(
      "select 1 from public.outbox_messages where lead_id = $1 and vendor_id = $2 and kind = 'booking_cancelled'",
      [id, vendor.id],
    );
    expect(told).toHaveLength(1);
  });

  it("erasure is complete: no delivery error, cancellation reason or review email names the person, and the request books nothing more", async () => {
    const smtp = await startSmtpServer(0, { reject: (address) => address.endsWith("@life.example") });
    try {
      const { id, who } = await sentRequest();
      const [first, second] = vendors;
      const quote = await act.quote(db, first.manager, first.id, id, quoteOf([[2, 25000]]));
      const other = await act.quote(db, second.manager, second.id, id, quoteOf([[3, 20000]]));
      await act.book(db, id, who, quote.id);
      await act.cancel(db, id, who, `${who.name} found a machine`);
      await drainOutbox({ env: { SMTP_URL: smtp.url } as unknown as NodeJS.ProcessEnv, client: embeddedClient(pglite) });
      const bounced = await db.owner<{ error: string }>(
        "select a.error from public.outbox_attempts a join public.outbox_messages m on m.id = a.message_id where m.lead_id = $1 and a.error is not null",
        [id],
      );
      expect(bounced.some((row) => row.error.includes(who.email!))).toBe(true);
      await act.erase(db, who);
      const held = await db.owner<{ x: string }>(
        `select row_to_json(a)::text as x from public.outbox_attempts a join public.outbox_messages m on m.id = a.message_id where m.lead_id = $1
         union all select row_to_json(b)::text from public.bookings b where b.lead_id = $1
         union all select row_to_json(m)::text from public.outbox_messages m where m.lead_id = $1`,
        [id],
      );
      expect(held.filter((row) => [who.name, who.email!, who.phone].some((marker) => row.x.includes(marker)))).toEqual([]);
      expect(await outcome(act.book(db, id, who, other.id))).toBe("no-request");
      expect(await outcome(act.quote(db, first.manager, first.id, id, quoteOf([[1, 100]])))).toBe("no-request");
    } finally {
      await smtp.close();
    }
  });

  it("a booking keeps the quote's other dates, and its cancellation deadline is the first day booked", async () => {
    const { id, who } = await sentRequest();
    const vendor = vendors[0];
    const quote = await act.quote(
      db,
      vendor.manager,
      vendor.id,
      id,
      quoteOf([[2, 25000]], { available: false, alternate_start: isoDay(10), alternate_end: isoDay(12) }),
    );
    await act.book(db, id, who, quote.id);
    const [booking] = await db.owner<{ start_date: string; end_date: string }>(
      "select to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date from public.bookings where lead_id = $1",
      [id],
    );
    expect(booking).toEqual({ start_date: isoDay(10), end_date: isoDay(12) });
    // The requested start has come, the booked one has not: still cancellable.
    await db.owner("update public.leads set rental_start_date = current_date where id = $1", [id]);
    expect(await outcome(act.cancel(db, id, who, "Plans changed"))).toBe("done");
  });

  it("erasing a booked request cancels the booking by the days booked, and the vendor's email says so without naming anyone", async () => {
    const smtp = await startSmtpServer();
    try {
      const { id, who } = await sentRequest();
      const vendor = vendors[0];
      const quote = await act.quote(
        db,
        vendor.manager,
        vendor.id,
        id,
        quoteOf([[2, 25000]], { available: false, alternate_start: isoDay(20), alternate_end: isoDay(22) }),
      );
      await act.book(db, id, who, quote.id);
      // The days requested are over; the days booked are not.
      await db.owner("update public.leads set rental_start_date = current_date - 3, rental_end_date = current_date - 1 where id = $1", [
        id,
      ]);
      expect(await outcome(act.erase(db, who))).toBe("done");
      const [booking] = await db.owner<{ status: string }>("select status from public.bookings where lead_id = $1", [id]);
      expect(booking.status).toBe("cancelled");
      await drainOutbox({ env: { SMTP_URL: smtp.url } as unknown as NodeJS.ProcessEnv, client: embeddedClient(pglite) });
      const told = smtp.received.find((mail) => mail.subject?.startsWith(`Cancelled: rental request #${id},`));
      expect(told?.text).toContain("the renter asked us to erase their details");
      expect(told?.text).not.toMatch(/Name:|Phone:/);
    } finally {
      await smtp.close();
    }
  });

  it("a cancelled booking's request is not booked again: the renter is told to send a new request", async () => {
    const { id, who } = await sentRequest();
    const [first, second] = vendors;
    const quote = await act.quote(db, first.manager, first.id, id, quoteOf([[2, 25000]]));
    const other = await act.quote(db, second.manager, second.id, id, quoteOf([[2, 26000]]));
    await act.book(db, id, who, quote.id);
    await act.cancel(db, id, who, "Plans changed");
    expect(await outcome(act.book(db, id, who, other.id))).toBe("request-cancelled");
  });

  it("consent is stored only as the site words it, from a page of the site", async () => {
    const who = person(false);
    const id = await act.draft(db, who);
    const names = vendors.map((v) => v.name).join(", ");
    expect(await outcome(act.send(db, id, who, isoDay(6), isoDay(8), { text: `I do NOT agree to anything. ${names}` }))).toBe(
      "consent-changed",
    );
    for (const page of ["//evil.example/us", "/../../admin", "/%2F%2Fevil.example", "https://evil.example/"])
      expect(await outcome(act.send(db, id, who, isoDay(6), isoDay(8), { page }))).toBe("consent-page");
    expect(await outcome(act.send(db, id, who, isoDay(6), isoDay(8)))).toBe("done");
    const [consent] = await db.owner<{ text: string; page: string }>("select text, page from public.lead_consents where lead_id = $1", [
      id,
    ]);
    expect(consent.text).toMatch(/^By submitting, I agree that .+, .+ and Skid Steer Rentals may call or text me/);
    expect(consent.page).toBe("/us/texas/houston");
  });

  it("a quote's text with a control character, or other dates past a year, is refused with a code", async () => {
    const { id } = await sentRequest(false);
    const vendor = vendors[0];
    const refused = (extra: Record<string, unknown>) => outcome(act.quote(db, vendor.manager, vendor.id, id, quoteOf([[2, 25000]], extra)));
    expect(await refused({ message: "See you\u0007 soon" })).toBe("quote-invalid");
    expect(await refused({ message: "See you\u0085 soon" })).toBe("quote-invalid");
    expect(await refused({ available: false, alternate_start: isoDay(300), alternate_end: isoDay(400) })).toBe("quote-dates");
  });
});
