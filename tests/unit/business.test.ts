import type { PGlite } from "@electric-sql/pglite";
import { beforeAll, describe, expect, it } from "vitest";
import { hashToken, newToken } from "@/lib/auth/token";
import { asAnon, asService, freshDb } from "./helpers/db";

let db: PGlite;
beforeAll(async () => {
  db = await freshDb(true);
});

const one = async <T>(sql: string, params: unknown[] = []) => (await asService<T>(db, sql, params))[0];
const inspect = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;

/** A seeded listing with a website and an email on file (the tests claim them in turn). */
async function listing(offset: number) {
  const [v] = await inspect<{ id: number; email: string; website_key: string; name: string }>(
    "select id, email, website_key, name from public.vendors where email is not null and site is not null order by id offset $1 limit 1", [offset]);
  return v;
}

const claim = (vendor: number, email: string, token: string, client = "claimant-client-1") =>
  one<{ r: string }>("select public.business_claim_start($1, $2, 'Pat Owner', '', '', $3, $4) as r", [vendor, email, client, hashToken(token)]).then((x) => x.r);
const use = (token: string, purpose: string) =>
  one<{ r: { email: string; outcome: string } }>("select public.business_link_use($1, $2) as r", [hashToken(token), purpose]).then((x) => x.r);

describe("claiming a listing", () => {
  it("the listing's own email, or an address at its website's domain, gets a link; any other goes to the operator", async () => {
    const v = await listing(0);
    expect(await claim(v.id, v.email.toUpperCase(), newToken())).toBe("link");
    expect(await claim(v.id, `someone@www.${v.website_key}`.replace("www.www.", "www."), newToken())).toBe("queued");
    expect(await claim(v.id, `someone@${v.website_key}`, newToken())).toBe("link");
    expect(await claim(v.id, "stranger@elsewhere.example", newToken())).toBe("queued");
    const queued = await inspect<{ email: string }>("select email from public.vendor_claims where vendor_id = $1 order by id", [v.id]);
    expect(queued.map((row) => row.email)).toContain("stranger@elsewhere.example");
    const links = await inspect<{ token_hash: string }>("select token_hash from public.auth_links where vendor_id = $1", [v.id]);
    expect(links.every((link) => /^[0-9a-f]{64}$/.test(link.token_hash))).toBe(true);
  });

  it("a claim link makes its address the owner once; used, altered, other-purpose and expired links are refused alike", async () => {
    const v = await listing(1);
    const [first, second, late] = [newToken(), newToken(), newToken()];
    for (const token of [first, second, late]) expect(await claim(v.id, v.email, token, "claimant-client-2")).toBe("link");
    expect(await use(first, "claim")).toEqual({ email: v.email, vendor_id: v.id, outcome: "owner" });
    const refused = "This link is invalid or has expired.";
    await expect(use(first, "claim")).rejects.toThrow(refused);
    await expect(use(`${second.slice(0, -1)}${second.endsWith("A") ? "B" : "A"}`, "claim")).rejects.toThrow(refused);
    await expect(use(second, "sign_in")).rejects.toThrow(refused);
    await db.query("update public.auth_links set expires_at = now() - interval '1 second' where token_hash = $1", [hashToken(late)]);
    await expect(use(late, "claim")).rejects.toThrow(refused);
    // A second valid link after the listing is owned goes to the operator.
    expect(await use(second, "claim")).toMatchObject({ outcome: "queued" });
    const [owner] = await inspect<{ email: string; role: string }>("select email, role from public.vendor_managers where vendor_id = $1", [v.id]);
    expect(owner).toEqual({ email: v.email, role: "owner" });
    const [card] = await asAnon<{ c: { claimed: boolean } }>(db, "select public.vendor_card(v) as c from public.vendors v where v.id = $1", [v.id]);
    expect(card.c.claimed).toBe(true);
    // Once claimed, even the listing's own address goes to the operator.
    expect(await claim(v.id, v.email, newToken(), "claimant-client-2")).toBe("queued");
  });

  it("claims are limited per client and per listing", async () => {
    const v = await listing(2);
    for (let i = 0; i < 5; i++) await claim(v.id, `stranger${i}@elsewhere.example`, newToken(), "flooding-claimant");
    await expect(claim(v.id, "stranger9@elsewhere.example", newToken(), "flooding-claimant")).rejects.toThrow("Too many claims from your connection today");
    for (let i = 0; i < 5; i++) await claim(v.id, `other${i}@elsewhere.example`, newToken(), `claimant-client-x${i}`);
    await expect(claim(v.id, "late@elsewhere.example", newToken(), "claimant-client-late")).rejects.toThrow("This listing has had too many claims today");
  });
});

