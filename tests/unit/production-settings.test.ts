import { describe, expect, it } from "vitest";
import { deploymentProblem } from "@/lib/platform/deployment";
import { productionSettings } from "@/lib/startup/production-settings";

const hosted = {
  NEXT_PUBLIC_SUPABASE_URL: "https://project.supabase.co",
  NEXT_PUBLIC_SUPABASE_ANON_KEY: "anon",
  SUPABASE_SERVICE_ROLE_KEY: "service",
};
const env = (values: Record<string, string>) => ({ NODE_ENV: "production", ...values }) as NodeJS.ProcessEnv;

describe("production settings at start", () => {
  it("warns about a mail sender at a bare IP address or localhost, naming MAIL_FROM", () => {
    for (const from of ["requests@127.0.0.1", "Skid Steer Rentals <requests@[::1]>", "x@localhost", "Sites <a@shop.localhost>"]) {
      expect(productionSettings(env({ MAIL_FROM: from })).warnings.join("\n"), from).toMatch(
        /^MAIL_FROM: vendor emails would be sent from/,
      );
    }
    expect(productionSettings(env({ MAIL_FROM: "Skid Steer Rentals <requests@skidsteer.example>" })).warnings).toEqual([]);
  });

  it("asks for what several instances need, and stops on an encryption key that cannot work", () => {
    const mail = { MAIL_FROM: "requests@skidsteer.example" };
    expect(productionSettings(env({ ...mail, ...hosted })).warnings).toEqual([expect.stringMatching(/^REDIS_URL is not set/)]);
    expect(productionSettings(env({ ...mail, ...hosted, REDIS_URL: "redis://cache:6379" })).warnings).toEqual([
      expect.stringMatching(/^NEXT_SERVER_ACTIONS_ENCRYPTION_KEY is not set/),
    ]);
    const key = Buffer.alloc(32, 7).toString("base64");
    expect(
      productionSettings(env({ ...mail, ...hosted, REDIS_URL: "redis://cache:6379", NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: key })),
    ).toEqual({ fatal: [], warnings: [] });
    expect(productionSettings(env({ ...mail, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: "not a key" })).fatal).toEqual([
      expect.stringMatching(/^NEXT_SERVER_ACTIONS_ENCRYPTION_KEY must be a base64 AES key/),
    ]);
    expect(productionSettings(env({ ...mail, ...hosted, VERCEL: "1" })).warnings).toEqual([
      expect.stringMatching(/^CRON_SECRET is not set/),
    ]);
  });

  it("warns when the backups' token is the reports' token, or missing beside it on the embedded database", () => {
    const mail = { MAIL_FROM: "requests@skidsteer.example" };
    expect(productionSettings(env({ ...mail, OPERATOR_TOKEN: "same", BACKUP_TOKEN: "same" })).warnings).toEqual([
      expect.stringMatching(/^BACKUP_TOKEN is the same as OPERATOR_TOKEN/),
    ]);
    expect(productionSettings(env({ ...mail, OPERATOR_TOKEN: "reports" })).warnings).toEqual([
      expect.stringMatching(/^BACKUP_TOKEN is not set: GET \/api\/operator\/backup is closed/),
    ]);
    expect(productionSettings(env({ ...mail, OPERATOR_TOKEN: "reports", BACKUP_TOKEN: "backups" })).warnings).toEqual([]);
  });

  it("stops a Vercel build without hosted Supabase, naming the variables", () => {
    expect(deploymentProblem(env({}))).toBeNull();
    expect(deploymentProblem(env({ VERCEL: "1", ...hosted }))).toBeNull();
    expect(deploymentProblem(env({ VERCEL: "1" }))).toMatch(
      /Set NEXT_PUBLIC_SUPABASE_URL, NEXT_PUBLIC_SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY in the project's/,
    );
    expect(deploymentProblem(env({ VERCEL: "1", NEXT_PUBLIC_SUPABASE_URL: "https://p.supabase.co" }))).toMatch(
      /Set NEXT_PUBLIC_SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY in/,
    );
  });
});
