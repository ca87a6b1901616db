import type { Metadata } from "next";
import type { BreadcrumbList, WithContext } from "schema-dts";
import { shareImage, siteName, siteUrl } from "./site";

export interface PageMeta {
  title: string;
  description: string;
  path: string;
  image?: string;
}

export function absoluteUrl(path: string): string {
  return `${siteUrl()}${path.startsWith("/") ? path : `/${path}`}`;
}

/** Title, description, absolute lowercase canonical, Open Graph and Twitter card. */
export function pageMetadata({ title, description, path, image = shareImage }: PageMeta): Metadata {
  const canonical = absoluteUrl(path.toLowerCase());
  const images = [{ url: absoluteUrl(image), width: 1200, height: 630, alt: title }];
  return {
    title,
    description,
    alternates: { canonical },
    openGraph: { title, description, url: canonical, siteName, type: "website", images },
    twitter: { card: "summary_large_image", title, description, images: images.map((i) => i.url) },
  };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbJsonLd(crumbs: Crumb[]): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}
