export const siteName = "Skid Steer Rentals";

/**
 * The public address of the site, for canonical URLs, sitemaps and share cards; `env` (the
 * outbox's settings) may name another. The build inlines process.env.NEXT_PUBLIC_SITE_URL only
 * where it is written out so.
 */
export function siteUrl(env?: NodeJS.ProcessEnv): string {
  return (env?.NEXT_PUBLIC_SITE_URL ?? process.env.NEXT_PUBLIC_SITE_URL ?? "http://localhost:3000").replace(/\/+$/, "");
}

/**
 * A production build inlines NEXT_PUBLIC_SITE_URL into every canonical URL, sitemap
 * and JSON-LD block, so it must be set to an http(s) address; this says which and why.
 */
export function siteUrlProblem(value: string | undefined): string | null {
  const fix =
    "Set it to the site's public address (e.g. NEXT_PUBLIC_SITE_URL=https://skidsteer.example), " +
    "or to http://localhost:3000 for a build that only runs on this machine.";
  if (!value?.trim()) return `NEXT_PUBLIC_SITE_URL is not set: canonical URLs, sitemaps and JSON-LD would point at localhost. ${fix}`;
  try {
    if (/^https?:$/.test(new URL(value).protocol)) return null;
  } catch {
    // reported below
  }
  return `NEXT_PUBLIC_SITE_URL is not an http(s) address: ${JSON.stringify(value)}. ${fix}`;
}

export const shareImage = "/skidsteer_share.png";

export const socialLinks = [
  { name: "Facebook", href: "https://www.facebook.com/" },
  { name: "X", href: "https://x.com/" },
  { name: "Instagram", href: "https://www.instagram.com/" },
  { name: "TikTok", href: "https://www.tiktok.com/" },
] as const;

/** Article slugs the site links to from fixed places (Resources quick links). */
export const resourceArticles = [
  { slug: "mini-skid-steer-guide", label: "Mini Skid Steer Guide" },
  { slug: "bobcat-rental-guide", label: "Bobcat Rental Guide" },
  { slug: "safety-guidelines", label: "Safety Guidelines" },
  { slug: "rental-cost-guide", label: "Rental Cost Guide" },
  { slug: "insurance-requirements", label: "Insurance Requirements" },
  { slug: "pre-rental-checklist", label: "Pre-Rental Checklist" },
  { slug: "skid-steer-guide", label: "Skid Steer Guide" },
] as const;

/** Revalidation window for cached directory and model data: the spec's 5-minute stale time. */
export const STALE_SECONDS = 300;
