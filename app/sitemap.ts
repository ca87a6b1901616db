import type { MetadataRoute } from "next";
import { rpc } from "@/lib/data/rpc";
import { absoluteUrl } from "@/lib/seo";

export const revalidate = 300;

const STATIC_PATHS = ["/us/skidsteers", "/us/skidsteers/compare", "/models", "/articles", "/about", "/contact", "/privacy", "/terms", "/submit"];

/** Every country, state, city, vendor, model, article and static URL. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const rows = await rpc<Array<{ path: string; updated_at: string | null }>>("sitemap_paths");
  return [
    ...rows.map((row) => ({ url: absoluteUrl(row.path), lastModified: row.updated_at ?? undefined })),
    ...STATIC_PATHS.map((path) => ({ url: absoluteUrl(path) })),
  ];
}
