/**
 * The origins a page's own forms post from: the site's public address and any listed in
 * ALLOWED_ORIGINS (preview deployments, a second domain). Never what the request itself
 * claims in Host or X-Forwarded-Host.
 */
export function allowedOrigins(siteUrl: string, extra = process.env.ALLOWED_ORIGINS): Set<string> {
  const origins = new Set<string>();
  for (const address of [siteUrl, ...(extra ?? "").split(/[\s,]+/)]) {
    try {
      if (address) origins.add(new URL(address).origin);
    } catch {
      // not an address: allows nothing
    }
  }
  return origins;
}
