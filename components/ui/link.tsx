import NextLink from "next/link";
import type { ComponentProps } from "react";

/**
 * The site's link: Next's client-side navigation without prefetching by default. A page's
 * links in view (the footer's states, a city's vendors, breadcrumbs) would otherwise each
 * fetch their route's code and payload on a first visit, many times what the visit needs.
 * Pass `prefetch` where the next step is likely and light.
 */
export function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
