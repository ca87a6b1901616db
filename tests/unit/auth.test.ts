import { describe, expect, it } from "vitest";
import { createGate, GateFull } from "@/lib/auth/gate";
import { throttleKeys } from "@/lib/auth/throttle";
import { bearerMatches, hashToken, isToken, newToken, secretsMatch } from "@/lib/auth/token";

describe("tokens", () => {
  it("are 32 random bytes in base64url, stored only as their SHA-256, and one shape check refuses anything else", () => {
    const [a, b] = [newToken(), newToken()];
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).not.toBe(hashToken(b));
    expect(isToken(a)).toBe(true);
    for (const bad of [undefined, "", `${a}=`, a.slice(1), `${a.slice(1)}!`, 42]) expect(isToken(bad)).toBe(false);
  });

  it("a bearer secret matches only itself, and an unset secret matches nothing", () => {
    const request = (value?: string) => new Request("http://site.example/api", { headers: value ? { authorization: value } : {} });
    expect(bearerMatches(request("Bearer s3cret"), "s3cret")).toBe(true);
    expect(bearerMatches(request("Bearer s3cret2"), "s3cret")).toBe(false);
    expect(bearerMatches(request("Basic s3cret"), "s3cret")).toBe(false);
    expect(bearerMatches(request(), "s3cret")).toBe(false);
    expect(bearerMatches(request("Bearer "), "")).toBe(false);
    expect(bearerMatches(request("Bearer undefined"), undefined)).toBe(false);
    expect(secretsMatch("a", "a")).toBe(true);
    expect(secretsMatch("a", "ab")).toBe(false);
  });
});

describe("sign-in throttle keys", () => {
  it("key the pair on the address and the email as typed in any case, never on whether it is an account", () => {
    const owner = throttleKeys("operator", "Ops@Site.example", "198.51.100.7");
    expect(throttleKeys("operator", " ops@site.example", "198.51.100.7")).toEqual(owner);
    const attacker = throttleKeys("operator", "ops@site.example", "203.0.113.66");
    expect(attacker.pair).not.toBe(owner.pair);
    expect(attacker.address).not.toBe(owner.address);
    expect(throttleKeys("business", "ops@site.example", "198.51.100.7").pair).not.toBe(owner.pair);
  });
});

describe("the gate in front of password checks", () => {
  it("of 60 concurrent logins runs 4 at a time, queues 12 and refuses the other 44 at once", async () => {
    const run = createGate(4, 12);
    let active = 0;
    let most = 0;
    const release: Array<() => void> = [];
    const work = () =>
      new Promise<void>((resolve) => {
        active++;
        most = Math.max(most, active);
        release.push(() => {
          active--;
          resolve();
        });
      });
    const outcomes = Array.from({ length: 60 }, () =>
      run(work).then(
        () => "ran",
        (error) => (error instanceof GateFull ? "refused" : "error"),
      ),
    );
    for (let round = 0; round < 10; round++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      release.splice(0).forEach((done) => done());
    }
    const results = await Promise.all(outcomes);
    expect(results.filter((r) => r === "ran")).toHaveLength(16);
    expect(results.filter((r) => r === "refused")).toHaveLength(44);
    expect(most).toBe(4);
  });
});
