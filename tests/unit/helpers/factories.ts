import { randomBytes } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import type { SupabaseClient } from "@supabase/supabase-js";
import { newToken } from "@/lib/auth/token";
import { managerRole } from "@/lib/listings/manage";
import { consentText } from "@/lib/requests/consent";
import { bookQuote, completeRequest, createRequest, routeRates, saveQuote } from "@/lib/requests/data";
import type { JobSite } from "@/lib/requests/rental";
import type { QuotePayload } from "@/lib/quotes/form";
import { embeddedClient, isoDay } from "./db";

/**
 * Test data made the way the site makes it: each factory calls the feature's own data module
 * (lib/<domain>/data.ts), whose calls this file points at the test's embedded database, as the
 * server's clients would reach it. What a test needs and does not care about is filled in.
 */

const clients = globalThis as typeof globalThis & { __supabase?: SupabaseClient; __serviceSupabase?: SupabaseClient };

/** Points the data modules' calls (anon and service role) at this database. */
export function useDatabase(db: PGlite): void {
  clients.__supabase = embeddedClient(db, "anon");
  clients.__serviceSupabase = embeddedClient(db, "service_role");
}

/** A browser's owner token and client key, fresh on every call. */
export function renterBrowser() {
  return { token: newToken(), clientKey: randomBytes(16).toString("hex") };
}

export interface RequestSpec {
  machine?: "wheeled" | "tracked";
  /** Days from today. */
  start?: number;
  days?: number;
  name?: string;
  phone?: string;
  zip?: string;
  widen?: boolean;
  email?: string | null;
  /** The listing whose page the request was sent from. */
  vendorId?: number | null;
  browser?: { token: string; clientKey: string };
}

/**
 * A rental request sent through the rental dialog's calls: the draft, the vendors it is routed to
 * (whose names the consent sentence gives), and its completion. Its id, its browser, and its
 * recipients in routing order.
 */
export async function sendRequest(spec: RequestSpec = {}) {
  const browser = spec.browser ?? renterBrowser();
  const zip = spec.zip ?? "77002";
  const widen = spec.widen ?? false;
  const start = isoDay(spec.start ?? 6);
  const end = isoDay((spec.start ?? 6) + (spec.days ?? 3) - 1);
  const vendorId = spec.vendorId ?? null;
  const leadId = await createRequest(browser.token, browser.clientKey, vendorId);
  const routed = await routeRates(zip, vendorId, widen);
  await completeRequest(
    {
      leadId,
      skid_steer_type: spec.machine ?? "tracked",
      rental_start_date: start,
      rental_end_date: end,
      name: spec.name ?? "Quinn Renter",
      phone: spec.phone ?? "5551230000",
      job_zip: zip,
      email: spec.email ?? undefined,
      widen,
      consent: { text: consentText(routed.map((vendor) => vendor.name)), page: "/test" },
    },
    browser.token,
    false,
    browser.clientKey,
  );
  return { id: leadId, browser, vendors: routed.map((vendor) => vendor.id), start, end };
}

/** Makes `email` a manager of the listing (its owner unless said), as an approved claim does. */
export async function manageListing(db: PGlite, vendorId: number, email = `desk-${vendorId}@listings.example`, role = "owner") {
  await db.query(
    "insert into public.vendor_managers (vendor_id, email, role, added_by) values ($1, $2, $3, 'test') on conflict do nothing",
    [vendorId, email, managerRole.parse(role)],
  );
  return email;
}

/** Three days at $300 and delivery both ways at $95, 8.25% sales tax: $1,179.93 in all. */
export const quotePayload = (overrides: Partial<Record<keyof QuotePayload, unknown>> = {}) =>
  ({
    machine_class: "track",
    model: "Bobcat T66",
    available: true,
    lines: [
      { kind: "rental", label: "Day", quantity: 3, unit_cents: 30000 },
      { kind: "delivery", label: "Delivery and pickup", quantity: 2, unit_cents: 9500 },
    ],
    included_hours: 24,
    over_hour_cents: 4500,
    fuel_policy: "full_to_full",
    tax_percent: 8.25,
    total_cents: 117993,
    message: "Ready on the day; we call before delivery.",
    ...overrides,
  }) as QuotePayload;

/** A quote from a listing's manager for a request it received, through the business's data call. */
export const sendQuote = (manager: string, vendorId: number, requestId: number, overrides = {}) =>
  saveQuote(manager, vendorId, requestId, quotePayload(overrides));

/** The renter books a quote of its own request from the browser that sent it. */
export const book = (request: { id: number; browser: { token: string } }, quoteId: number, site: Partial<JobSite> = {}) =>
  bookQuote(request.id, quoteId, { ...jobSite, ...site }, { ownerToken: request.browser.token, linkHash: null });

/** The job site's details a booking gives. */
export const jobSite: JobSite = {
  site_address: "100 Job Site Road",
  access_notes: "Gate code 4321; drop it by the north fence.",
  site_contact: "Site Contact",
  site_phone: "555-201-0100",
  window_preference: "morning",
};
