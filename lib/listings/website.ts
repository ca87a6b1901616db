/**
 * A listing's website as a link target: only an absolute http(s) URL with a host and
 * nothing else (no path, query, port or credentials), as the database stores websites
 * (normalize_website). Anything else is not linked, so no stored text can become a
 * relative link into this site.
 */
export function websiteHref(site: string | null | undefined): string | null {
  if (!site) return null;
  let url: URL;
  try {
    url = new URL(site);
  } catch {
    return null;
  }
  const bare =
    (url.protocol === "https:" || url.protocol === "http:") &&
    !url.username &&
    !url.password &&
    !url.port &&
    url.pathname === "/" &&
    !url.search &&
    !url.hash &&
    url.hostname.includes(".");
  return bare && `${url.protocol}//${url.hostname}` === site ? site : null;
}

/** Listing websites are supplied by the businesses themselves: never endorsed, never given our referrer. */
export const WEBSITE_REL = "nofollow ugc noopener";
