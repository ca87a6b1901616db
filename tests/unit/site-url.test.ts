import { PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from "next/constants";
import { afterEach, describe, expect, it, vi } from "vitest";
import config from "../../next.config";
import { siteUrlProblem } from "../../lib/site";

describe("a production build needs the site's public address", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("names the variable and the fix when it is missing or not an http(s) address", () => {
    expect(siteUrlProblem(undefined)).toMatch(/^NEXT_PUBLIC_SITE_URL is not set: .*localhost.*http:\/\/localhost:3000/);
    expect(siteUrlProblem("  ")).toMatch(/^NEXT_PUBLIC_SITE_URL is not set/);
    expect(siteUrlProblem("skidsteer.example")).toMatch(/^NEXT_PUBLIC_SITE_URL is not an http\(s\) address: "skidsteer.example"/);
    expect(siteUrlProblem("ftp://skidsteer.example")).toMatch(/not an http\(s\) address/);
    expect(siteUrlProblem("https://skidsteer.example")).toBeNull();
  });

  it("next.config refuses the build phase without it, and only the build phase", () => {
    vi.stubEnv("NEXT_PUBLIC_SITE_URL", "");
    expect(() => config(PHASE_PRODUCTION_BUILD)).toThrow(/NEXT_PUBLIC_SITE_URL is not set/);
    expect(config(PHASE_PRODUCTION_SERVER).poweredByHeader).toBe(false);
    vi.stubEnv("NEXT_PUBLIC_SITE_URL", "https://skidsteer.example");
    expect(config(PHASE_PRODUCTION_BUILD).poweredByHeader).toBe(false);
  });
});
