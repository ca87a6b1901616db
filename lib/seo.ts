import type { Metadata } from "next";
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

interface Place {
  name: string;
  slug: string;
}

/** The breadcrumbs from Home down to a place of the directory: its country, then its state and city when given. */
export function placeCrumbs(country: Place, state?: Place, city?: Place): Crumb[] {
  const crumbs: Crumb[] = [
    { name: "Home", path: "/" },
    { name: country.name, path: `/${country.slug}` },
  ];
  if (state) crumbs.push({ name: state.name, path: `/${country.slug}/${state.slug}` });
  if (state && city) crumbs.push({ name: city.name, path: `/${country.slug}/${state.slug}/${city.slug}` });
  return crumbs;
}
