import type { MetadataRoute } from "next";
import { absoluteUrl } from "@/lib/seo";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/us/search", "/operator", "/business", "/requests"] }],
    sitemap: absoluteUrl("/sitemap.xml"),
  };
}
