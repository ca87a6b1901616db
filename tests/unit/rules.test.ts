import { addDays, addYears, startOfDay } from "date-fns";
import { describe, expect, it } from "vitest";
import { paragraphs, quickLinkStates, sortCitiesByVendorCount, topStates, uniqueVendors, visibleCount } from "@/lib/listings/ordering";
import type { StateWithVendors, VendorCard } from "@/lib/listings/types";
import { isEndDayDisabled, isStartDayDisabled } from "@/lib/requests/dates";
import { requestCompletionSchema, rentalFormSchema } from "@/lib/requests/schema";

const state = (name: string, vendor_count: number, featured?: boolean | null): StateWithVendors => ({
  state_id: vendor_count,
  state_name: name,
  state_slug: name.toLowerCase(),
  vendor_count,
  featured,
});

describe("quick-link ordering", () => {
  it("puts featured true first, then unset, then false, then by vendor count", () => {
    const states = [
      state("A", 50, false),
      state("B", 10, true),
      state("C", 40),
      state("D", 30, null),
      state("E", 5, true),
      state("F", 60, false),
    ];
    const { featured, more } = quickLinkStates(states);
    expect(featured.map((s) => s.state_name)).toEqual(["B", "E", "C", "D", "F"]);
    expect(more.map((s) => s.state_name)).toEqual(["A"]);
  });

  it("More States holds items 5 to 50", () => {
    const states = Array.from({ length: 60 }, (_, i) => state(`S${i}`, 100 - i));
    const { featured, more } = quickLinkStates(states);
    expect(featured).toHaveLength(5);
    expect(more).toHaveLength(45);
    expect(more[0].state_name).toBe("S5");
  });

  it("top states and cities sort by vendor count, most first", () => {
    expect(topStates([state("A", 1), state("B", 3), state("C", 2), state("D", 9)], 3).map((s) => s.state_name)).toEqual(["D", "B", "C"]);
    const cities = sortCitiesByVendorCount([
      { city_id: 1, city_name: "X", city_slug: "x", vendor_count: 2, state_slug: "s" },
      { city_id: 2, city_name: "Y", city_slug: "y", vendor_count: 7, state_slug: "s" },
    ]);
    expect(cities[0].city_name).toBe("Y");
  });
});

describe("paging", () => {
  it("shows 12 cities then 12 more per click", () => {
    expect(visibleCount(12, 12, 0, 30)).toBe(12);
    expect(visibleCount(12, 12, 1, 30)).toBe(24);
    expect(visibleCount(12, 12, 2, 30)).toBe(30);
  });
  it("shows 4 More States then 5 more per click", () => {
    expect(visibleCount(4, 5, 0, 45)).toBe(4);
    expect(visibleCount(4, 5, 1, 45)).toBe(9);
  });
});

describe("vendors and descriptions", () => {
  it("de-duplicates vendors by id, keeping the first", () => {
    const v = (id: number, name: string) => ({ id, name }) as VendorCard;
    expect(uniqueVendors([v(1, "a"), v(2, "b"), v(1, "c")]).map((x) => x.name)).toEqual(["a", "b"]);
  });
  it("splits a description into paragraphs on blank lines", () => {
    expect(paragraphs("One.\n\nTwo\nstill two.\n \nThree.")).toEqual(["One.", "Two\nstill two.", "Three."]);
    expect(paragraphs(null)).toEqual([]);
  });
});

describe("rental dates", () => {
  const today = new Date(2026, 10, 22, 15, 30);
  it("start: before today and later than one year are disabled; today and today+1 year are allowed", () => {
    expect(isStartDayDisabled(addDays(today, -1), today)).toBe(true);
    expect(isStartDayDisabled(today, today)).toBe(false);
    expect(isStartDayDisabled(addYears(startOfDay(today), 1), today)).toBe(false);
    expect(isStartDayDisabled(addDays(addYears(today, 1), 1), today)).toBe(true);
  });
  it("end: on or before the start is disabled; the day after is allowed", () => {
    const start = addDays(today, 3);
    expect(isEndDayDisabled(start, start, today)).toBe(true);
    expect(isEndDayDisabled(addDays(start, -1), start, today)).toBe(true);
    expect(isEndDayDisabled(addDays(start, 1), start, today)).toBe(false);
    expect(isEndDayDisabled(addDays(addYears(today, 1), 1), start, today)).toBe(true);
  });
});

describe("rental form schema", () => {
  const valid = { skid_steer_type: "wheeled", rental_start_date: new Date(), rental_end_date: new Date(), name: "Jo", phone: "5551234567" };
  it("gives the spec's messages", () => {
    const result = rentalFormSchema.safeParse({ ...valid, name: "J", phone: "555" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toContain("Name must be at least 2 characters");
    expect(messages).toContain("Please enter a valid phone number");
  });
  it("the server schema refuses extra fields, wrong types, end not after start and a missing consent", () => {
    const base = {
      leadId: 1,
      skid_steer_type: "tracked",
      rental_start_date: "2026-12-01",
      rental_end_date: "2026-12-03",
      name: "Jo",
      phone: "5551234567",
      job_zip: "77002",
      widen: false,
      consent: { text: "I agree that Acme Rentals may call me", page: "/about" },
    };
    expect(requestCompletionSchema.safeParse(base).success).toBe(true);
    expect(requestCompletionSchema.safeParse({ ...base, consent: undefined }).success).toBe(false);
    expect(requestCompletionSchema.safeParse({ ...base, job_zip: "7700" }).success).toBe(false);
    expect(requestCompletionSchema.safeParse({ ...base, job_zip: undefined }).success).toBe(false);
    expect(requestCompletionSchema.safeParse({ ...base, admin: true }).success).toBe(false);
    expect(requestCompletionSchema.safeParse({ ...base, leadId: "1" }).success).toBe(false);
    expect(requestCompletionSchema.safeParse({ ...base, rental_end_date: "2026-12-01" }).success).toBe(false);
  });
});