describe("a business signed in", () => {
  it("gets a sign-in link only for an address that manages a listing, and edits only its own listings", async () => {
    const v = await listing(1);
    const signIn = (email: string, token: string) =>
      one<{ r: boolean }>("select public.business_sign_in_start($1, 'sign-in-client-1', $2) as r", [email, hashToken(token)]).then((x) => x.r);
    const token = newToken();
    expect(await signIn(v.email, token)).toBe(true);
    expect(await signIn("nobody@elsewhere.example", newToken())).toBe(false);
    expect(await use(token, "sign_in")).toEqual({ email: v.email, outcome: "signed_in" });

    await one("select public.business_update_vendor($1, $2, $3)", [v.email, v.id, { phone: "(555) 010-4242", name: "Renamed By Business" }]);
    const [after] = await inspect<{ phone: string; name: string }>("select phone, name from public.vendors where id = $1", [v.id]);
    expect(after).toEqual({ phone: "(555) 010-4242", name: v.name });
    const [audit] = await inspect<{ operator_email: string; details: Record<string, unknown> }>(
      "select operator_email, details from public.operator_audit where action = 'edit' and subject = $1 order by id desc limit 1", [`vendor ${v.id}`]);
    expect(audit).toMatchObject({ operator_email: `business ${v.email}`, details: { phone: { to: "(555) 010-4242" } } });

    const other = await listing(3);
    await expect(one("select public.business_update_vendor($1, $2, $3)", [v.email, other.id, { phone: "(555) 010-0000" }])).rejects.toThrow("No such listing");
    const [untouched] = await inspect<{ phone: string }>("select phone from public.vendors where id = $1", [other.id]);
    expect(untouched.phone).not.toBe("(555) 010-0000");
  });

  it("adds and removes colleagues; the owner stays; the operator can revoke anyone", async () => {
    const v = await listing(1);
    const set = (colleague: string, add: boolean, as = v.email) => one("select public.business_set_colleague($1, $2, $3, $4)", [as, v.id, colleague, add]);
    await set("Colleague@Elsewhere.example", true);
    await expect(set(v.email, false, "colleague@elsewhere.example")).rejects.toThrow("The owner cannot be removed");
    await set("colleague@elsewhere.example", false);
    await set("colleague@elsewhere.example", true);
    await one("select public.operator_revoke_manager($1, 'colleague@elsewhere.example', 'ops')", [v.id]);
    const people = await inspect<{ email: string }>("select email from public.vendor_managers where vendor_id = $1", [v.id]);
    expect(people.map((p) => p.email)).toEqual([v.email]);
  });
});

describe("the operator's claims queue", () => {
  it("approving a queued claim makes the claimant the owner of an unclaimed listing; rejecting needs a reason", async () => {
    const v = await listing(4);
    expect(await claim(v.id, "manager@elsewhere.example", newToken(), "claimant-client-4")).toBe("queued");
    expect(await claim(v.id, "imposter@elsewhere.example", newToken(), "claimant-client-4")).toBe("queued");
    const page = await one<{ p: { rows: Array<{ id: number; email: string }> } }>("select public.operator_claim_page('new', 50, 0) as p");
    const genuine = page.p.rows.find((row) => row.email === "manager@elsewhere.example")!;
    const imposter = page.p.rows.find((row) => row.email === "imposter@elsewhere.example")!;
    await expect(one("select public.operator_review_claim($1, false, '', 'ops')", [imposter.id])).rejects.toThrow("Please give a reason for the rejection");
    await one("select public.operator_review_claim($1, false, 'Not the business', 'ops')", [imposter.id]);
    await one("select public.operator_review_claim($1, true, '', 'ops')", [genuine.id]);
    await expect(one("select public.operator_review_claim($1, true, '', 'ops')", [genuine.id])).rejects.toThrow("No new claim with this id");
    const people = await inspect<{ email: string; role: string }>("select email, role from public.vendor_managers where vendor_id = $1", [v.id]);
    expect(people).toEqual([{ email: "manager@elsewhere.example", role: "owner" }]);
  });
});
