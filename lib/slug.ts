/** URL slug: lowercase ASCII words joined by hyphens. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Whether a URL segment could be one of our slugs; anything else is unknown without asking the database. */
export function isSlug(segment: string): boolean {
  return segment.length <= 200 && /^[a-z0-9]+(?:[-.][a-z0-9]+)*$/.test(segment);
}
