import { createHash } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { businessActionSchema, businessSchema, formatPhone } from "../../lib/submissions/schema";
import { freshDb } from "./helpers/db";

const valid = {
  name: "Smith & Sons",
  website: "smithandsons.com",
  phone: "(555) 123-4567",
  address: "12 Main Street",
  state: "texas",
  city: "houston",
  zipcode: "77002",
};

const messageFor = (values: Record<string, unknown>, field: string) => {
  const result = businessSchema.safeParse(values);
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === field)?.message;
};

describe("business form schema", () => {
  it("accepts a complete form", () => {
    expect(businessSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ["name", "A", "Business name must be at least 2 characters"],
    ["website", "a.b", "Website URL is too short"],
    ["website", "not a website", "Please enter a valid website URL (e.g. example.com)"],
    ["phone", "555-1234", "Please enter a valid phone number"],
    ["address", "1 A", "Please enter a valid address"],
    ["state", "", "Please select a state"],
    ["city", "", "Please select a city"],
    ["zipcode", "123", "Please enter a valid ZIP code"],
    ["zipcode", "<script>", "Please enter a valid ZIP code"],
    ["zipcode", "77002-12", "Please enter a valid ZIP code"],
  ])("%s = %j says %s", (field, value, message) => {
    expect(messageFor({ ...valid, [field]: value }, field)).toBe(message);
  });

  it("the action refuses fields it does not expect", () => {
    expect(businessActionSchema.safeParse({ ...valid, admin: true }).success).toBe(false);
    expect(businessActionSchema.safeParse({ ...valid, company_fax: "" }).success).toBe(true);
  });
});

describe("phone formatting", () => {
  it.each([
    ["5551234567", "(555) 123-4567"],
    ["555.123.4567", "(555) 123-4567"],
    ["555123456", "555123456"],
    ["15551234567", "15551234567"],
    ["", ""],
  ])("%j shows as %j", (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown);
  });
});

describe("name_for_emails and cid", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await freshDb(false);
  });

  it.each([
    ["Smith & Sons, Inc.", "Smith and Sons Inc"],
    ["  A&B   Rentals!!  ", "A and B Rentals"],
    ["Bob's Bobcat — Rentals", "Bobs Bobcat Rentals"],
    ["Plain Name", "Plain Name"],
  ])("%j becomes %j", async (name, expected) => {
    const { rows } = await db.query<{ v: string }>("select public.name_for_emails($1) as v", [name]);
    expect(rows[0].v).toBe(expected);
  });

  it.each(["smithandsons.com", "https://www.example.com/rentals"])("cid of %j is SUB + SHA-256 hex", async (site) => {
    const { rows } = await db.query<{ v: string }>("select public.submission_cid($1) as v", [site]);
    expect(rows[0].v).toBe(`SUB${createHash("sha256").update(site).digest("hex")}`);
  });
});
