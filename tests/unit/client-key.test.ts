import { createHash, createHmac } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLIENT_KEY_SECRET_FILE, clientKeySecretProblem, keyedClientAddress, resolveClientKeySecret } from "@/lib/platform/client-key";
import { productionSettings } from "@/lib/startup/production-settings";

const dir = mkdtempSync(path.join(os.tmpdir(), "skidsteer-client-key-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hosted = {
  NEXT_PUBLIC_SUPABASE_URL: "https://project.supabase.co",
  NEXT_PUBLIC_SUPABASE_ANON_KEY: "anon",
  SUPABASE_SERVICE_ROLE_KEY: "service-role-key-of-the-project",
};
const env = (values: Record<string, string>) => ({ NODE_ENV: "production", ...values }) as NodeJS.ProcessEnv;
const noFolder = () => {
  throw new Error("the data folder is not read here");
};

describe("the stored key of a client address", () => {
  const address = "203.0.113.7";
  const secret = Buffer.from("one deployment's secret, 32 bytes");

  it("is an HMAC-SHA256 of the address under the secret, 32 lowercase hex characters, not the old plain hash", () => {
    const key = keyedClientAddress(address, secret);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(key).toBe(createHmac("sha256", secret).update(`client:${address}`).digest("hex").slice(0, 32));
    // The former key, which anyone could rebuild for every IPv4 address.
    expect(key).not.toBe(createHash("sha256").update(`client:${address}`).digest("hex").slice(0, 32));
  });

  it("depends on the secret: the same secret gives the same key, another secret another key", () => {
    expect(keyedClientAddress(address, Buffer.from(secret))).toBe(keyedClientAddress(address, secret));
    expect(keyedClientAddress(address, Buffer.from("another deployment's secret"))).not.toBe(keyedClientAddress(address, secret));
    expect(keyedClientAddress("203.0.113.8", secret)).not.toBe(keyedClientAddress(address, secret));
  });
});

describe("where the secret comes from", () => {
  it("CLIENT_KEY_SECRET first, on any database", () => {
    for (const backend of [{}, hosted]) {
      const resolved = resolveClientKeySecret(env({ ...backend, CLIENT_KEY_SECRET: "  a secret of our own, long enough  " }), noFolder);
      expect(resolved).toEqual({ key: Buffer.from("a secret of our own, long enough"), source: "CLIENT_KEY_SECRET" });
    }
  });

  it("on a hosted database without it, a key derived from the service role key, the same for every instance", () => {
    const a = resolveClientKeySecret(env(hosted), noFolder);
    expect(a.source).toBe("SUPABASE_SERVICE_ROLE_KEY");
    expect(a.key).toEqual(resolveClientKeySecret(env(hosted), noFolder).key);
    expect(a.key).not.toEqual(Buffer.from(hosted.SUPABASE_SERVICE_ROLE_KEY));
    expect(a.key).not.toEqual(resolveClientKeySecret(env({ ...hosted, SUPABASE_SERVICE_ROLE_KEY: "another project's key" }), noFolder).key);
  });

  it("on the embedded database, 32 random bytes made once in its folder and read back after", () => {
    const folder = path.join(dir, "pglite");
    const first = resolveClientKeySecret(env({}), () => folder);
    expect(first.source).toBe("data folder");
    expect(first.key).toHaveLength(32);
    const file = path.join(folder, CLIENT_KEY_SECRET_FILE);
    expect(readFileSync(file, "utf8")).toBe(`${first.key.toString("hex")}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveClientKeySecret(env({}), () => folder).key).toEqual(first.key);
    // Another folder, another database: another secret.
    expect(resolveClientKeySecret(env({}), () => path.join(dir, "other")).key).not.toEqual(first.key);

    writeFileSync(path.join(dir, "other", CLIENT_KEY_SECRET_FILE), "");
    expect(() => resolveClientKeySecret(env({}), () => path.join(dir, "other"))).toThrow(/does not hold 64 hex characters/);
  });

  it("a production start stops on a hosted database with no secret at all, and on a short CLIENT_KEY_SECRET", () => {
    const hostedWithoutServiceKey = { ...hosted, SUPABASE_SERVICE_ROLE_KEY: " " };
    expect(clientKeySecretProblem(env(hostedWithoutServiceKey))).toMatch(/^CLIENT_KEY_SECRET is not set, nor SUPABASE_SERVICE_ROLE_KEY/);
    expect(productionSettings(env(hostedWithoutServiceKey)).fatal).toEqual([
      expect.stringMatching(/^CLIENT_KEY_SECRET is not set, nor SUPABASE_SERVICE_ROLE_KEY/),
    ]);
    expect(productionSettings(env({ CLIENT_KEY_SECRET: "short" })).fatal).toEqual([
      expect.stringMatching(/^CLIENT_KEY_SECRET must be at least 16 characters/),
    ]);
    expect(clientKeySecretProblem(env({ ...hostedWithoutServiceKey, CLIENT_KEY_SECRET: "a secret of our own, long enough" }))).toBeNull();
    expect(clientKeySecretProblem(env(hosted))).toBeNull();
    expect(clientKeySecretProblem(env({}))).toBeNull();
  });
});
