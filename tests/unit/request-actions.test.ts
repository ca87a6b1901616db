import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { freshDb } from "./helpers/db";
import { book, jobSite, manageListing, quotePayload, renterBrowser, sendQuote, sendRequest, useDatabase } from "./helpers/factories";

// A feature's actions called as their forms call them, below the browser: the session and the
// browser's cookie are faked, everything after them (the action shape, the data module, the
// database) is the site's own.

const session = vi.hoisted(() => ({
  business: null as string | null,
  cookies: new Map<string, string>(),
  after: [] as Array<() => unknown>,
}));

vi.mock("@/lib/auth/business-session", async () => {
  const { redirect } = await import("next/navigation");
  return {
    currentBusiness: async () => session.business,
    requireBusiness: async () => session.business ?? redirect("/business"),
  };
});
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (session.cookies.has(name) ? { name, value: session.cookies.get(name) } : undefined) }),
  headers: async () => new Headers({ "x-forwarded-for": "203.0.113.7" }),
}));
vi.mock("next/server", () => ({ after: (task: () => unknown) => session.after.push(task) }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined, updateTag: () => undefined }));

const { bookQuoteAction, saveQuoteAction, withdrawRequestAction } = await import("@/lib/requests/actions");

let db: PGlite;
beforeAll(async () => {
  process.env.CLIENT_KEY_SECRET = "request-actions-test-secret-0123456789";
  db = await freshDb(true);
  useDatabase(db);
});
afterAll(() => db.close());
beforeEach(() => {
  session.business = null;
  session.cookies.clear();
  session.after.length = 0;
});

/** Where an action redirected to (Next's redirect() throws with the address in its digest). */
async function redirectOf(action: (form: FormData) => Promise<never>, fields: Record<string, string | number>): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  const thrown = await action(form).catch((error: unknown) => error);
  return String((thrown as { digest?: string }).digest ?? thrown).split(";")[2];
}

/** The form fields of a quote, as the dashboard's quote form posts them. */
const quoteFields = {
  machine_class: "track",
  available: "true",
  line_kind_0: "rental",
  line_label_0: "Day",
  line_quantity_0: "3",
  line_unit_0: "300",
  tax_percent: "",
  total_cents: "90000",
  valid_days: "3",
};

const quotes = (lead: number) =>
  db.query<{ vendor_id: number; status: string }>("select vendor_id, status from public.quotes where lead_id = $1", [lead]);

describe("a vendor's quote from the dashboard (saveQuoteAction)", () => {
  it("a manager of a listing that received the request sends it: saved, the renter's email queued, back with quote-sent", async () => {
    const request = await sendRequest({ email: "quinn@example.com" });
    const vendor = request.vendors[0];
    session.business = await manageListing(db, vendor);
    const back = await redirectOf(saveQuoteAction, { vendor_id: vendor, lead_id: request.id, ...quoteFields });
    expect(back).toBe(`/business?notice=quote-sent#lead-${vendor}-${request.id}`);
    expect((await quotes(request.id)).rows).toEqual([{ vendor_id: vendor, status: "open" }]);
    expect(session.after).toHaveLength(1);
    const queued = await db.query("select 1 from public.outbox_messages where lead_id = $1 and kind = 'quote'", [request.id]);
    expect(queued.rows).toHaveLength(1);
  });

  it("without a session it goes to the sign-in page, and nothing is saved", async () => {
    const request = await sendRequest();
    const back = await redirectOf(saveQuoteAction, { vendor_id: request.vendors[0], lead_id: request.id, ...quoteFields });
    expect(back).toBe("/business");
    expect((await quotes(request.id)).rows).toEqual([]);
  });

  it("a business quoting for a listing it does not manage is refused with a code, and nothing is saved", async () => {
    const request = await sendRequest();
    session.business = await manageListing(db, request.vendors[0], "someone-else@listings.example");
    const stranger = (
      await db.query<{ id: number }>("select id from public.vendors where id <> all($1) order by id limit 1", [request.vendors])
    ).rows[0].id;
    const back = await redirectOf(saveQuoteAction, { vendor_id: stranger, lead_id: request.id, ...quoteFields });
    expect(back).toMatch(/^\/business\?error=[a-z-]+#lead-/);
    expect((await quotes(request.id)).rows).toEqual([]);
  });
});

describe("the renter books from the status page (bookQuoteAction), and a booked request cannot be withdrawn", () => {
  it("from the browser that sent it: booked, back with the notice; withdrawing then is refused with request-booked", async () => {
    const request = await sendRequest();
    const vendor = request.vendors[0];
    const quote = await sendQuote(await manageListing(db, vendor), vendor, request.id);
    session.cookies.set("lead_owner", request.browser.token);
    expect(await redirectOf(bookQuoteAction, { id: request.id, quote: quote.id, ...jobSite })).toBe(
      `/requests/${request.id}?notice=booked#quotes`,
    );
    expect(await redirectOf(withdrawRequestAction, { id: request.id })).toBe(`/requests/${request.id}?error=request-booked`);
    const state = await db.query<{ state: string }>("select state from public.leads where id = $1", [request.id]);
    expect(state.rows[0].state).toBe("booked");
  });

  it("from another browser: refused like an unknown request, and nothing is booked", async () => {
    const request = await sendRequest();
    const vendor = request.vendors[0];
    const quote = await sendQuote(await manageListing(db, vendor), vendor, request.id);
    session.cookies.set("lead_owner", renterBrowser().token);
    expect(await redirectOf(bookQuoteAction, { id: request.id, quote: quote.id, ...jobSite })).toBe(
      `/requests/${request.id}?error=no-request#quotes`,
    );
    expect(await db.query("select 1 from public.bookings where lead_id = $1", [request.id]).then((r) => r.rows)).toEqual([]);
  });

  it("a quote booked through the data module books once: a second booking is refused", async () => {
    const request = await sendRequest();
    const [first, second] = request.vendors;
    const a = await sendQuote(await manageListing(db, first), first, request.id);
    const b = await sendQuote(await manageListing(db, second), second, request.id, quotePayload({ model: "CAT 259D3" }));
    await book(request, a.id);
    await expect(book(request, b.id)).rejects.toMatchObject({ refusal: "already-booked" });
  });
});
